/**
 * docs/sandbox.md, "Cards": what each test number does. Any other Luhn-valid VISA or Mastercard
 * number is authorised like 4242 4242 4242 4242. DISPUTE is authorised like it too, and its payment
 * is disputed (a chargeback) as soon as it is captured (docs/sandbox.md, "Disputes (chargebacks)").
 */
export const SANDBOX_CARD_BEHAVIOURS = [
  'AUTHORIZE',
  'CHALLENGE',
  'DECLINE',
  'INSUFFICIENT_FUNDS',
  'TIMEOUT',
  'PARTIAL',
  'DISPUTE',
] as const;
export type SandboxCardBehaviour = (typeof SANDBOX_CARD_BEHAVIOURS)[number];

export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxCardBehaviour>> = {
  '4242424242424242': 'AUTHORIZE',
  '5555555555554444': 'AUTHORIZE',
  '4000000000003220': 'CHALLENGE',
  '4000000000000002': 'DECLINE',
  '4000000000009995': 'INSUFFICIENT_FUNDS',
  '4000000000000119': 'TIMEOUT',
  '5200000000000007': 'PARTIAL',
  '4000000000000259': 'DISPUTE',
};

export const behaviourOf = (digits: string): SandboxCardBehaviour => SANDBOX_TEST_CARDS[digits] ?? 'AUTHORIZE';

export const isSandboxCardBehaviour = (value: string): value is SandboxCardBehaviour =>
  (SANDBOX_CARD_BEHAVIOURS as readonly string[]).includes(value);

/**
 * Dispute categories, as Checkout.com's disputes API names them (the `category` field; the reasons
 * behind them: https://www.checkout.com/docs/payments/process-disputes/dispute-reasons-and-recommended-evidence).
 * The sandbox opens a dispute with one of them; the dispute card's is `fraudulent`.
 */
export const SANDBOX_DISPUTE_CATEGORIES = [
  'fraudulent',
  'unrecognized',
  'canceled_recurring',
  'product_service_not_received',
  'not_as_described',
  'credit_not_issued',
  'duplicate',
  'incorrect_amount',
  'general',
] as const;
export type SandboxDisputeCategory = (typeof SANDBOX_DISPUTE_CATEGORIES)[number];

/** How long a dispute waits for our evidence (on the app's clock) before it expires, lost: 7 days. */
export const SANDBOX_DISPUTE_EVIDENCE_MS = 7 * 24 * 60 * 60 * 1000;

/** The most evidence text the sandbox keeps (its column's size). */
export const SANDBOX_DISPUTE_EVIDENCE_MAX_CHARS = 4000;

/** The bank the sandbox says issued every card. */
export const SANDBOX_ISSUER_BANK = 'Causeway Sandbox Bank';

/** How long a 3DS challenge waits for an answer before the payment is declined (Checkout.com: 15 minutes, response 20152). */
export const SANDBOX_CHALLENGE_TTL_MS = 15 * 60 * 1000;

/** How long a card-fields token can be spent on saving the card (Checkout.com's card tokens: 15 minutes). */
export const SANDBOX_CARD_FIELDS_TOKEN_TTL_MS = 15 * 60 * 1000;

/**
 * docs/sandbox.md, "Payouts (selling to a card)": what a card does when it is paid out to. Any
 * other card is paid. 4151 5127 3630 5999 and 4556 2945 9375 7189 are Checkout.com's own test
 * cards for response codes 20057 (transaction not permitted to cardholder) and 20061 (activity
 * amount limit exceeded) (developer-resources/testing/test-cards); Checkout.com documents no test
 * cards of its own for card payouts, so these carry the meaning its sandbox gives those codes.
 */
export const SANDBOX_PAYOUT_BEHAVIOURS = ['PAY', 'SLOW', 'DECLINE', 'NOT_ELIGIBLE', 'LIMIT_EXCEEDED', 'TIMEOUT'] as const;
export type SandboxPayoutBehaviour = (typeof SANDBOX_PAYOUT_BEHAVIOURS)[number];

export const SANDBOX_PAYOUT_CARDS: Readonly<Record<string, SandboxPayoutBehaviour>> = {
  '4000000000000077': 'SLOW',
  '4000000000000002': 'DECLINE',
  '4151512736305999': 'NOT_ELIGIBLE',
  '4556294593757189': 'LIMIT_EXCEEDED',
  '4000000000000119': 'TIMEOUT',
};

export const payoutBehaviourOf = (digits: string): SandboxPayoutBehaviour => SANDBOX_PAYOUT_CARDS[digits] ?? 'PAY';

/**
 * How long a payout stays PENDING before it is PAID (or DECLINED, on a declining card). Checkout.com
 * accepts every payout as Pending (202) and settles it afterwards (payment_paid / payment_declined),
 * so the sandbox never answers PAID at once either.
 */
export const SANDBOX_PAYOUT_SETTLE_MS = 3_000;

/** SANDBOX_SLOW_PAYOUT_MS's default: how long the slow card's payout stays PENDING before it is PAID. */
export const DEFAULT_SANDBOX_SLOW_PAYOUT_MS = 2 * 60 * 1000;
