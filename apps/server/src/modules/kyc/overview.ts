import type { AccountOverview, KybInfo, KycInfo } from '@causeway/contracts';
import type { Principal } from '../identity/index.ts';
import type { KybProfileRow, KycProfileRow } from './kyc.repository.ts';

type Step = KycInfo['currentKycStep'];

/**
 * Where the person stands in our flow: the vendor's identity step until it passes, then the
 * address (kycAddress, proof of address) when we have none.
 */
export function stepsOf(profile: KycProfileRow): { currentKycStep: Step; nextKycStep: Step } {
  const needsAddress = !profile.addressLine;
  switch (profile.kycStatus) {
    case 'Pass':
      return { currentKycStep: needsAddress ? 'POA' : null, nextKycStep: null };
    case 'Fail':
      return { currentKycStep: null, nextKycStep: null };
    default:
      return { currentKycStep: 'IDV_AND_LIVENESS_CHECK', nextKycStep: needsAddress ? 'POA' : null };
  }
}

export function kycInfoOf(profile: KycProfileRow, now: Date, sharedKyc: KycInfo['sharedKyc'] = null): KycInfo {
  return {
    kycStatus: profile.kycStatus as KycInfo['kycStatus'],
    kycFlowVersion: profile.kycFlowVersion as KycInfo['kycFlowVersion'],
    entitySwitch: profile.entitySwitch,
    routeEntity: (profile.routeEntity as KycInfo['routeEntity']) ?? null,
    residentCountry: profile.residentCountry,
    entitySwitchDeadline: profile.entitySwitchDeadline?.toISOString() ?? null,
    hitClickedLaterCache: profile.hitClickedLater,
    overDeadLine: profile.entitySwitchDeadline !== null && profile.entitySwitchDeadline <= now,
    ...stepsOf(profile),
    remediationStatus: (profile.remediationStatus as KycInfo['remediationStatus']) ?? null,
    kycLevel: profile.kycLevel,
    sharedKyc,
  };
}

export function kybInfoOf(profile: KybProfileRow): KybInfo {
  return {
    kybBasicStatus: profile.kybBasicStatus as KybInfo['kybBasicStatus'],
    kybStandardStatus: (profile.kybStandardStatus as KybInfo['kybStandardStatus']) ?? null,
    eddStatus: (profile.eddStatus as KybInfo['eddStatus']) ?? null,
    verificationStatus: profile.verificationStatus as KybInfo['verificationStatus'],
    eddFailReason: profile.eddFailReason,
    verificationFailReason: profile.verificationFailReason,
  };
}

/** docs/rules/entities.md account info: individuals carry kycInfo, corporate accounts kybInfo. */
export function overviewOf(
  user: Principal,
  kyc: KycProfileRow | undefined,
  kyb: KybProfileRow | undefined,
  now: Date,
  sharedKyc: KycInfo['sharedKyc'] = null,
): AccountOverview {
  return {
    email: user.email,
    userType: user.userType as AccountOverview['userType'],
    accountStatus: user.accountStatus as AccountOverview['accountStatus'],
    accountStatusReasonCode: user.accountStatusReasonCode,
    entityTag: user.entityTag as AccountOverview['entityTag'],
    requireDynamicQuestionnaire: kyc?.requireDynamicQuestionnaire ?? false,
    ukFlag: kyc?.ukFlag ?? false,
    kycInfo: kyc ? kycInfoOf(kyc, now, sharedKyc) : null,
    kybInfo: kyb ? kybInfoOf(kyb) : null,
  };
}
