import type { OrderStatus } from '@causeway/contracts';

/** How a status reads at a glance (history rows, the badge): done, failed, waiting or expired. */
export type StatusTone = 'success' | 'danger' | 'pending' | 'muted';
const TONES: Record<OrderStatus, StatusTone> = {
  OrderSubmitted: 'pending',
  PROCESSING: 'pending',
  SUCCESS: 'success',
  BuySendSuccess: 'success',
  FAILED: 'danger',
  BuySendFailed: 'danger',
  PARTIAL_AUTH: 'danger',
  EXPIRED: 'muted',
  EXPIRED_ERROR: 'muted',
};
export const statusTone = (status: OrderStatus): StatusTone => TONES[status];

/**
 * What an order's amounts mean to the person: paid and received (done), being paid (pending),
 * being stopped (stopping: still in progress with a reason, its charge being refunded or its hold
 * released), or only asked for (ended: failed, declined, cancelled or expired). The one rule for the
 * history row, the details and the result page: stopping and ended are never shown as paid or received.
 */
export type OrderOutcome = 'done' | 'pending' | 'stopping' | 'ended';
const OUTCOME_OF_TONE: Record<StatusTone, Exclude<OrderOutcome, 'stopping'>> = {
  success: 'done',
  pending: 'pending',
  danger: 'ended',
  muted: 'ended',
};
export function outcomeOf(order: { status: OrderStatus; failReason: string | null }): OrderOutcome {
  const outcome = OUTCOME_OF_TONE[statusTone(order.status)];
  return outcome === 'pending' && order.failReason ? 'stopping' : outcome;
}

/** Stopping or ended: what was asked for, not bought. */
export const isNotBought = (outcome: OrderOutcome): boolean => outcome === 'stopping' || outcome === 'ended';

/**
 * The history's status filter: groups of docs/rules/order-states.md statuses a person thinks in. list-order takes
 * the statuses of the chosen group.
 */
export const STATUS_FILTERS = {
  all: undefined,
  inProgress: ['OrderSubmitted', 'PROCESSING'],
  completed: ['SUCCESS', 'BuySendSuccess'],
  failed: ['FAILED', 'BuySendFailed', 'PARTIAL_AUTH'],
  expired: ['EXPIRED', 'EXPIRED_ERROR'],
} as const satisfies Record<string, readonly OrderStatus[] | undefined>;
export type StatusFilter = keyof typeof STATUS_FILTERS;
export const STATUS_FILTER_KEYS = Object.keys(STATUS_FILTERS) as StatusFilter[];
