import type { BillingAddress, CardProcessor as CardNetwork } from '@causeway/contracts';

/**
 * The card processor (docs/ARCHITECTURE.md provider table): turns the single-use token of its hosted
 * card fields into a saved card, authorises a payment
 * (with a 3DS challenge when the bank asks), captures, refunds and voids, and pays out to a saved
 * card (selling crypto). Amounts are decimal
 * strings in the currency's major unit ("20.00" EUR); adapters convert to the vendor's minor units.
 * Every money-moving call carries an idempotency key derived from ours, so a timeout and retry
 * never charges or pays twice (docs/trust.md).
 */

/**
 * What a person types into the processor's card fields. Only the processor sees it: Checkout.com's
 * Flow card component in the browser, or the sandbox processor's own card-fields page and
 * endpoint. Never our API (card/add-card takes the token), never logged, never stored.
 */
export interface CardDetails {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvv: string;
}

/** card/add-card's input to the processor: the card fields' single-use token and the billing address. */
export interface SaveCardInput {
  /** tok_…: single use, short-lived (Checkout.com: 15 minutes). */
  cardToken: string;
  billingAddress: BillingAddress;
}

/** What the processor needs to open its card fields for one person (Checkout.com's Payment Session). */
export interface CardEntryInput {
  /** Ours, to find the session in the processor's dashboard: random, never a person's data. */
  reference: string;
  /** ISO 3166-1 alpha-2: where the person is; the processor picks what to offer by it. */
  billingCountry: string;
  /** ISO 4217: the session's currency (its amount is 0: card entry never charges). */
  currency: string;
  /** Where the processor would send a person after a redirect; tokenising a card never redirects. */
  returnUrl: string;
}

/**
 * A processor's session for its browser card fields (Checkout.com: the PaymentSession that Flow
 * is initialised with). The token and secret only ever go to that person's browser: never
 * logged, never stored.
 */
export interface CardEntrySession {
  /** ps_…. */
  id: string;
  /** payment_session_token. */
  token: string;
  /** payment_session_secret (pss_…). */
  secret: string;
}

/** What we may keep about a card: its reusable token and display facts. */
export interface TokenizedCard {
  token: string;
  /** The same number always gives the same fingerprint (a duplicate save is refused). */
  fingerprint: string;
  cardBin: string;
  cardLast4: string;
  cardProcessor: CardNetwork;
  issuerBank: string | null;
  country: string | null;
  expiryMonth: number;
  expiryYear: number;
}

export type PaymentStatus =
  /**
   * The processor has not decided yet and asks nothing of the person (Checkout.com's Requested,
   * Pending without a challenge, Retry Scheduled, and any status it adds later): read it again later.
   */
  | 'PENDING'
  /** Authorised for the full amount: capture next. */
  | 'AUTHORIZED'
  /** The bank wants a 3DS challenge: send the person to `challengeUrl`, then read the payment again. */
  | 'CHALLENGE_REQUIRED'
  | 'DECLINED'
  /** Authorised for less than asked (`authorizedAmount`): we void it. */
  | 'PARTIALLY_AUTHORIZED'
  | 'CAPTURED'
  | 'REFUNDED'
  | 'VOIDED';

export type DeclineReason = 'DECLINED' | 'INSUFFICIENT_FUNDS' | 'THREE_DS_FAILED' | 'THREE_DS_EXPIRED';

export interface Payment {
  paymentId: string;
  /** Our reference (the order id), as sent. */
  reference: string;
  status: PaymentStatus;
  amount: string;
  currency: string;
  authorizedAmount: string | null;
  challengeUrl: string | null;
  declineReason: DeclineReason | null;
}

export interface AuthorizeInput {
  idempotencyKey: string;
  /** The order id: a payment can be found by it after a timeout. */
  reference: string;
  cardToken: string;
  amount: string;
  currency: string;
  /** Where the 3DS challenge sends the person back, after success and after failure. */
  successUrl: string;
  failureUrl: string;
}

export interface MoneyCallInput {
  idempotencyKey: string;
  amount: string;
  currency: string;
}

/**
 * A payout to a card (selling crypto: the fiat goes to the person's saved card, Visa Direct or
 * Mastercard Send). It is asynchronous at the processor: the request is accepted PENDING (Checkout.com
 * answers every accepted payout 202 Pending), and becomes PAID or DECLINED later, so read it again
 * (getPayout) until it leaves PENDING. Only PAID moved the money; DECLINED never will.
 */
