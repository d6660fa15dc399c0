import type { KybInfo } from '@causeway/contracts';
/**
 * spec §4 account linking at a business's sign-in, apart from lib/business-verification (which every page
 * loads, for the menu and the gating): only the sign-in needs it.
 */

/** spec §4: the kycLoginFail codes that send a business to account-linking-failed. */
export const ACCOUNT_LINKING_FAIL_CODES = [
  'ALREADY_LINKED_ANOTHER_ACCOUNT',
  'SHARE_KYC_NOT_MATCH_USER_KYC',
  'ACCOUNT_SUCCESS_SHARE_KYC_NOT_MATCH_USER_KYC',
] as const;

/** Whether a business's merchant order is checked at sign-in (spec §4): basic KYB passed, and EDD empty or passed. */
export const checksMerchantOrder = (info: KybInfo | null): boolean =>
  info?.kybBasicStatus === 'Pass' && (info.eddStatus === null || info.eddStatus === 'Pass');

/**
 * spec §4: a merchant order still Initial or Failed whose linked sign-in failed for one of
 * {@link ACCOUNT_LINKING_FAIL_CODES} sends the business to account-linking-failed (with the code and
 * the merchant's name); null otherwise.
 */
export function accountLinkingFailurePage(order: {
  status: string;
  kycLoginFail: { kycLoginStatus: string; merchantName: string } | null;
}): string | null {
  const fail = order.kycLoginFail;
  if (!fail || (order.status !== 'Initial' && order.status !== 'Failed')) return null;
  if (!(ACCOUNT_LINKING_FAIL_CODES as readonly string[]).includes(fail.kycLoginStatus)) return null;
  return `account-linking-failed?failCode=${encodeURIComponent(fail.kycLoginStatus)}&merchantName=${encodeURIComponent(fail.merchantName)}`;
}
