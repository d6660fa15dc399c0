import { ORDER_FAIL_REASONS, type OrderFailReason } from '@causeway/contracts';

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

/** No answer, or the processor's own timeout: the order may have been paid, so a new one could buy twice. */
export const isFateUnknown = (reason: SubmitFailReason | null): boolean => reason === NO_RESPONSE || reason === 'PROCESSOR_TIMEOUT';
