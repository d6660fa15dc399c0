import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import type { UnitOfWork } from '../../platform/transaction.ts';
import { createIdempotency, IDEMPOTENCY_KEY_TTL_MS } from '../../platform/idempotency.ts';
import { createIdempotencyRepository } from '../../platform/idempotency.repository.ts';
import type { AddressScreeningProvider } from '../../providers/address-screening/address-screening.ts';
import type { CardProcessorProvider } from '../../providers/card-processor/card-processor.ts';
import type { ChainProvider } from '../../providers/chain/chain.ts';
import type { MailProvider } from '../../providers/mail/index.ts';
import type { PriceFeed } from '../../providers/prices/index.ts';
import type { IdentityModule } from '../identity/index.ts';
import { periodStarts, type SpentInPeriods } from '../kyc/index.ts';
import type { KycRepository } from '../kyc/index.ts';
import { createLedger } from '../ledger/index.ts';
import type { MerchantModule } from '../merchant/index.ts';
import { createLateAuthorisationReconciler, JOB_RECONCILE_AUTHORISATION } from './late-authorisations.ts';
import { createMerchantTransactionsRepository } from '../merchant/index.ts';
import { createMerchantTransactionService } from '../merchant/index.ts';
import { createReferenceRepository } from '../reference/index.ts';
import { createCardService } from '../cards/index.ts';
import { createCardsRepository } from '../cards/index.ts';
import { createOrderService } from './order.service.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { createQuoteService, createQuotesRepository } from '../quotes/index.ts';
import { receiptEmail } from './receipt-email.ts';
import { advanceJobKey, createSettlement, JOB_ADVANCE_ORDER, JOB_ORDER_RECEIPT } from './settlement.ts';
import { createWalletService } from '../wallets/index.ts';
import { createWalletsRepository } from '../wallets/index.ts';

const JOB_HOUSEKEEPING = 'orders.housekeeping';

