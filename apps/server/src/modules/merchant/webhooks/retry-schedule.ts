/**
 * When a delivery is tried again after a failed attempt (docs/rules/merchant-webhooks.md): quickly at
 * first (a deploy, a blip), then further apart, for a little over three days in all, so a merchant whose
 * endpoint is down over a weekend still gets every event. Delays follow the attempt they come after:
 * attempt 1 is immediate, attempt 2 comes 5 s after attempt 1 fails, and so on.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
];
/** Every attempt: the first, then one per delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** When to try again after `attempts` failed attempts, or null when that was the last. */
export function nextAttemptAt(attempts: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}
