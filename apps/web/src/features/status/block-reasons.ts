/**
 * docs/rules/order-states.md: the account-block reason codes and the text key of each. Any other code, or none,
 * is shown as 999999 ("Blocked due to compliance with code 999999").
 */
export const BLOCK_REASON_KEYS = {
  AC100001: 'countryNotAccepted',
  AC100011: 'countryNotAccepted',
  AC100002: 'sanctionHit',
  AC100003: 'duplicateAccount',
  AC100004: 'riskRating',
  AC100005: 'terminatedEndingJourney',
  AC100006: 'terminatedAfterAnswer',
  AC100007: 'answerFail',
  AC100008: 'extremeRisk',
} as const;

export const UNKNOWN_BLOCK_CODE = '999999';

export type BlockReasonCode = keyof typeof BLOCK_REASON_KEYS;

/** The code to show and the text key of its reason; unknown or absent codes become 999999. */
export function describeBlock(code: string | null | undefined): { code: string; reasonKey: string } {
  if (code && Object.hasOwn(BLOCK_REASON_KEYS, code)) return { code, reasonKey: BLOCK_REASON_KEYS[code as BlockReasonCode] };
  return { code: UNKNOWN_BLOCK_CODE, reasonKey: 'unknown' };
}
