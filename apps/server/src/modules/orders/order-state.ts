import type { OrderStatus } from '@causeway/contracts';

/**
 * The buy order's state machine (docs/rules/order-states.md statuses; the spec shows no transitions, so these
 * are ours), for card and Klarna buys alike. Written down once here; the repository refuses any other move.
 *
 *   OrderSubmitted ──authorised──────────▶ PROCESSING ──paid out, confirmed──▶ SUCCESS
 *        │  (3DS challenge keeps it here)       │
 *        ├──declined / 3DS failed / no answer ─▶ FAILED ◀── no crypto to sell (voided, never captured),
 *        │                                                   payout refused before sending (refunded)
 *        ├──authorised for less ─────────────▶ PARTIAL_AUTH (voided: nothing charged)
 *        └──deadline before authorisation ───▶ EXPIRED
 *                                               PROCESSING ──deadline──▶ EXPIRED_ERROR (voided or refunded)
 *
 * A Klarna buy (klarna-payment.ts) is authorised by Klarna instead of the card: OrderSubmitted waits for the
 * widget's answer (submit-auth-token) and, while Klarna's fraud check is pending, for its outcome; accepted is
 * PROCESSING as above, declined or rejected FAILED (KLARNA_DECLINED), unanswered by the deadline EXPIRED.
 *
 * A buy-and-send order (BUY_SEND: to the merchant's own wallet) settles the same way and ends BuySendSuccess
 * or BuySendFailed where a buy ends SUCCESS or FAILED (order-moves.ts statusFor).
 *
 * Every status but OrderSubmitted and PROCESSING is final: nothing leaves it. A payout whose
 * outcome stays unknown past PAYOUT_CONFIRM_DEADLINE_MS waits for an operator at the step
 * PAYOUT_REVIEW; the person still sees PROCESSING (the spec's statuses have no other word for it).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  OrderSubmitted: ['PROCESSING', 'FAILED', 'PARTIAL_AUTH', 'EXPIRED', 'BuySendFailed'],
  PROCESSING: ['SUCCESS', 'FAILED', 'EXPIRED_ERROR', 'BuySendSuccess', 'BuySendFailed'],
  SUCCESS: [],
  FAILED: [],
  EXPIRED: [],
  EXPIRED_ERROR: [],
  PARTIAL_AUTH: [],
  BuySendSuccess: [],
  BuySendFailed: [],
};

export const canTransition = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);

export class IllegalTransitionError extends Error {
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`an order cannot go from ${from} to ${to}`);
    this.name = 'IllegalTransitionError';
  }
}

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (from !== to && !canTransition(from, to)) throw new IllegalTransitionError(from, to);
}

/**
 * The settlement steps the worker walks (settlement.ts), in order. Each is idempotent: provider
 * calls carry keys derived from the order id, ledger journals too, and the step only moves on
 * with a compare-and-set of the order row. The crypto is reserved (RESERVE) before the card is
 * captured; PAYOUT_REVIEW is where a payout of unknown outcome waits for an operator, past its
 * deadline (still followed: a confirmation or a failure there ends the order as in CONFIRM).
 */
export const SETTLEMENT_STEPS = [
  // A card sell (sell-settlement.ts): the crypto arrives, is sold, and the fiat is paid out to the card.
  'AWAIT_DEPOSIT',
  'SELL',
  'CARD_PAYOUT',
  'PAYOUT_CONFIRM',
  // A card buy; a Klarna buy starts at KLARNA_AUTH (the widget's answer, then Klarna's fraud check) instead of AUTHORIZE.
  'AUTHORIZE',
  'KLARNA_AUTH',
  'RESERVE',
  'CAPTURE',
  'PURCHASE',
  'PAYOUT',
  'CONFIRM',
  'PAYOUT_REVIEW',
  'REFUND',
  'DONE',
] as const;
export type SettlementStep = (typeof SETTLEMENT_STEPS)[number];
