import Decimal from 'decimal.js';
import type { ModuleContext } from '../../platform/server-module.ts';
import { createIdempotency } from '../../platform/idempotency.ts';
import { createIdempotencyRepository } from '../../platform/idempotency.repository.ts';
import type { SavedBankAccounts } from '../bank-accounts/index.ts';
import { LIMIT_CURRENCY } from '../kyc/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { createWithdrawalSettlement } from './withdrawal-settlement.ts';
import { createWithdrawalService } from './withdrawal.service.ts';
import { createWithdrawalsRepository } from './withdrawals.repository.ts';

/** Withdrawals (docs/rules/bank-transfers.md): the submit and detail service, and the settlement flow that pays them. */
export function createWithdrawalsModule(context: ModuleContext, deps: { ledger: Ledger; bankAccounts: SavedBankAccounts }) {
  const { db, unitOfWork, clock, providers, faces, config } = context;
  const bank = providers.bank.provider;
  const prices = providers.prices.provider;
  const repository = createWithdrawalsRepository(db);
  const service = createWithdrawalService({
    withdrawals: repository,
    ledger: deps.ledger,
    bankAccounts: deps.bankAccounts,
    identity: faces.get('identity'),
    kycOf: (userId) => faces.get('kyc').verificationOf(userId),
    limitTiers: () => faces.get('kyc').limits.tiers(),
    // The tier's limits are in EUR; another currency is converted through BTC's two prices (the feed prices crypto only).
    eurPer: async (currency) => {
      if (currency === LIMIT_CURRENCY) return new Decimal(1);
      const [inEur, inFiat] = await Promise.all([
        prices.referencePrice({ crypto: 'BTC', fiat: LIMIT_CURRENCY }),
        prices.referencePrice({ crypto: 'BTC', fiat: currency }),
      ]);
      return inEur.price.dividedBy(inFiat.price);
    },
    idempotency: createIdempotency(createIdempotencyRepository(db), clock),
    transaction: (work) => unitOfWork.transaction(work),
    queue: context.queue,
    clock,
    providerKind: bank.kind,
  });
  const settlement = createWithdrawalSettlement({
    withdrawals: repository,
    bankAccounts: deps.bankAccounts,
    bank,
    ledger: deps.ledger,
    transaction: (work) => unitOfWork.transaction(work),
    clock,
    log: context.app.log,
    // The sandbox bank settles on its clock and posts no payment webhook: look as often as it settles (at least each second).
    ...(bank.kind === 'sandbox' ? { confirmPollMs: Math.max(1000, Math.min(config.SANDBOX_BANK_SETTLE_MS, 30_000)) } : {}),
  });
  settlement.registerJobs(context.jobs);
  return { repository, service, settlement };
}