export type PayoutStatus = 'PENDING' | 'PAID' | 'DECLINED';

/**
 * Why the card's bank refused a payout: DECLINED (any refusal we cannot name), CARD_NOT_ELIGIBLE
 * (the card cannot receive payouts: ask for another card), LIMIT_EXCEEDED (the card's or scheme's
 * amount limit: a smaller amount, or later, may pass).
 */
export type PayoutDeclineReason = 'DECLINED' | 'CARD_NOT_ELIGIBLE' | 'LIMIT_EXCEEDED';

export interface PayoutInput {
  idempotencyKey: string;
  /** Our order id: the payout can be found by it after a timeout. */
  reference: string;
  /** The saved card's reusable token (TokenizedCard.token). */
  cardToken: string;
  amount: string;
  currency: string;
}

export interface Payout {
  payoutId: string;
  /** Our reference (the order id), as sent. */
  reference: string;
  status: PayoutStatus;
  amount: string;
  currency: string;
  /** Set when DECLINED, null otherwise. */
  declineReason: PayoutDeclineReason | null;
}

/**
 * What a verified processor webhook says, reduced to ids: a nudge. Processing reads the payment
 * or the dispute again from the processor, so a replayed, late or out-of-order event ends in the
 * same state (docs/rules/card-disputes.md).
 */
export interface CardWebhookNotice {
  /** The processor's id of the event (Checkout.com evt_…): stored once by it. */
  eventId: string;
  /** The processor's event type, e.g. payment_captured, dispute_evidence_required. */
  type: string;
  paymentId: string | null;
  /** Our reference (the order id) when the event carries it. */
  reference: string | null;
  /** Set on dispute events. */
  disputeId: string | null;
}

/**
 * A dispute (chargeback) as the processor sees it now. EVIDENCE_REQUIRED: the amount was taken
 * back from us and the processor waits for our evidence until `evidenceDueBy`; UNDER_REVIEW: evidence
 * (or an arbitration) is with the scheme; WON: the amount came back (won, or cancelled by the
 * issuer); LOST: it stays with the cardholder (lost, expired without evidence, or accepted);
 * RESOLVED: closed with no money moved (the payment had been refunded before).
 */
export type DisputeStatus = 'EVIDENCE_REQUIRED' | 'UNDER_REVIEW' | 'WON' | 'LOST' | 'RESOLVED';

export interface Dispute {
  disputeId: string;
  paymentId: string;
  /** The disputed payment's reference (our order id), when the processor gives it. */
  reference: string | null;
  status: DisputeStatus;
  /** The disputed amount, a decimal string in the currency's major unit. */
  amount: string;
  currency: string;
  /** The processor's category (fraudulent, product_service_not_received, …) or reason code. */
  reason: string;
  evidenceDueBy: Date | null;
}

/** Our answer to a dispute: what was bought, when it was delivered and where (plain text, no card data). */
export interface DisputeEvidence {
  text: string;
}

/** A webhook whose signature does not hold (or the processor takes none): nothing happens. */
export class CardWebhookRefusedError extends Error {}

/**
 * The card was refused (bad number for the processor, expired, CVV, a network we do not take), or
 * its token was: TOKEN_INVALID is a token unknown, expired or already used (enter the card again).
 */
export class CardRefusedError extends Error {
  constructor(readonly reason: 'INVALID_NUMBER' | 'EXPIRED' | 'INVALID_CVV' | 'UNSUPPORTED_NETWORK' | 'REFUSED' | 'TOKEN_INVALID') {
    super(`card refused: ${reason}`);
    this.name = 'CardRefusedError';
  }
}

/** The processor did not answer in time: the call may or may not have happened (reconcile with findPayment or findPayout). */
export class ProcessorTimeoutError extends Error {
  constructor(message = 'card processor timed out') {
    super(message);
    this.name = 'ProcessorTimeoutError';
  }
}

/** The processor answered with an outage or an error we cannot act on: retry later. */
export class ProcessorUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProcessorUnavailableError';
  }
}

/**
 * Every method may also throw ProcessorTimeoutError (no answer: the call may have happened, so
 * retry with the same key or reconcile with findPayment / findPayout) and ProcessorUnavailableError (outage,
 * refused credentials, a concurrent call with the same key: try again later).
 */
