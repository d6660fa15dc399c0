import type { OrderStatus } from '@causeway/contracts';

/** "0.00123 BTC": amounts stay the decimal strings the server sent (money is never a JS number). */
export const formatAmount = (amount: string, currency: string): string => `${amount} ${currency}`;

/** A server time in the page's language, e.g. "12 Mar 2026, 14:05". */
export function formatTime(iso: string | null, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

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
 * The history's status filter: groups of spec §4 statuses a person thinks in. list-order takes
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
