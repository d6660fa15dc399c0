/**
 * Klarna Payments (spec channel KLARNA): a person pays for a crypto buy with Klarna. The flow is
 * Klarna's own (docs.klarna.com, "Klarna payments" and "Order management"):
 *
 * 1. createSession: the server opens a payment session (POST /payments/v1/sessions);
 * 2. the browser shows Klarna's widget with the session's client token and calls
 *    Klarna.Payments.authorize(), which answers `{ approved, show_form, authorization_token }`
 *    (the sandbox: its own page at `widgetUrl`, answering the same three fields);
 * 3. placeOrder: the server turns the single-use authorization token (valid 60 minutes) into a
 *    Klarna order (POST /payments/v1/authorizations/{token}/order), with Klarna's fraud status;
 * 4. capture, refund or cancel the order (Order Management API).
 *
 * Amounts are decimal strings in the currency's major unit ("20.00" EUR); adapters convert to
 * Klarna's minor units. Every money-moving call carries an idempotency key derived from ours, so a
 * timeout and retry never acts twice (docs/trust.md).
 */

/** What the order is, once, for the session and again for the order (Klarna refuses an order that differs from its session). */
export interface KlarnaPurchase {
  /** Our order id: Klarna's merchant_reference1 (at most 255 characters). */
  reference: string;
  /** Decimal string, major units. */
  amount: string;
  /** ISO 4217 (purchase_currency). */
  currency: string;
  /** ISO 3166-1 alpha-2 (purchase_country). */
  country: string;
  /** RFC 1766 (en-GB, de-DE): the language of Klarna's widget. */
  locale: string;
  /** The order line's name, shown to the person by Klarna (1 to 255 characters). */
  description: string;
}

export interface KlarnaSessionInput extends KlarnaPurchase {
  /**
   * Where the sandbox widget sends the person back (303), its answer in the fragment (docs/sandbox.md
   * "Klarna"): a path of this site or an http(s) URL, without a fragment. Klarna's own widget runs
   * inside our page and answers a JavaScript callback, so the real adapter does not send it.
   */
  returnUrl: string;
}

export interface KlarnaSession {
  sessionId: string;
  /** For the browser only (Klarna.Payments.init): never logged, never stored. */
  clientToken: string;
  /** Where the sandbox widget lives; null for real Klarna (its JS SDK, loaded with the client token). */
  widgetUrl: string | null;
}

/** Klarna.Payments.authorize()'s callback, as the widget answers it. */
export interface KlarnaAuthorizeResult {
  /** True with an authorization token. */
  approved: boolean;
  /** False: a final rejection, stop offering Klarna for this purchase; true: the person may try again. */
  show_form: boolean;
  authorization_token?: string;
}

export interface PlaceOrderInput extends KlarnaPurchase {
  /** Sent as Klarna-Idempotency-Key: the same key is the same order, whatever else the call says. */
  idempotencyKey: string;
  /** The session the token came from (the sandbox checks it; Klarna knows the session by the token). */
  sessionId: string;
  authorizationToken: string;
}

/**
 * Klarna's fraud status: ACCEPTED may be captured; PENDING is under review (Klarna: usually 4 to 8
 * business hours, at most 24) and becomes ACCEPTED or REJECTED, read with getOrder; REJECTED is
 * never captured: cancel it.
 */
export type KlarnaFraudStatus = 'ACCEPTED' | 'PENDING' | 'REJECTED';

/** The Order Management API's order status. */
export type KlarnaOrderStatus = 'AUTHORIZED' | 'PART_CAPTURED' | 'CAPTURED' | 'CANCELLED' | 'EXPIRED' | 'CLOSED';

export interface PlacedOrder {
  klarnaOrderId: string;
  fraudStatus: KlarnaFraudStatus;
}

export interface KlarnaOrder {
  klarnaOrderId: string;
  status: KlarnaOrderStatus;
  fraudStatus: KlarnaFraudStatus;
  currency: string;
  /** The order amount, and what of it was captured and refunded: decimal strings, major units. */
  amount: string;
  capturedAmount: string;
  refundedAmount: string;
}

export interface KlarnaMoneyInput {
  /** Sent as Klarna-Idempotency-Key. */
  idempotencyKey: string;
  amount: string;
  currency: string;
}

/**
 * Klarna refused the call for good: asking again changes nothing. `errorCode` is Klarna's
 * (docs.klarna.com/api/errors: error_code): NOT_FOUND for an authorization token unknown, expired
 * (60 minutes) or spent; BAD_VALUE for an order that does not match its session; CAPTURE_NOT_ALLOWED,
 * REFUND_NOT_ALLOWED, CANCEL_NOT_ALLOWED; NO_SUCH_ORDER. The message never holds a credential or token.
 */
export class KlarnaRefusedError extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
    /** Klarna's HTTP status; null when the sandbox refused. */
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'KlarnaRefusedError';
  }
}

/** Klarna did not answer in time: the call may or may not have happened. Retry with the same key. */
export class KlarnaTimeoutError extends Error {
  constructor(message = 'Klarna timed out') {
    super(message);
    this.name = 'KlarnaTimeoutError';
  }
}

/** Klarna answered an outage, a rate limit or refused credentials: try again later, with the same key. */
export class KlarnaUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KlarnaUnavailableError';
  }
}

/**
 * Every method may throw KlarnaTimeoutError and KlarnaUnavailableError (retry with the same key),
 * KlarnaRefusedError (for good), or a plain Error for a caller bug (an amount that is not a decimal
 * string of the currency, an id that is not Klarna's).
 */
export interface KlarnaProvider {
  readonly kind: 'sandbox' | 'klarna' | 'none';
  /** Opens a payment session (Klarna keeps it 48 hours, or until an order is placed). */
  createSession(input: KlarnaSessionInput): Promise<KlarnaSession>;
  /**
   * Places the order from the widget's authorization token. The purchase must be the session's
   * (else BAD_VALUE); the token must be known, unexpired and unspent (else NOT_FOUND). The same key
   * answers the same order. Klarna's Payments API reference does not promise that it honours the
   * key on this call (its Order Management calls do): after a KlarnaTimeoutError, a retry refused
   * with NOT_FOUND may mean the first call placed the order, so it is an unknown outcome for an
   * operator, not a decline. The sandbox always honours the key.
   */
  placeOrder(input: PlaceOrderInput): Promise<PlacedOrder>;
  /** The order as Klarna sees it now (a PENDING fraud status's outcome). NO_SUCH_ORDER for an unknown id. */
  getOrder(klarnaOrderId: string): Promise<KlarnaOrder>;
  /** Captures up to what is left of an ACCEPTED order. Idempotent by key; CAPTURE_NOT_ALLOWED otherwise. */
  capture(klarnaOrderId: string, input: KlarnaMoneyInput): Promise<void>;
  /** Refunds up to what was captured and not refunded yet. Idempotent by key; REFUND_NOT_ALLOWED otherwise. */
  refund(klarnaOrderId: string, input: KlarnaMoneyInput): Promise<void>;
  /** Cancels an order with no capture (a cancelled one stays so). Idempotent by key; CANCEL_NOT_ALLOWED once captured. */
  cancelOrder(klarnaOrderId: string, input: { idempotencyKey: string }): Promise<void>;
  /**
   * Releases an authorization no order will be placed with. An authorization that no longer exists
   * (unknown, expired, spent or released) has nothing to release: it answers quietly.
   */
  cancelAuthorization(authorizationToken: string): Promise<void>;
}
