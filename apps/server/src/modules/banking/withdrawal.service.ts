import { ErrorCode, type SubmitWithdrawRequest, type Withdrawal } from '@causeway/contracts';
import Decimal from 'decimal.js';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Idempotency } from '../../platform/idempotency.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { Beneficiary, SavedBankAccounts } from '../bank-accounts/index.ts';
import { checkSecondFactor, type IdentityFace, type Principal, type Requester } from '../identity/index.ts';
import { type LimitTier, periodStarts, tierOf } from '../kyc/index.ts';
import { isOverdraftError, type Ledger } from '../ledger/index.ts';
import { submittedJournal } from './withdrawal-journals.ts';
import { minimumTransfer } from './transfer-minimums.ts';
import type { WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository.ts';

/** A withdrawal's payment still unsettled this long after submission waits for an operator (it is still followed). */
export const WITHDRAWAL_DEADLINE_MS = 3 * 24 * 60 * 60 * 1000;
export const JOB_ADVANCE_WITHDRAWAL = 'withdrawal.advance';
export const advanceWithdrawalJobKey = (id: string) => `withdrawal-advance:${id}`;

/** The saved account kinds the bank provider pays, and the currency each takes. */
const CURRENCY_OF_KIND: Partial<Record<Beneficiary['kind'], 'EUR' | 'GBP'>> = { SEPA: 'EUR', UK: 'GBP' };

/** The view of a withdrawal its owner gets. */
export const withdrawalOf = (row: WithdrawalRow, maskedAccount: string): Withdrawal => ({
  withdrawId: row.id,
  status: row.status as Withdrawal['status'],
  currency: row.currency,
  amount: new Decimal(row.amount).toFixed(2),
  bankAccountId: row.bankAccountId,
  maskedAccount,
  failReason: (row.failReason as Withdrawal['failReason']) ?? null,
  createdAt: row.createdAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
});

/**
 * Withdrawals (docs/rules/bank-transfers.md): fiat from the balance to a saved bank account of the
 * person's own. Submission checks everything, then takes the amount out of the balance in the same
 * transaction as the withdrawal and its job: the ledger refuses it when the balance cannot cover
 * it, so two withdrawals racing cannot spend the same money. The bank payment is sent by the job.
 */
export function createWithdrawalService(deps: {
  withdrawals: WithdrawalsRepository;
  ledger: Pick<Ledger, 'post'>;
  bankAccounts: SavedBankAccounts;
  identity: Pick<IdentityFace, 'authenticatorStatus' | 'verifyAuthenticatorCode'>;
  kycOf: (userId: string) => Promise<{ kycStatus: string; kycLevel: number } | undefined>;
  /** The verification tiers' limits as they stand (the kyc module's face, cached). */
  limitTiers: () => Promise<readonly LimitTier[]>;
  /** What one unit of the currency is worth in EUR now (the tier's limits are in EUR). */
  eurPer: (currency: string) => Promise<Decimal>;
  idempotency: Idempotency;
  transaction: RunInTransaction;
  queue: JobQueueRepository;
  clock: Clock;
  providerKind: string;
}) {
  const { withdrawals, clock } = deps;

  async function roomLeft(userId: string, kycLevel: number): Promise<Decimal> {
    const tier = tierOf(await deps.limitTiers(), kycLevel);
    const starts = periodStarts(clock.now());
    let room: Decimal | null = null;
    for (const period of ['DAILY', 'MONTHLY', 'YEARLY'] as const) {
      const left = new Decimal(tier[period]).minus(await withdrawals.withdrawnSince(userId, starts[period]));
      room = room === null ? left : Decimal.min(room, left);
    }
    return Decimal.max(0, room ?? 0);
  }

  async function start(
    user: Principal,
    body: SubmitWithdrawRequest & { currency: 'EUR' | 'GBP' },
    requestHash: string,
    requester: Requester,
  ) {
    const existing = await withdrawals.find(body.withdrawId);
    if (existing) {
      if (existing.userId !== user.id || existing.requestHash !== requestHash) throw new AppError(ErrorCode.IdempotencyKeyReused);
      return existing;
    }
    const kyc = await deps.kycOf(user.id);
    if (user.accountStatus !== 'Active' || kyc?.kycStatus !== 'Pass') throw new AppError(ErrorCode.IdentityVerificationRequired);
    const account = await deps.bankAccounts.bankAccountForPayout(user.id, body.bankAccountId);
    if (!account) throw new AppError(ErrorCode.BankAccountNotFound);
    if (CURRENCY_OF_KIND[account.kind] !== body.currency) throw new AppError(ErrorCode.WithdrawalAccountUnsupported);
    const amount = new Decimal(body.amount);
    const minimum = new Decimal(minimumTransfer(user.entityTag, body.currency));
    if (amount.decimalPlaces() > 2 || amount.lt(minimum))
      throw new AppError(ErrorCode.TransactionLimitExceeded, `withdraw at least ${minimum.toFixed(2)} ${body.currency}, in cents`, {
        minAmount: minimum.toFixed(2),
        currency: body.currency,
      });
    await checkSecondFactor(deps.identity, user, body, requester, 'withdrawing');
    const limitAmount = amount.times(await deps.eurPer(body.currency)).toDecimalPlaces(2, Decimal.ROUND_UP);
    const now = clock.now();
    const row: WithdrawalRow = {
      id: body.withdrawId,
      userId: user.id,
      bankAccountId: account.bankAccountId,
      provider: deps.providerKind,
      currency: body.currency,
      amount: amount.toFixed(2),
      limitAmount: limitAmount.toFixed(2),
      status: 'PROCESSING',
      step: 'PAY',
      paymentId: null,
      failReason: null,
      bankReason: null,
      requestHash,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
      deadlineAt: new Date(now.getTime() + WITHDRAWAL_DEADLINE_MS),
    };
    try {
      await deps.transaction(async () => {
        // The person's row lock: the tier's room is read once, under it, as a buy's is.
        await withdrawals.lockPerson(user.id);
        const room = await roomLeft(user.id, kyc.kycLevel);
        if (limitAmount.gt(room))
          throw new AppError(ErrorCode.TransactionLimitExceeded, 'over the withdrawal limit of your verification level', {
            maxAmount: room
              .dividedBy(await deps.eurPer(body.currency))
              .toDecimalPlaces(2, Decimal.ROUND_DOWN)
              .toFixed(2),
            currency: body.currency,
          });
        await withdrawals.insert(row);
        await deps.ledger.post(submittedJournal(row));
        await deps.queue.enqueue({
          kind: JOB_ADVANCE_WITHDRAWAL,
          payload: { withdrawId: row.id },
          runAt: now,
          dedupeKey: advanceWithdrawalJobKey(row.id),
        });
      });
    } catch (error) {
      if (isOverdraftError(error)) throw new AppError(ErrorCode.InsufficientBalance);
      throw error;
    }
    return row;
  }

  const masked = async (row: WithdrawalRow) => (await deps.bankAccounts.bankAccountById(row.bankAccountId))?.maskedNumber ?? '';

  return {
    /** submit-withdraw: the same withdrawId and body answer the first answer (docs/trust.md). */
    async submit(user: Principal, body: SubmitWithdrawRequest & { currency: 'EUR' | 'GBP' }, requester: Requester): Promise<Withdrawal> {
      const { otpCode: _code, otpType: _type, ...terms } = body;
      // What is kept as the answer is the id (JSON): the withdrawal is read back as it stands now.
      const id = await deps.idempotency.run(
        'submit-withdraw',
        body.withdrawId,
        user.id,
        terms,
        async (hash) => (await start(user, body, hash, requester)).id,
      );
      const row = (await withdrawals.find(id))!;
      return withdrawalOf(row, await masked(row));
    },

    async detail(user: Principal, withdrawId: string): Promise<Withdrawal> {
      const row = await withdrawals.find(withdrawId);
      if (!row || row.userId !== user.id) throw new AppError(ErrorCode.OrderNotFound);
      return withdrawalOf(row, await masked(row));
    },
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
