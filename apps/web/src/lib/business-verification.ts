import type { KybInfo } from '@causeway/contracts';

/** The business's verification as the banner and the gating read it (docs/rules/kyb.md, spec §4). */
export type BusinessVerificationState = 'Initial' | 'Processing' | 'Pass' | 'Failed' | 'Resubmitting';

/**
 * spec §4 business verification, combined from the four statuses:
 * - Resubmitting when verificationStatus is Resubmitting, or EDD is Resubmitting;
 * - basic counts as Processing when verificationStatus is Processing or Pending;
 * - basic passes only when kybBasicStatus and verificationStatus both pass;
 * - standard (when present) passes only when kybStandardStatus and EDD both pass: until then a business
 *   whose basic passed is Processing (EDD submitted or under review) or Initial (EDD not answered yet).
 */
export function businessVerificationState(info: KybInfo | null): BusinessVerificationState {
  if (!info) return 'Initial';
  if (info.verificationStatus === 'Resubmitting' || info.kybBasicStatus === 'Resubmitting') return 'Resubmitting';
  if (info.kybBasicStatus === 'Failed' || info.verificationStatus === 'Failed') return 'Failed';
  if (info.verificationStatus === 'Processing' || info.verificationStatus === 'Pending') return 'Processing';
  const basicPassed = info.kybBasicStatus === 'Pass' && info.verificationStatus === 'Pass';
  if (!basicPassed) return info.kybBasicStatus === 'Initial' ? 'Initial' : 'Processing';
  if (info.kybStandardStatus === null) return 'Pass';
  if (info.eddStatus === 'Resubmitting') return 'Resubmitting';
  if (info.kybStandardStatus === 'Failed' || info.eddStatus === 'Failed') return 'Failed';
  if (info.kybStandardStatus === 'Pass' && info.eddStatus === 'Pass') return 'Pass';
  return info.eddStatus === null || info.eddStatus === 'Initial' ? 'Initial' : 'Processing';
}

/** The failure message the banner shows (Failed, Resubmitting): EDD's when EDD is what failed. */
export function businessFailureReason(info: KybInfo | null): string | null {
  if (!info) return null;
  if (info.eddStatus === 'Resubmitting' || info.eddStatus === 'Failed') return info.eddFailReason ?? info.verificationFailReason;
  return info.verificationFailReason ?? info.eddFailReason;
}

/** spec §4 Verified badge for a corporate account: kybBasicStatus Pass. */
export const isBusinessVerified = (info: KybInfo | null): boolean => info?.kybBasicStatus === 'Pass';

/**
 * Where a business goes after signing in (spec §4 business login gating): an account that is not
 * Active, or whose basic KYB or standard KYB (when present) has not passed, goes to business-status
 * while its review is Processing or has Failed, and to the portal home (whose banner says what to do)
 * when it has yet to start or must resubmit; a verified business goes to the page it came for, else
 * the portal home.
 */
export function businessLandingPage(accountStatus: string, info: KybInfo | null): 'business-status' | 'corporation-portal/home' | null {
  if (accountStatus !== 'Active') return 'business-status';
  const state = businessVerificationState(info);
  if (state === 'Pass') return null;
  return state === 'Processing' || state === 'Failed' ? 'business-status' : 'corporation-portal/home';
}
