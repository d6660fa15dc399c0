import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import { type BankProvider, BankRefusedError, BankUnavailableError, type Payment, type PaymentStatus } from './bank.ts';
import { BankDecimal, type CheckedPayment, checkPaymentInput, describeBeneficiary, formatBankAmount } from './bank-input.ts';
import { SANDBOX_OUTCOME_REASONS, type SandboxPaymentOutcome, sandboxOutcomeOf } from './sandbox-bank-accounts.ts';
import type { SandboxBankBook, SandboxBankPaymentRow } from './sandbox-bank.repository.ts';
import { checkLimit, createSandboxCredits, type SandboxCredits } from './sandbox-credits.ts';
import { readSandboxBankWebhook } from './sandbox-webhook.ts';

/**
 * The sandbox bank (docs/sandbox.md "Bank"): named accounts with checksum-valid IBANs and UK
 * accounts, credits made to arrive by its page or call (sandbox-credits.ts), and payments that
 * are PENDING until SANDBOX_BANK_SETTLE_MS has passed on the app's clock, then SETTLED, unless the
 * beneficiary is one of the documented accounts (sandbox-bank-accounts.ts). Idempotent by key
 * like a vendor; everything lives in the database, so every process and restart sees one bank.
 */
export const DEFAULT_SANDBOX_BANK_SETTLE_MS = 3_000;

export interface SandboxBankOptions {
  book: SandboxBankBook;
  clock: Clock;
  /** SANDBOX_BANK_SETTLE_MS: from send to SETTLED (3000); a RETURN beneficiary's payment comes back as long again after. */
  settleMs?: number;
}

/** A payment as the sandbox page lists it: the Payment, and to whom and when. */
export interface SandboxPaymentView extends Payment {
  beneficiaryName: string;
  /** The IBAN, or the sort code and account number. */
  beneficiaryAccount: string;
  reference: string;
  createdAt: Date;
}

/** The sandbox bank: a BankProvider, and the sandbox's own ways to make credits arrive and come back. */
export type SandboxBank = BankProvider &
  Pick<SandboxCredits, 'simulateIncomingCredit' | 'returnCredit' | 'recentCredits'> & {
    /** Sandbox only: the latest payments, newest first. */
    recentPayments(limit: number): Promise<SandboxPaymentView[]>;
  };

/** The sandbox bank behind a BankProvider (the sandbox page needs its own methods), or undefined for a real vendor's. */
export const sandboxBankOf = (provider: BankProvider): SandboxBank | undefined =>
  provider.kind === 'sandbox' && 'simulateIncomingCredit' in provider ? (provider as SandboxBank) : undefined;