export interface CardProcessorProvider {
  readonly kind: 'sandbox' | 'checkout';
  /**
   * Stores the card behind the card fields' single-use token with the processor ("create an
   * instrument from a token"): answers a reusable token and display facts. No card number or CVV
   * is in the call. Throws CardRefusedError (TOKEN_INVALID for an unknown, expired or used token;
   * UNSUPPORTED_NETWORK for a card that is not VISA or Mastercard). Each call spends its token.
   */
  saveCard(input: SaveCardInput): Promise<TokenizedCard>;
  /**
   * Opens the processor's browser card fields for one person, when they need a server-made
   * session (Checkout.com Flow's Payment Session); null when they do not (the sandbox processor's
   * fields page needs none). Never charges. Throws ProcessorUnavailableError when the processor
   * refuses to open one (its message names the processor's error codes, never a key).
   */
  startCardEntry(input: CardEntryInput): Promise<CardEntrySession | null>;
  /**
   * Authorises (never captures) an amount on a tokenised card, asking for 3DS. Answers AUTHORIZED,
   * PARTIALLY_AUTHORIZED, CHALLENGE_REQUIRED or DECLINED (a decline is an answer, not an error).
   * Same key → same payment (the processor's idempotency), never a second charge, even when the
   * body differs.
   */
  authorize(input: AuthorizeInput): Promise<Payment>;
  /** The payment as the processor sees it now (after a 3DS challenge, its outcome). Throws for an unknown id. */
  getPayment(paymentId: string): Promise<Payment>;
  /** The payment made for our reference (the newest, if several), or null when the processor never got one (after a timeout). */
  findPayment(reference: string): Promise<Payment | null>;
  /**
   * Captures all or part of an AUTHORIZED payment (at most the authorised amount). Idempotent by
   * key; throws a plain Error when the payment cannot be captured (any other status, too much, other currency).
   */
  capture(paymentId: string, input: MoneyCallInput): Promise<void>;
  /**
   * Refunds up to what is left of the capture; the payment is REFUNDED once all of it is back
   * (a partial refund leaves it CAPTURED). Idempotent by key; throws a plain Error otherwise.
   */
  refund(paymentId: string, input: MoneyCallInput): Promise<void>;
  /**
   * Releases an AUTHORIZED or PARTIALLY_AUTHORIZED payment (VOIDED); the sandbox also voids a
   * waiting challenge (Checkout.com's documentation only promises voids of authorisations: a
   * pending 3DS payment there expires on its own). Idempotent by key; throws a plain Error otherwise.
   */
  void(paymentId: string, input: { idempotencyKey: string }): Promise<void>;
  /**
   * Pays an amount out to a saved card. Same key → same payout (the processor's idempotency),
   * never a second one, even for calls racing with one key or a body that differs. Answers the
   * payout as accepted, usually PENDING. A repeated key answers that payout as the processor
   * answers a repeat: Checkout.com replays its first 202 (PENDING, with this call's amount and
   * currency, as the 202 has none), so getPayout is the word on status and amount.
   * Throws CardRefusedError when the processor refuses the card before any payout exists (REFUSED:
   * e.g. not enabled for payouts; TOKEN_INVALID: not a saved card's token); a bank's refusal of the
   * payout itself is a DECLINED payout, not an error. ProcessorTimeoutError means the payout may
   * exist: find it with findPayout before paying again.
   */
  payout(input: PayoutInput): Promise<Payout>;
  /** The payout as the processor sees it now. Throws for an unknown id. */
  getPayout(payoutId: string): Promise<Payout>;
  /** The payout made for our reference (the newest, if several), or null when the processor never got one (after a timeout). */
  findPayout(reference: string): Promise<Payout | null>;
  /**
   * Checks a webhook's signature over its exact bytes and reads it (throws CardWebhookRefusedError;
   * any other error is a body that is not the processor's). null: a verified event we do not act on.
   */
  readWebhook(input: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> }): CardWebhookNotice | null;
  /** The dispute as the processor sees it now. Throws for an unknown id. */
  getDispute(disputeId: string): Promise<Dispute>;
  /** Sends our evidence and submits it: the dispute is UNDER_REVIEW after. Throws a plain Error when it takes no evidence now. */
  submitDisputeEvidence(disputeId: string, evidence: DisputeEvidence): Promise<void>;
}
