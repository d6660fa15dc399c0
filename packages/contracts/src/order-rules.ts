/**
 * The rules of orders that need no schema: statuses, reasons, limits and the order id's form. Apart
 * from orders.ts (which re-exports them) so the web app's pages can use them without loading Zod.
 */
import { ORDER_EVENT_STATUSES } from '@causeway/sdk/events';
import { WALLET_ADDRESS_REASONS } from '@causeway/wallet-address';

/** A firm quote holds this long; the page counts it down and asks again (update-quote) when it runs out. */
export const QUOTE_TTL_SECONDS = 30;
/** docs/rules/limits.md: a 50% fee discount on the first 3 transactions. */
export const PROMOTION_FIRST_TRANSACTIONS = 3;
export const PROMOTION_DISCOUNT_RATE = '0.5';
/** docs/rules/validation.md and docs/rules/limits.md: history and export cover at most 365 days. */
export const HISTORY_MAX_RANGE_DAYS = 365;
/** docs/rules/limits.md: the processing view waits up to 30 s before it shows the order as still in progress. */
export const PROCESSING_WAIT_SECONDS = 30;

/**
 * Order result statuses of docs/rules/order-states.md. The server's state machine (orders/order-state.ts) writes
 * its transitions down; BuySendSuccess and BuySendFailed belong to the buy-and-send flow. One list with the
 * merchant SDK's event model (packages/sdk/src/events.ts), which merchants code against.
 */
export const ORDER_STATUSES = ORDER_EVENT_STATUSES;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Every status but the two an order passes through on its way. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (status) => status !== 'OrderSubmitted' && status !== 'PROCESSING',
);
export const isFinalOrderStatus = (status: OrderStatus): boolean => FINAL_ORDER_STATUSES.includes(status);

/** Why an order failed: each has its own text on the result and order-submit-fail pages. */
export const ORDER_FAIL_REASONS = [
  'CARD_DECLINED',
  'INSUFFICIENT_FUNDS',
  'THREE_DS_FAILED',
  'THREE_DS_EXPIRED',
  'PROCESSOR_TIMEOUT',
  'PARTIAL_AUTH',
  'LIQUIDITY',
  'PAYOUT_FAILED',
  'DEADLINE_PASSED',
  // Sells (docs/rules/sell-deposits.md).
  'DEPOSIT_NOT_RECEIVED',
  'DEPOSIT_TOO_SMALL',
  'DEPOSIT_SCREENED',
  'PAYOUT_DECLINED',
  // Klarna buys: declined in Klarna's widget, its fraud check rejected the order, or Klarna refused it.
  'KLARNA_DECLINED',
  // Bank-transfer buys (docs/rules/bank-transfers.md): the money did not arrive in full by the deadline (what
  // arrived stays in the balance), or the balance was spent before the order could take it.
  'FUNDS_NOT_RECEIVED',
  'INSUFFICIENT_BALANCE',
] as const;
export type OrderFailReason = (typeof ORDER_FAIL_REASONS)[number];

export const THREE_DS_STATUSES = ['NOT_REQUIRED', 'PENDING', 'SUCCEEDED', 'FAILED', 'EXPIRED'] as const;

/**
 * The form of an order id: a UUID as Zod's z.uuid() accepts it (RFC 9562 versions 1 to 8, and the
 * nil and max UUIDs), in either case. orderIdSchema (orders.ts) checks the same, with Zod.
 */
export const ORDER_ID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
export const isOrderId = (value: string): boolean => ORDER_ID_PATTERN.test(value);

/** Why an address was refused: packages/wallet-address's reasons, and screening's; each has an en and zh text. */
export const ADDRESS_REJECTION_REASONS = [...WALLET_ADDRESS_REASONS, 'SCREENING_FLAGGED'] as const;
export type AddressRejectionReason = (typeof ADDRESS_REJECTION_REASONS)[number];
