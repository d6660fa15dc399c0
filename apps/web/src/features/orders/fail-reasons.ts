import { ORDER_FAIL_REASONS, type OrderFailReason, type OrderStatus } from '@causeway/contracts';
import { outcomeOf } from './order-format';

/** order-submit-fail's own reason: the submit got no answer, so only the history can tell what happened. */
export const NO_RESPONSE = 'NO_RESPONSE';
export type SubmitFailReason = OrderFailReason | typeof NO_RESPONSE;

const KNOWN: readonly string[] = [...ORDER_FAIL_REASONS, NO_RESPONSE];

/** The reason named by a URL or an order, or null for a missing or unknown one (shown as the generic failure). */
export function parseFailReason(value: string | null | undefined): SubmitFailReason | null {
  return value && KNOWN.includes(value) ? (value as SubmitFailReason) : null;
}

/** The text key of a reason: `orders.failReason.<REASON>`, `orders.failReason.UNKNOWN` when there is none. */
export const failReasonKey = (reason: SubmitFailReason | null): string => `orders.failReason.${reason ?? 'UNKNOWN'}`;

/** Reasons that end an order at its authorisation, before any capture: its card was never charged. */
const NEVER_CHARGED: readonly SubmitFailReason[] = [
  'CARD_DECLINED',
  'INSUFFICIENT_FUNDS',
  'THREE_DS_FAILED',
  'THREE_DS_EXPIRED',
  'PARTIAL_AUTH',
];
export const isNeverCharged = (reason: SubmitFailReason | null): boolean => reason !== null && NEVER_CHARGED.includes(reason);

/** No answer, or the processor's own timeout: the order may have been paid, so a new one could buy twice. */
export const isFateUnknown = (reason: SubmitFailReason | null): boolean => reason === NO_RESPONSE || reason === 'PROCESSOR_TIMEOUT';

/**
 * The text key of what becomes of the money of an order that did not succeed: being returned (it is
 * still PROCESSING with a reason: the settlement is refunding the charge or releasing the hold),
 * refunded (it was charged; get-detail says so), not known yet (the processor's answer was lost: a
 * late payment is released or refunded), or never charged (declined, or its hold released).
 */
export function moneyOutcomeKey(order: {
  status: OrderStatus;
  failReason: SubmitFailReason | null;
  refunded: boolean;
  transactionType?: string;
  paymentMethod?: string;
}): string | null {
  if (order.transactionType === 'sell') return sellMoneyOutcomeKey(order.failReason);
  // A bank-transfer buy is paid from the balance (docs/rules/bank-transfers.md): its money goes back there, never to a card.
  if (order.paymentMethod === 'BANK_TRANSFER') {
    if (outcomeOf(order) === 'stopping') return 'bankOrders.outcome.returning';
    return order.refunded ? 'bankOrders.outcome.returned' : 'bankOrders.outcome.notTaken';
  }
  // Klarna's decline says it already: nothing was charged (and no card was involved).
  if (order.failReason === 'KLARNA_DECLINED') return null;
  if (outcomeOf(order) === 'stopping') return 'orders.outcome.refunding';
  if (order.refunded) return 'orders.outcome.refunded';
  if (isFateUnknown(order.failReason)) return 'orders.outcome.unknown';
  return 'orders.outcome.notCharged';
}

/** The reasons only a sell ends with (docs/rules/sell-deposits.md). */
export const SELL_FAIL_REASONS: readonly OrderFailReason[] = [
  'DEPOSIT_NOT_RECEIVED',
  'DEPOSIT_TOO_SMALL',
  'DEPOSIT_SCREENED',
  'PAYOUT_DECLINED',
];

/**
 * What becomes of a sell's money that did not succeed. Its own reasons already say it (nothing
 * arrived, the crypto is owed back, held, or the proceeds kept and paid another way): no second line.
 * Any other ending says that crypto which arrived and was not sold is returned.
 */
function sellMoneyOutcomeKey(reason: SubmitFailReason | null): string | null {
  return reason !== null && SELL_FAIL_REASONS.includes(reason as OrderFailReason) ? null : 'orders.outcome.sellOther';
}
