import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import { createFlowRunner, type StepOutcome } from '../../jobs/flow-runner.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import { type BankProvider, BankRefusedError, BankUnavailableError, type Payment } from '../../providers/bank/bank.ts';
import type { SavedBankAccounts } from '../bank-accounts/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { FAILED, returnedJournal, settledJournal } from './withdrawal-journals.ts';
import { advanceWithdrawalJobKey, JOB_ADVANCE_WITHDRAWAL } from './withdrawal.service.ts';
import type { WithdrawalChange, WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository.ts';

type Outcome = StepOutcome<WithdrawalRow>;

/** How often a sent payment is read again by default (webhooks wake it sooner). */
export const DEFAULT_CONFIRM_POLL_MS = 30_000;
/** Past the deadline, an unsettled payment waits for an operator and is read hourly. */
const REVIEW_POLL_MS = 60 * 60 * 1000;
/** A settled payment can still come back (a SEPA return): it is watched this long after settling. */
export const RETURN_WATCH_MS = 5 * 24 * 60 * 60 * 1000;
const OUTAGE_RETRY_MS = 10_000;
/** What the beneficiary's statement shows (at most 18 characters): our name and the withdrawal's first 8, to trace it by. */
const statementReference = (id: string) => `CAUSEWAY ${id.slice(0, 8).toUpperCase()}`;

/**
 * A withdrawal as a flow (jobs/flow-runner.ts): PAY sends the payment, keyed by the withdrawal so a
 * retry is the same payment; CONFIRM follows it until the bank settles (SUCCESS), rejects or returns
 * it (FAILED, the money back into the balance); past the deadline it waits at REVIEW for an operator,
 * still followed. WATCH keeps looking at a settled payment for a late return, then DONE.
 */
export function createWithdrawalSettlement(deps: {
  withdrawals: WithdrawalsRepository;
  bankAccounts: SavedBankAccounts;
  bank: BankProvider;
  ledger: Pick<Ledger, 'post' | 'reverse'>;
  transaction: RunInTransaction;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How often a sent payment is read again: the sandbox bank's settle time, else DEFAULT_CONFIRM_POLL_MS. */
  confirmPollMs?: number;
}) {
  const { withdrawals, bank, ledger, clock } = deps;
  const confirmPollMs = deps.confirmPollMs ?? DEFAULT_CONFIRM_POLL_MS;
  const later = (ms: number): Outcome => ({ waitUntil: new Date(clock.now().getTime() + ms) });

  /** Compare-and-set with the journals that go with it, in one transaction. */
  async function move(row: WithdrawalRow, change: WithdrawalChange, withMove?: () => Promise<unknown>): Promise<Outcome> {
    const moved = await deps.transaction(async () => {
      const next = await withdrawals.transition(row, change, clock.now());
      if (next && withMove) await withMove();
      return next;
    });
    return moved ? { movedTo: moved } : 'moved';
  }

  /** The bank never paid it (rejected, or returned before settling): the submission is reversed into the balance. */
  const fail = (row: WithdrawalRow, failReason: 'REJECTED' | 'RETURNED', bankReason: string | null) =>
    move(row, { status: 'FAILED', step: 'DONE', set: { failReason, bankReason, completedAt: clock.now() } }, () =>
      ledger.reverse(FAILED.of(row.id), { kind: FAILED.kind, idempotencyKey: FAILED.key(row.id) }),
    );

  async function pay(row: WithdrawalRow): Promise<Outcome> {
    const account = await deps.bankAccounts.bankAccountById(row.bankAccountId);
    if (!account) throw new Error(`withdrawal ${row.id}: its bank account ${row.bankAccountId} is gone`);
    let payment: Payment | null;
    try {
      payment = await bank.sendPayment({
        idempotencyKey: row.id,
        currency: row.currency as 'EUR' | 'GBP',
        amount: trimAmount(row.amount),
        beneficiary: {
          name: account.accountName,
          ...(account.iban ? { iban: account.iban } : {}),
          ...(account.identifierCode ? { bic: account.identifierCode } : {}),
          ...(account.sortCode ? { sortCode: account.sortCode } : {}),
          ...(account.accountNumberUk ? { accountNumber: account.accountNumberUk } : {}),
        },
        reference: statementReference(row.id),
      });
    } catch (error) {
      if (error instanceof BankRefusedError && error.reason !== 'IDEMPOTENCY_CONFLICT')
        return fail(row, 'REJECTED', error.message.slice(0, 200));
      if (!(error instanceof BankUnavailableError)) throw error;
      // No answer (down, or the answer was lost): the bank may hold the payment. Ask by our key; else send again later, same key.
      payment = await bank.findPayment(row.id).catch(() => null);
      if (!payment) return later(OUTAGE_RETRY_MS);
    }
    return move(row, { status: 'PROCESSING', step: 'CONFIRM', set: { paymentId: payment.paymentId } });
  }

  async function confirm(row: WithdrawalRow): Promise<Outcome> {
    const payment = await bank.getPayment(row.paymentId!);
    switch (payment.status) {
      case 'SETTLED':
        return move(row, { status: 'SUCCESS', step: 'WATCH', set: { completedAt: clock.now() } }, () => ledger.post(settledJournal(row)));
      case 'REJECTED':
      case 'RETURNED':
        return fail(row, payment.status, payment.reason);
      default:
        if (row.step === 'CONFIRM' && clock.now() >= row.deadlineAt) {
          deps.log.warn({ withdrawId: row.id, paymentId: row.paymentId }, 'withdrawal unsettled by its deadline: awaiting an operator');
          return move(row, { status: 'PROCESSING', step: 'REVIEW' });
        }
        return later(row.step === 'REVIEW' ? REVIEW_POLL_MS : confirmPollMs);
    }
  }

  /** A settled payment the beneficiary's bank sends back: the money returns to the balance, the withdrawal fails. */
  async function watch(row: WithdrawalRow): Promise<Outcome> {
    const payment = await bank.getPayment(row.paymentId!);
    if (payment.status === 'RETURNED')
      return move(row, { status: 'FAILED', step: 'DONE', set: { failReason: 'RETURNED', bankReason: payment.reason } }, () =>
        ledger.post(returnedJournal(row)),
      );
    const settledAt = (row.completedAt ?? row.updatedAt).getTime();
    if (clock.now().getTime() >= settledAt + RETURN_WATCH_MS) return move(row, { status: 'SUCCESS', step: 'DONE' });
    return later(REVIEW_POLL_MS);
  }

  const flow = createFlowRunner<WithdrawalRow>(
    {
      jobKind: JOB_ADVANCE_WITHDRAWAL,
      jobKey: advanceWithdrawalJobKey,
      payloadKey: 'withdrawId',
      load: (id) => withdrawals.find(id),
      finalStep: 'DONE',
      steps: { PAY: pay, CONFIRM: confirm, REVIEW: confirm, WATCH: watch },
      // Money may be out at every step: the deadline only moves CONFIRM to REVIEW (above), never ends one.
      pastDeadlineSteps: ['PAY', 'CONFIRM', 'REVIEW', 'WATCH'],
      onDeadline: async () => later(REVIEW_POLL_MS),
      isOutage: (error) => error instanceof BankUnavailableError,
      outageRetryMs: OUTAGE_RETRY_MS,
    },
    { clock, log: deps.log },
  );

  return {
    registerJobs: flow.register,
    advance: flow.advance,
    /** A webhook said the payment changed: look now. */
    async wakeByPayment(paymentId: string, wake: (key: string) => Promise<void>) {
      const row = await withdrawals.findByPayment(paymentId);
      if (row) await wake(advanceWithdrawalJobKey(row.id));
    },
  };
}

/** numeric(38, 18) reads back with 18 places: a payment takes the currency's 2 (submission allowed no more). */
const trimAmount = (amount: string) => new Decimal(amount).toFixed(2);
