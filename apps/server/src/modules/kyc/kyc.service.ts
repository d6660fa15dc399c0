import Decimal from 'decimal.js';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ApplicantReview, KycProvider } from '../../providers/kyc/kyc-provider.ts';
import type { IdentityRepository, UserRow } from '../identity/identity.repository.ts';
import type { KycRepository } from './kyc.repository.ts';
import { limitsFor } from './kyc-limits.ts';
import { overviewOf } from './overview.ts';
import { outcomeOf } from './review-mapping.ts';

export interface KycAddress {
  addressLine: string;
  city: string;
  postalCode: string;
  country: string;
}

/** How long the vendor's hosted step may stay open with one access token. */
export const ACCESS_TOKEN_TTL_SECONDS = 600;

/** Verification of individuals: the profile, the vendor's hosted step, and the reviews the vendor reports. */
export function createKycService(deps: { repository: KycRepository; identity: IdentityRepository; provider: KycProvider; clock: Clock; levelName: string }) {
  const { repository, identity, provider, clock, levelName } = deps;

  const profileOf = (user: UserRow) => repository.ensureProfile({ userId: user.id, provider: provider.kind, levelName, createdAt: clock.now(), updatedAt: clock.now() });

  const addressOf = (profile: { addressLine: string | null; city: string | null; postalCode: string | null; addressCountry: string | null }): KycAddress | null =>
    profile.addressLine && profile.city && profile.postalCode && profile.addressCountry
      ? { addressLine: profile.addressLine, city: profile.city, postalCode: profile.postalCode, country: profile.addressCountry }
      : null;

  const service = {
    profileOf,

    /** Spec §3 account info: KYC for individuals, KYB for corporate accounts. */
    async overview(user: UserRow) {
      const now = clock.now();
      if (user.userType === 'Corporate') return overviewOf(user, undefined, await repository.ensureKybProfile(user.id, now), now);
      return overviewOf(user, await profileOf(user), undefined, now);
    },

    async basicInfo(user: UserRow) {
      const profile = await profileOf(user);
      return {
        firstName: profile.firstName,
        lastName: profile.lastName,
        dob: profile.dob,
        nationality: profile.nationality,
        residentCountry: profile.residentCountry,
        address: addressOf(profile),
        kycStatus: profile.kycStatus as 'Initial',
        kycLevel: profile.kycLevel,
      };
    },

    /**
     * kyc-sync-task-check, polled after the vendor's step: synced once the vendor has reported on
     * the person (the status left Initial) and every event it sent is applied.
     */
    async syncCheck(user: UserRow) {
      const profile = await profileOf(user);
      const waiting = profile.applicantId ? await repository.countUnprocessedEvents(profile.applicantId) : 0;
      return { synced: waiting === 0 && profile.kycStatus !== 'Initial', kycStatus: profile.kycStatus as 'Initial' };
    },

    /** pre-check: whether verification may start now (the region comes from the request's IP). */
    async preCheck(user: UserRow, regionBlocked: boolean) {
      const profile = await profileOf(user);
      const kycStatus = profile.kycStatus as 'Initial';
      const reason =
        user.accountStatus === 'Blocked' || user.accountStatus === 'Terminated' ? 'ACCOUNT_BLOCKED'
          : profile.kycStatus === 'Pass' ? 'ALREADY_VERIFIED'
            : profile.kycStatus === 'Pending' ? 'UNDER_REVIEW'
              : regionBlocked ? 'REGION_NOT_SUPPORTED'
                : null;
      return { canStart: reason === null, reason, kycStatus } as const;
    },

    /** check-address: the address step (kycAddress) is needed once identity passed and no address is known. */
    async checkAddress(user: UserRow) {
      const profile = await profileOf(user);
      const address = addressOf(profile);
      return { required: address === null, address };
    },

    async updateAddress(user: UserRow, address: KycAddress) {
      if (user.accountStatus === 'Blocked' || user.accountStatus === 'Terminated') throw new AppError('USER0000001');
      await profileOf(user);
      await repository.updateProfile(user.id, { addressLine: address.addressLine, city: address.city, postalCode: address.postalCode, addressCountry: address.country, updatedAt: clock.now() });
      return { required: false, address };
    },

    /** upd-kyc-status: the person finished the vendor's step; read the vendor's review now instead of waiting for its webhook. */
    async refreshStatus(user: UserRow) {
      const profile = await profileOf(user);
      if (profile.applicantId) await service.applyReview(await provider.getReview(profile.applicantId));
      return service.overview(await identity.findUserById(user.id) ?? user);
    },

    /** close-remediation: the person went through remediation (Pop → Closed). */
    async closeRemediation(user: UserRow) {
      const profile = await profileOf(user);
      if (profile.remediationStatus === 'Pop') await repository.updateProfile(user.id, { remediationStatus: 'Closed', updatedAt: clock.now() });
      return null;
    },

    /**
     * The limits of every tier with what the person used. Spending is counted from orders, which
     * do not exist yet (issue 5 adds them): until then nothing is spent.
     */
    async limits(user: UserRow) {
      const profile = await profileOf(user);
      const userKycLimitVos = await limitsFor({ userId: user.id, kycLevel: profile.kycLevel, now: clock.now(), spentSince: async () => new Decimal(0) });
      return { kycLevel: profile.kycLevel, userKycLimitVos };
    },

    /** An access token for the vendor's step, creating the vendor's applicant the first time. */
    async startVerification(user: UserRow) {
      const profile = await profileOf(user);
      let applicantId = profile.applicantId;
      if (!applicantId) {
        ({ applicantId } = await provider.createApplicant({ externalUserId: user.id, email: user.email, levelName: profile.levelName }));
        await repository.updateProfile(user.id, { applicantId, updatedAt: clock.now() });
      }
      const { token, url } = await provider.accessToken({ externalUserId: user.id, levelName: profile.levelName, ttlSeconds: ACCESS_TOKEN_TTL_SECONDS });
      return { token, url, applicantId, provider: provider.kind, expiresInSeconds: ACCESS_TOKEN_TTL_SECONDS };
    },

    /**
     * Applies the vendor's current review: status, tier, what the person entered, the UK flag, and
     * a block with its reason code when the review calls for one. Applying the same review again
     * changes nothing, and blocks are never lifted here (only an operator does that).
     */
    async applyReview(review: ApplicantReview): Promise<void> {
      const profile = (await repository.findProfileByApplicant(review.applicantId)) ?? (await repository.findProfile(review.externalUserId));
      if (!profile) throw new Error(`no KYC profile for applicant ${review.applicantId}`);
      const outcome = outcomeOf(review);
      const { info } = review;
      await repository.updateProfile(profile.userId, {
        applicantId: review.applicantId,
        kycStatus: outcome.kycStatus,
        kycLevel: outcome.kycLevel,
        rejectLabels: review.rejectLabels,
        firstName: info.firstName ?? profile.firstName,
        lastName: info.lastName ?? profile.lastName,
        dob: info.dob ?? profile.dob,
        nationality: info.nationality ?? profile.nationality,
        residentCountry: info.residenceCountry ?? profile.residentCountry,
        ukFlag: (info.residenceCountry ?? profile.residentCountry) === 'GB',
        reviewedAt: clock.now(),
        updatedAt: clock.now(),
      });
      if (outcome.blockReasonCode) {
        const user = await identity.findUserById(profile.userId);
        if (user && user.accountStatus !== 'Blocked' && user.accountStatus !== 'Terminated') {
          await identity.updateUser(user.id, { accountStatus: 'Blocked', accountStatusReasonCode: outcome.blockReasonCode });
        }
      }
    },
  };
  return service;
}

export type KycService = ReturnType<typeof createKycService>;