/** Cards, wallets, quotes, card orders and their settlement worker (issue 5). */
export function createOrdersModule(deps: {
  db: Database;
  /** Groups an order's move with its journals and jobs (platform/transaction.ts). */
  unitOfWork: UnitOfWork<Database>;
  queue: JobQueueRepository;
  worker: JobWorker;
  identity: IdentityModule;
  kyc: KycRepository;
  prices: PriceFeed;
  processor: CardProcessorProvider;
  chain: ChainProvider;
  screening: AddressScreeningProvider;
  mail: MailProvider;
  clock: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
  chainConfirmPollMs: number;
  /** PAYOUT_CONFIRM_DEADLINE_MS: when a payout of unknown outcome starts waiting for an operator. */
  payoutConfirmDeadlineMs?: number;
  /** The merchants' entry signature check (merchant transactions are signed the same way) and their names. */
  merchants: MerchantModule;
}) {
  const { clock } = deps;
  const ordersRepository = createOrdersRepository(deps.db);
  const cardsRepository = createCardsRepository(deps.db);
  const ledger = createLedger(deps.db);
  const kycLevelOf = async (userId: string) => (await deps.kyc.findProfile(userId))?.kycLevel ?? 0;

  const merchantTransactionsRepository = createMerchantTransactionsRepository(deps.db);
  const merchantTransactions = createMerchantTransactionService({
    repository: merchantTransactionsRepository,
    verifyEntry: deps.merchants.verifyEntry,
    merchantName: async (merchantId) => (await deps.merchants.repository.findById(merchantId))?.name ?? '',
    clock,
  });
  const quotes = createQuoteService({
    reference: createReferenceRepository(deps.db),
    quotes: createQuotesRepository(deps.db),
    spending: ordersRepository,
    prices: deps.prices,
    clock,
    kycLevelOf,
    transactions: merchantTransactions,
  });
  const settlement = createSettlement({
    orders: ordersRepository,
    cards: cardsRepository,
    ledger,
    processor: deps.processor,
    chain: deps.chain,
    queue: deps.queue,
    transaction: deps.unitOfWork.transaction,
    savepoint: deps.unitOfWork.savepoint,
    clock,
    log: deps.log,
    threeDsReturnUrl: (orderId) => `${deps.publicUrl}/en/3ds-callback?orderId=${orderId}`,
    chainConfirmPollMs: deps.chainConfirmPollMs,
    ...(deps.payoutConfirmDeadlineMs !== undefined ? { payoutConfirmDeadlineMs: deps.payoutConfirmDeadlineMs } : {}),
    merchantTransactions: merchantTransactionsRepository,
  });
  const idempotencyKeys = createIdempotencyRepository(deps.db);
  const orders = createOrderService({
    orders: ordersRepository,
    cards: cardsRepository,
    quotes,
    settlement,
    queue: deps.queue,
    transaction: deps.unitOfWork.transaction,
    idempotency: createIdempotency(idempotencyKeys, clock),
    identity: deps.identity,
    screening: deps.screening,
    clock,
    kycOf: (userId) => deps.kyc.findProfile(userId),
    merchantTransactions: merchantTransactionsRepository,
    transactionTerms: merchantTransactions,
  });
  const cards = createCardService({ cards: cardsRepository, processor: deps.processor, clock });
  const wallets = createWalletService({ wallets: createWalletsRepository(deps.db), screening: deps.screening, clock });

  settlement.registerJobs(deps.worker);
  deps.worker.register(
    JOB_RECONCILE_AUTHORISATION,
    createLateAuthorisationReconciler({ orders: ordersRepository, processor: deps.processor, clock, log: deps.log }),
  );
  deps.worker.register(JOB_ORDER_RECEIPT, async (payload) => {
    const order = await ordersRepository.findOrder((payload as { orderId: string }).orderId);
    const user = order && (await deps.identity.repository.findUserById(order.userId));
    if (!order || !user) return;
    await deps.mail.send({ to: user.email, ...receiptEmail(order, 'en') });
  });

  /**
   * Hourly housekeeping, one job found again by its key: idempotency keys older than docs/trust.md's
   * 24 h are forgotten, and every open order gets its advance job back if it lost it (a job given
   * up after a long outage), so no order waits past its deadline for nobody.
   */
  deps.worker.register(JOB_HOUSEKEEPING, async () => {
    await idempotencyKeys.prune(new Date(clock.now().getTime() - IDEMPOTENCY_KEY_TTL_MS));
    for (const { id } of await ordersRepository.openOrders()) {
      await deps.queue.enqueue({ kind: JOB_ADVANCE_ORDER, payload: { orderId: id }, runAt: clock.now(), dedupeKey: advanceJobKey(id) });
    }
    return { runAgainAt: new Date(clock.now().getTime() + 60 * 60 * 1000) };
  });
  const scheduleHousekeeping = () =>
    deps.queue.enqueue({ kind: JOB_HOUSEKEEPING, payload: {}, runAt: clock.now(), dedupeKey: JOB_HOUSEKEEPING });

  /** What a person spent in each limit period, in EUR (the KYC limits' used amounts). */
  const spentInPeriods: SpentInPeriods = async (userId, now) => {
    const spent = await ordersRepository.spentSince(userId, periodStarts(now));
    return { DAILY: new Decimal(spent.DAILY), MONTHLY: new Decimal(spent.MONTHLY), YEARLY: new Decimal(spent.YEARLY) };
  };
  return {
    quotes,
    orders,
    cards,
    wallets,
    merchantTransactions,
    settlement,
    ledger,
    repository: ordersRepository,
    spentInPeriods,
    scheduleHousekeeping,
  };
}

export type OrdersModule = ReturnType<typeof createOrdersModule>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Cards, quotes, orders and settlement: tests and operators reach the services through it. */
    orders: OrdersModule;
  }
}