export function createSandboxBank(options: SandboxBankOptions): SandboxBank {
  const { book, clock } = options;
  const settleMs = options.settleMs ?? DEFAULT_SANDBOX_BANK_SETTLE_MS;
  if (!Number.isInteger(settleMs) || settleMs < 0 || settleMs > 86_400_000) {
    throw new Error(`SANDBOX_BANK_SETTLE_MS must be a whole number of milliseconds from 0 to 86400000 (got ${String(settleMs)})`);
  }

  /** The status now: nothing runs in the background, the clock decides on every read. */
  const statusOf = (row: SandboxBankPaymentRow): PaymentStatus => {
    const now = clock.now();
    if (row.outcome === 'REJECT') return 'REJECTED';
    if (now < row.settleAt) return 'PENDING';
    return row.returnAt && now >= row.returnAt ? 'RETURNED' : 'SETTLED';
  };

  const paymentOf = (row: SandboxBankPaymentRow): Payment => {
    const status = statusOf(row);
    return {
      paymentId: row.id,
      idempotencyKey: row.idempotencyKey,
      status,
      scheme: row.scheme === 'FPS' ? 'FPS' : 'SEPA',
      currency: row.currency,
      amount: formatBankAmount(row.amount),
      reason:
        status === 'REJECTED' || status === 'RETURNED' ? (SANDBOX_OUTCOME_REASONS[row.outcome as SandboxPaymentOutcome] ?? null) : null,
    };
  };

  return {
    kind: 'sandbox',

    async sendPayment(input) {
      const payment = checkPaymentInput(input);
      const { beneficiary } = payment;
      const outcome = sandboxOutcomeOf(beneficiary.scheme === 'SEPA' ? { iban: beneficiary.iban } : beneficiary);
      // The bank never answers for this beneficiary: nothing is sent, so a retry or findPayment finds nothing either.
      if (outcome === 'UNAVAILABLE')
        throw new BankUnavailableError(`the sandbox bank is unavailable for ${describeBeneficiary(beneficiary)}`);
      const createdAt = clock.now();
      const settleAt = new Date(createdAt.getTime() + settleMs);
      const stored = await book.recordPaymentOnce({
        id: newId('bpm'),
        idempotencyKey: payment.idempotencyKey,
        scheme: beneficiary.scheme,
        currency: payment.currency,
        amount: payment.amount.toFixed(2),
        beneficiaryName: beneficiary.name,
        iban: beneficiary.scheme === 'SEPA' ? beneficiary.iban : null,
        bic: beneficiary.scheme === 'SEPA' ? beneficiary.bic : null,
        sortCode: beneficiary.scheme === 'FPS' ? beneficiary.sortCode : null,
        accountNumber: beneficiary.scheme === 'FPS' ? beneficiary.accountNumber : null,
        reference: payment.reference,
        outcome,
        createdAt,
        settleAt,
        returnAt: outcome === 'RETURN' ? new Date(settleAt.getTime() + settleMs) : null,
      });
      // A key names one payment: the same key for another one is a bug upstream, never a second send.
      if (!isSamePayment(stored, payment))
        throw new BankRefusedError('IDEMPOTENCY_CONFLICT', 'this idempotency key was already used for a different payment');
      // Made, but the answer is lost on the way back (every time): findPayment is how the caller learns of it.
      if (stored.outcome === 'TIMEOUT') throw new BankUnavailableError('the sandbox bank did not answer (the payment was made)');
      return paymentOf(stored);
    },

    async getPayment(paymentId) {
      const row = typeof paymentId === 'string' && paymentId.length <= 40 ? await book.findPaymentById(paymentId) : undefined;
      if (!row) throw new BankRefusedError('UNKNOWN_PAYMENT', 'the sandbox bank has no payment with this id');
      return paymentOf(row);
    },

    async findPayment(idempotencyKey) {
      const row =
        typeof idempotencyKey === 'string' && idempotencyKey.length <= 64 ? await book.findPaymentByKey(idempotencyKey) : undefined;
      return row ? paymentOf(row) : null;
    },

    readWebhook: readSandboxBankWebhook,

    async recentPayments(limit) {
      return (await book.recentPayments(checkLimit(limit))).map((row) => ({
        ...paymentOf(row),
        beneficiaryName: row.beneficiaryName,
        beneficiaryAccount: row.iban ?? `${row.sortCode ?? ''} ${row.accountNumber ?? ''}`,
        reference: row.reference,
        createdAt: row.createdAt,
      }));
    },

    ...createSandboxCredits({ book, clock }),
  };
}

function isSamePayment(row: SandboxBankPaymentRow, payment: CheckedPayment): boolean {
  const { beneficiary } = payment;
  return (
    row.currency === payment.currency &&
    new BankDecimal(row.amount).equals(payment.amount) &&
    row.reference === payment.reference &&
    row.beneficiaryName === beneficiary.name &&
    (beneficiary.scheme === 'SEPA'
      ? row.iban === beneficiary.iban && row.bic === beneficiary.bic
      : row.sortCode === beneficiary.sortCode && row.accountNumber === beneficiary.accountNumber)
  );
}
