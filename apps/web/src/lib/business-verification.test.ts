import type { KybInfo } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { kybInfo } from '@/test/account-overview';
import {
  type BusinessVerificationState,
  businessFailureReason,
  businessLandingPage,
  businessVerificationState,
  isBusinessVerified,
} from './business-verification';

type Statuses = Pick<KybInfo, 'kybBasicStatus' | 'verificationStatus' | 'kybStandardStatus' | 'eddStatus'>;
const statuses = (
  kybBasicStatus: KybInfo['kybBasicStatus'],
  verificationStatus: KybInfo['verificationStatus'],
  kybStandardStatus: KybInfo['kybStandardStatus'] = null,
  eddStatus: KybInfo['eddStatus'] = null,
): Statuses => ({ kybBasicStatus, verificationStatus, kybStandardStatus, eddStatus });

/**
 * Every row of the status table of docs/rules/kyb.md: the four statuses the server stores, the state
 * the banner and gating read from them, and where a business signing in with them lands (Active).
 */
const STATUS_TABLE: Array<[string, Statuses, BusinessVerificationState, ReturnType<typeof businessLandingPage>]> = [
  ['not submitted', statuses('Initial', 'Initial'), 'Initial', 'corporation-portal/home'],
  ['submitted, in review', statuses('Processing', 'Processing'), 'Processing', 'business-status'],
  ['the vendor holds it (onHold)', statuses('Processing', 'Pending'), 'Processing', 'business-status'],
  ['company passed, people still verifying', statuses('Processing', 'Pending'), 'Processing', 'business-status'],
  ['company and every person passed', statuses('Pass', 'Pass'), 'Pass', null],
  ['corrections asked (RETRY), or a person refused', statuses('Processing', 'Resubmitting'), 'Resubmitting', 'corporation-portal/home'],
  ['refused for good (FINAL)', statuses('Failed', 'Failed'), 'Failed', 'business-status'],
  ['EDD asked, not answered yet', statuses('Pass', 'Pass', 'Initial', null), 'Initial', 'corporation-portal/home'],
  ['EDD submitted', statuses('Pass', 'Pass', 'Processing', 'Processing'), 'Processing', 'business-status'],
  ['EDD corrections asked', statuses('Pass', 'Pass', 'Processing', 'Resubmitting'), 'Resubmitting', 'corporation-portal/home'],
  ['EDD passed', statuses('Pass', 'Pass', 'Pass', 'Pass'), 'Pass', null],
];

describe('business verification (docs/rules/kyb.md statuses)', () => {
  it.each(STATUS_TABLE)('%s: the state is %s', (_moment, row, state) => {
    expect(businessVerificationState(kybInfo(row))).toBe(state);
  });

  it.each(STATUS_TABLE)('%s: an active business lands on %s', (_moment, row, _state, landing) => {
    expect(businessLandingPage('Active', kybInfo(row))).toBe(landing);
  });

  it('a business with no verification yet has yet to start: the portal home says what to do', () => {
    expect(businessVerificationState(null)).toBe('Initial');
    expect(businessLandingPage('Active', null)).toBe('corporation-portal/home');
  });

  it.each(['Initial', 'Blocked', 'Terminated'])('an account %s lands on business-status, verified or not', (accountStatus) => {
    expect(businessLandingPage(accountStatus, kybInfo())).toBe('business-status');
    expect(businessLandingPage(accountStatus, null)).toBe('business-status');
  });

  it('basic passes only when kybBasicStatus and verificationStatus both pass', () => {
    expect(businessVerificationState(kybInfo(statuses('Pass', 'Processing')))).toBe('Processing');
    expect(businessVerificationState(kybInfo(statuses('Processing', 'Pass')))).toBe('Processing');
  });

  it('standard, when present, passes only when it and EDD pass; a failed EDD fails the business', () => {
    expect(businessVerificationState(kybInfo(statuses('Pass', 'Pass', 'Pass', 'Processing')))).toBe('Processing');
    expect(businessVerificationState(kybInfo(statuses('Pass', 'Pass', 'Failed', 'Failed')))).toBe('Failed');
  });

  it('the Verified badge is kybBasicStatus Pass alone, whatever EDD says', () => {
    expect(isBusinessVerified(kybInfo())).toBe(true);
    expect(isBusinessVerified(kybInfo(statuses('Pass', 'Pass', 'Processing', 'Resubmitting')))).toBe(true);
    expect(isBusinessVerified(kybInfo(statuses('Processing', 'Pending')))).toBe(false);
    expect(isBusinessVerified(null)).toBe(false);
  });

  it("the failure message is the reviewer's words: EDD's when EDD is what failed", () => {
    const reasons = { verificationFailReason: 'The registry extract is older than 3 months', eddFailReason: 'Source of wealth unclear' };
    expect(businessFailureReason(kybInfo({ ...statuses('Processing', 'Resubmitting'), ...reasons }))).toBe(reasons.verificationFailReason);
    expect(businessFailureReason(kybInfo({ ...statuses('Pass', 'Pass', 'Processing', 'Resubmitting'), ...reasons }))).toBe(
      reasons.eddFailReason,
    );
    expect(businessFailureReason(kybInfo({ ...statuses('Pass', 'Pass', 'Failed', 'Failed'), verificationFailReason: 'x' }))).toBe('x');
    expect(businessFailureReason(kybInfo(statuses('Failed', 'Failed')))).toBeNull();
    expect(businessFailureReason(null)).toBeNull();
  });
});
