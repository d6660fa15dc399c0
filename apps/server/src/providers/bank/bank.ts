/**
 * The bank (docs/ARCHITECTURE.md: sandbox bank, or a banking-as-a-service vendor such as Clear
 * Junction): named accounts where a person's transfers arrive, the credits that arrive on them,
 * and payments out (withdrawals, bank-transfer sells). The provider reports; whether a credit
 * matches an order, and what to do when it does not, is the caller's policy
 * (docs/rules/bank-transfers.md). Amounts are decimal strings in the currency's minor-unit precision.
 */

/** The schemes we send and receive on: SEPA (EUR) and Faster Payments (GBP). */
export type BankScheme = 'SEPA' | 'FPS';

export interface NamedAccountInput {
  /** Ours, e.g. the person's id (1 to 64 of A-Z a-z 0-9 _ -): the same holder and currency always answers the same account. */
  holderReference: string;
  /** The verified name the account is opened in (what the person's bank shows as the payee). */
  holderName: string;
  /** EUR (an IBAN, SEPA) or GBP (a sort code and account number, Faster Payments). */
  currency: 'EUR' | 'GBP';
}

/** Where the person sends money: an account in their name, at the vendor's bank. */
export interface NamedAccount {
  /** The provider's id for this account (at most 64 characters). */
  accountId: string;
  holderReference: string;
  holderName: string;
  currency: 'EUR' | 'GBP';
  scheme: BankScheme;
  /** EUR: the IBAN (electronic format, no spaces) and the bank's BIC; null for GBP. */
  iban: string | null;
  bic: string | null;
  /** GBP: six digits and eight digits; null for EUR. */
  sortCode: string | null;
  accountNumber: string | null;
  /** The bank that holds it, and its address, as a person's bank asks for them. */
  bankName: string;
  bankAddress: string;
}

/**
 * RECEIVED: the money is on our account (final unless RETURNED later). RETURNED: the sender's
 * bank recalled it, or the vendor sent it back; the money is gone again.
 */
export type IncomingCreditStatus = 'RECEIVED' | 'RETURNED';

/** A transfer that arrived on one of our named accounts. */
export interface IncomingCredit {
  /** The provider's id for this credit (at most 64 characters), stable: a credit seen twice is the same credit. */
  creditId: string;
  /** The named account it arrived on (NamedAccount.accountId), or null when it arrived on the vendor's collection account. */
  accountId: string | null;
  currency: string;
  /** A positive decimal string ("100.00"). */
  amount: string;
  /** The payment reference the sender typed, as the bank passed it on (trimmed; may be empty). */
  reference: string;
  /** The payer's name as their bank sent it. */
  payerName: string;
  /** The payer's IBAN or sort code and account number, when the scheme carries it. */
  payerAccount: string | null;
  status: IncomingCreditStatus;
  receivedAt: Date;
}

/** Where a payment goes: a saved bank account of the person. */
export interface BankBeneficiary {
  name: string;
  /** SEPA: IBAN and (optionally) BIC. */
  iban?: string;
  bic?: string;
  /** Faster Payments: sort code and account number. */
  sortCode?: string;
  accountNumber?: string;
}

export interface PaymentInput {
  /** At most 64 characters; the same key always means the same payment (send is idempotent by it). */
  idempotencyKey: string;
  currency: 'EUR' | 'GBP';
  /** A positive decimal string with at most 2 decimals. */
  amount: string;
  beneficiary: BankBeneficiary;
  /** What the beneficiary's statement shows (at most 18 characters of A-Z 0-9 space - /). */
  reference: string;
}

/**
 * PENDING: accepted, not yet settled. SETTLED: the money reached the beneficiary's bank (it may
 * still come back RETURNED, days later). REJECTED: refused before it left (e.g. the account is
 * closed); the money never moved. RETURNED: it left and came back. REJECTED and RETURNED give the
 * money back to us.
 */
export type PaymentStatus = 'PENDING' | 'SETTLED' | 'REJECTED' | 'RETURNED';

export interface Payment {
  paymentId: string;
  idempotencyKey: string;
  status: PaymentStatus;
  scheme: BankScheme;
  currency: string;
  amount: string;
  /** Why it was REJECTED or RETURNED, in the vendor's words (e.g. "AC04 account closed"); null otherwise. */
  reason: string | null;
}

/** The bank could not answer now: retrying later (with the same key) is safe. */
export class BankUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BankUnavailableError';
  }
}

/**
 * Why a call is refused for good (asking again gets the same answer):
 * - INVALID_ACCOUNT: the beneficiary's account details are not valid for the scheme.
 * - UNSUPPORTED_CURRENCY: the vendor has no account in this currency here.
 * - IDEMPOTENCY_CONFLICT: the key was already used for a different payment.
 * - UNKNOWN_PAYMENT / UNKNOWN_CREDIT: no such id.
 * - REJECTED: the vendor refused for its own reasons (compliance, balance).
 */
export type BankRefusal =
  'INVALID_ACCOUNT' | 'UNSUPPORTED_CURRENCY' | 'IDEMPOTENCY_CONFLICT' | 'UNKNOWN_PAYMENT' | 'UNKNOWN_CREDIT' | 'REJECTED';

export class BankRefusedError extends Error {
  constructor(
    readonly reason: BankRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'BankRefusedError';
  }
}

/** What a verified webhook says changed. */
export type BankWebhookNotice = { type: 'credit'; creditId: string } | { type: 'payment'; paymentId: string };

/** A webhook delivery whose signature is missing or does not hold: the sender is not the vendor. */
export class BankWebhookRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BankWebhookRefusedError';
  }
}

export interface BankProvider {
  /** `sandbox` or the vendor's name. */
  readonly kind: string;
  /** Opens (or answers the existing) named account of a holder in a currency. Idempotent by holder and currency. */
  openNamedAccount(input: NamedAccountInput): Promise<NamedAccount>;
  /** The credits that arrived since `since` (inclusive), oldest first, at most `limit`: the poll that backs up the webhooks. */
  listCredits(since: Date, limit: number): Promise<IncomingCredit[]>;
  /** One credit as the vendor sees it now. Throws BankRefusedError UNKNOWN_CREDIT. */
  getCredit(creditId: string): Promise<IncomingCredit>;
  /** Sends a payment. Idempotent by key: a retry, even racing the first, answers the same payment. Usually PENDING. */
  sendPayment(input: PaymentInput): Promise<Payment>;
  /** The payment as the vendor sees it now. Throws BankRefusedError UNKNOWN_PAYMENT. */
  getPayment(paymentId: string): Promise<Payment>;
  /** The payment sent with this key, or null when the vendor never got it (after a timeout). */
  findPayment(idempotencyKey: string): Promise<Payment | null>;
  /** Checks a webhook's signature over its raw body and says what changed. Throws BankWebhookRefusedError. */
  readWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): BankWebhookNotice[];
}
