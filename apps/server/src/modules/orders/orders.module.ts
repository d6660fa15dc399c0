import type { OrderStatus, QuoteFees } from '@causeway/contracts';
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
import type { KlarnaProvider } from '../../providers/klarna/index.ts';
import type { MailProvider } from '../../providers/mail/index.ts';
import type { PriceFeed } from '../../providers/prices/index.ts';
import type { SavedCards } from '../cards/index.ts';
import type { IdentityFace, Principal } from '../identity/index.ts';
import { periodStarts, type SpentInPeriods } from '../kyc/index.ts';
import type { LimitTier, Verification } from '../kyc/index.ts';
import { accounts, createLedgerModule } from '../ledger/index.ts';
import type { BankBuys, BankingFace } from '../banking/index.ts';
import type { MerchantFace } from '../merchant/index.ts';
import { createLateAuthorisationReconciler, JOB_RECONCILE_AUTHORISATION } from './late-authorisations.ts';
import { createOrderService } from './order.service.ts';
import { merchantOrderChange } from './merchant-order-change.ts';
import { createOrdersRepository, type OrderRow } from './orders.repository.ts';
import { createQuotesModule, type FeeScheduleSource } from '../quotes/index.ts';
import type { Catalogue } from '../reference/index.ts';
import { receiptEmail } from './receipt-email.ts';
import { advanceJobKey, createSettlement, JOB_ADVANCE_ORDER, JOB_ORDER_RECEIPT } from './settlement.ts';
import { createSellDepositsRepository } from './sell-deposits.repository.ts';
import { createDepositReturns } from './deposit-returns.ts';
import type { TravelRuleConfig } from '../../platform/travel-rule.ts';
import { createSellOrderService } from './sell-order.service.ts';
import { createCardDisputes } from './disputes/card-disputes.ts';
import { createCardDisputesRepository } from './disputes/card-disputes.repository.ts';
import { advanceSellJobKey, createSellSettlement, JOB_ADVANCE_SELL } from './sell-settlement.ts';

const JOB_HOUSEKEEPING = 'orders.housekeeping';

