import type { OrderStatus } from '@causeway/contracts';

/**
 * The card-buy order's state machine (spec §4 statuses; the spec shows no transitions, so these
 * are ours). Written down once here; the repository refuses any other move.
 *
 *   OrderSubmitted ──authorised──────────▶ PROCESSING ──paid out, confirmed──▶ SUCCESS
 *        │  (3DS challenge keeps it here)       │
 *        ├──declined / 3DS failed / no answer ─▶ FAILED ◀── no crypto to sell, payout refused (refunded)
 *        ├──authorised for less ─────────────▶ PARTIAL_AUTH (voided: nothing charged)
 *        └──deadline before authorisation ───▶ EXPIRED
 *                                               PROCESSING ──deadline──▶ EXPIRED_ERROR (refunded)
 *
 * Every status but OrderSubmitted and PROCESSING is final: nothing leaves it.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  OrderSubmitted: ['PROCESSING', 'FAILED', 'PARTIAL_AUTH', 'EXPIRED'],
  PROCESSING: ['SUCCESS', 'FAILED', 'EXPIRED_ERROR'],
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
  constructor(readonly from: OrderStatus, readonly to: OrderStatus) {
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
 * with a compare-and-set of the order row.
 */
export const SETTLEMENT_STEPS = ['AUTHORIZE', 'CAPTURE', 'PURCHASE', 'PAYOUT', 'CONFIRM', 'REFUND', 'DONE'] as const;
export type SettlementStep = (typeof SETTLEMENT_STEPS)[number];
