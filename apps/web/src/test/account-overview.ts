import type { AccountOverview, KybInfo, KycInfo } from '@causeway/contracts';

/** Test-only account info (query-overview-info answers). */

/** An individual's KYC: Pass with flow V1, resident in Germany, no step pending, unless overridden. */
export const kycInfo = (overrides: Partial<KycInfo> = {}): KycInfo => ({
  kycStatus: 'Pass',
  kycFlowVersion: 'V1',
  entitySwitch: false,
  routeEntity: null,
  residentCountry: 'DE',
  entitySwitchDeadline: null,
  hitClickedLaterCache: false,
  overDeadLine: false,
  nextKycStep: null,
  currentKycStep: null,
  remediationStatus: null,
  kycLevel: 1,
  ...overrides,
});

/** A corporate account's KYB: basic Pass unless overridden. */
export const kybInfo = (overrides: Partial<KybInfo> = {}): KybInfo => ({
  kybBasicStatus: 'Pass',
  kybStandardStatus: null,
  eddStatus: null,
  verificationStatus: 'Pass',
  eddFailReason: null,
  verificationFailReason: null,
  ...overrides,
});

/** An active individual on the LI entity whose KYC is `kyc` (Pass unless overridden). */
export const accountOverview = (overrides: Partial<AccountOverview> = {}, kyc: Partial<KycInfo> = {}): AccountOverview => ({
  email: 'ann@example.com',
  userType: 'Individual',
  accountStatus: 'Active',
  accountStatusReasonCode: null,
  entityTag: 'LI',
  requireDynamicQuestionnaire: false,
  ukFlag: false,
  kycInfo: kycInfo(kyc),
  kybInfo: null,
  ...overrides,
});

/** An active corporate account whose basic KYB is `kyb` (Pass unless overridden). */
export const corporateOverview = (kyb: Partial<KybInfo> = {}): AccountOverview =>
  accountOverview({ userType: 'Corporate', kycInfo: null, kybInfo: kybInfo(kyb) });