/** Quotes, card orders and their settlement worker (issue 5). */
export function createOrdersModule(deps: {
  db: Database;
  /** Groups an order's move with its journals and jobs (platform/transaction.ts). */
  unitOfWork: UnitOfWork<Database>;
  queue: JobQueueRepository;
  worker: JobWorker;
  identity: IdentityFace;
  /** The saved card an order pays with (the cards module's). */
  cards: SavedCards;
  /** Where a person's verification stands (the KYC module's). */
  verificationOf: (userId: string) => Promise<Verification | undefined>;
  /** Whether the person took the risk steps before trading (the risk module's isCleared). */
  riskCleared: (person: Principal) => Promise<boolean>;
  prices: PriceFeed;
  processor: CardProcessorProvider;
  /** Klarna buys (KLARNA_PROVIDER). */
  klarna: KlarnaProvider;
  /** The catalogue (the reference module's, cached; channels switched off on this install are never in it). */
  catalogue: Catalogue;
  /** The fee schedule as it stands (the quotes module's, cached). */
  feeSchedule: FeeScheduleSource;
  /** The verification tiers' limits as they stand (the kyc module's, cached). */
  limitTiers: () => Promise<readonly LimitTier[]>;
  chain: ChainProvider;
  screening: AddressScreeningProvider;
  mail: MailProvider;
  clock: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
  chainConfirmPollMs: number;
  /** PAYOUT_CONFIRM_DEADLINE_MS: when a payout of unknown outcome starts waiting for an operator. */
  payoutConfirmDeadlineMs?: number;
  /** The merchants' transactions, which a quote and an order fill. */
  merchants: MerchantFace;
  /** GTR_ENABLED and TRAVEL_RULE_VASPS (orders/travel-rule.ts). */
  travelRule: TravelRuleConfig;
  /** Told of every order's move inside its transaction (the edd module recomputes a rating after a settled one). */
  onOrderStatus?: (userId: string, status: OrderStatus) => Promise<void>;
  /** Bank-transfer buys' balances, accounts and credits (the banking module's); without it they are refused. */
  banking?: Pick<BankingFace, 'instructionsFor' | 'receivedFor'>;
}) {
  const { clock } = deps;
  const ordersRepository = createOrdersRepository(deps.db, async (order, at) => {
    if (order.merchantId) await deps.merchants.webhooks.orderChanged(merchantOrderChange(order, order.merchantId, at));
    await deps.onOrderStatus?.(order.userId, order.status as OrderStatus);
  });
  const ledger = createLedgerModule(deps.db);
  const kycLevelOf = async (userId: string) => (await deps.verificationOf(userId))?.kycLevel ?? 0;

  const merchantTransactions = deps.merchants.transactions;
  const banking = deps.banking;
  const quotes = createQuotesModule({
    db: deps.db,
    spending: ordersRepository,
    prices: deps.prices,
    clock,
    kycLevelOf,
    transactions: merchantTransactions,
    reference: deps.catalogue,
    fees: deps.feeSchedule,
    limitTiers: deps.limitTiers,
  });
  const disputesRepository = createCardDisputesRepository(deps.db);
  const settlement = createSettlement({
    orders: ordersRepository,
    cards: deps.cards,
    ledger,
    processor: deps.processor,
    klarna: deps.klarna,
    chain: deps.chain,
    queue: deps.queue,
    transaction: deps.unitOfWork.transaction,
    savepoint: deps.unitOfWork.savepoint,
    clock,
    log: deps.log,
    threeDsReturnUrl: (orderId) => `${deps.publicUrl}/en/3ds-callback?orderId=${orderId}`,
    chainConfirmPollMs: deps.chainConfirmPollMs,
    ...(deps.payoutConfirmDeadlineMs !== undefined ? { payoutConfirmDeadlineMs: deps.payoutConfirmDeadlineMs } : {}),
    merchantTransactions: deps.merchants.transactionRecords,
    isDisputed: async (orderId) => (await disputesRepository.ofOrder(orderId)).length > 0,
    ...(banking
      ? {
          bankFunds: {
            receivedFor: banking.receivedFor,
            reprice: (order: OrderRow) => quotes.repriceBuy({ ...order, fees: order.fees as QuoteFees }),
          },
        }
      : {}),
  });
  const deposits = createSellDepositsRepository(deps.db);
  const sellSettlement = createSellSettlement({
    orders: ordersRepository,
    deposits,
    cards: deps.cards,
    ledger,
    processor: deps.processor,
    chain: deps.chain,
    screening: deps.screening,
    quotes,
    queue: deps.queue,
    transaction: deps.unitOfWork.transaction,
    clock,
    log: deps.log,
    chainConfirmPollMs: deps.chainConfirmPollMs,
  });
  const depositReturns = createDepositReturns({
    deposits,
    orders: ordersRepository,
    ledger,
    chain: deps.chain,
    screening: deps.screening,
    queue: deps.queue,
    worker: deps.worker,
    transaction: deps.unitOfWork.transaction,
    savepoint: deps.unitOfWork.savepoint,
    clock,
    log: deps.log,
    pollMs: deps.chainConfirmPollMs,
  });
  const disputes = createCardDisputes({
    repository: disputesRepository,
    orders: ordersRepository,
    ledger,
    processor: deps.processor,
    queue: deps.queue,
    worker: deps.worker,
    transaction: deps.unitOfWork.transaction,
    clock,
    log: deps.log,
  });
  const idempotencyKeys = createIdempotencyRepository(deps.db);
  const idempotency = createIdempotency(idempotencyKeys, clock);
  const sells = createSellOrderService({
    orders: ordersRepository,
    deposits,
    cards: deps.cards,
    quotes,
    chain: deps.chain,
    queue: deps.queue,
    transaction: deps.unitOfWork.transaction,
    idempotency,
    identity: deps.identity,
    clock,
    kycOf: deps.verificationOf,
    riskCleared: deps.riskCleared,
    travelRule: deps.travelRule,
    chainConfirmPollMs: deps.chainConfirmPollMs,
  });
  const orders = createOrderService({
    orders: ordersRepository,
    deposits,
    cards: deps.cards,
    quotes,
    settlement,
    queue: deps.queue,
    transaction: deps.unitOfWork.transaction,
    idempotency,
    identity: deps.identity,
    screening: deps.screening,
    clock,
    kycOf: deps.verificationOf,
    riskCleared: deps.riskCleared,
    cardBuysPausedFor: disputes.hasOpenDispute,
    travelRule: deps.travelRule,
    merchantTransactions: deps.merchants.transactionRecords,
    transactionTerms: merchantTransactions,
    klarna: deps.klarna,
    // The web's klarna-callback page reads the sandbox widget's answer from the fragment and sends it (submit-auth-token).
    klarnaReturnUrl: (orderId, lang) => `${deps.publicUrl}/${lang}/klarna-callback?orderId=${orderId}`,
    ...(banking
      ? {
          bankTransfers: {
            balanceOf: (userId: string, currency: string) => ledger.balance(accounts.customerBalance(userId, currency).code),
            instructionsFor: banking.instructionsFor,
            receivedFor: banking.receivedFor,
          },
        }
      : {}),
  });

  /** What banking's credit intake needs of bank-transfer buys: the orders a transfer's reference names, and a wake-up. */
  const bankBuys: BankBuys = {
    byReferences: (references) => ordersRepository.byBankReferences(references),
    wake: (orderId) => deps.queue.wake(advanceJobKey(orderId), clock.now()),
  };

  settlement.registerJobs(deps.worker);
  sellSettlement.registerJobs(deps.worker);
  deps.worker.register(
    JOB_RECONCILE_AUTHORISATION,
    createLateAuthorisationReconciler({ orders: ordersRepository, processor: deps.processor, clock, log: deps.log }),
  );
  deps.worker.register(JOB_ORDER_RECEIPT, async (payload) => {
    const order = await ordersRepository.findOrder((payload as { orderId: string }).orderId);
    const user = order && (await deps.identity.people.findById(order.userId));
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
    for (const { id, transactionType } of await ordersRepository.openOrders()) {
      const sell = transactionType === 'sell';
      await deps.queue.enqueue({
        kind: sell ? JOB_ADVANCE_SELL : JOB_ADVANCE_ORDER,
        payload: { orderId: id },
        runAt: clock.now(),
        dedupeKey: sell ? advanceSellJobKey(id) : advanceJobKey(id),
      });
    }
    return { runAgainAt: new Date(clock.now().getTime() + 60 * 60 * 1000) };
  });
  const scheduleHousekeeping = () =>
    deps.queue.enqueue({ kind: JOB_HOUSEKEEPING, payload: {}, runAt: clock.now(), dedupeKey: JOB_HOUSEKEEPING });

  /** What a person spent in each limit period, in EUR (the KYC limits' used amounts). */
  const spentInPeriods: SpentInPeriods = async (userId, now) => {
    const { spent } = await ordersRepository.standing(userId, periodStarts(now), null);
    return { DAILY: new Decimal(spent.DAILY), MONTHLY: new Decimal(spent.MONTHLY), YEARLY: new Decimal(spent.YEARLY) };
  };
  return {
    quotes,
    orders,
    sells,
    merchantTransactions,
    settlement,
    sellSettlement,
    deposits,
    depositReturns,
    ledger,
    repository: ordersRepository,
    spentInPeriods,
    scheduleHousekeeping,
    bankBuys,
    disputes,
    disputesRepository,
  };
}

export type OrdersModule = ReturnType<typeof createOrdersModule>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Cards, quotes, orders and settlement: tests and operators reach the services through it. */
    orders: OrdersModule;
  }
}
