import type { Clock } from '../../platform/clock.ts';
import type { ApplicantReview, KycProvider } from '../../providers/kyc/kyc-provider.ts';
import type { IdentityRepository, UserRow } from '../identity/identity.repository.ts';
import type { KycRepository } from './kyc.repository.ts';
import { outcomeOf } from './review-mapping.ts';

/** How long the vendor's hosted step may stay open with one access token. */
export const ACCESS_TOKEN_TTL_SECONDS = 600;

/** Verification of individuals: the profile, the vendor's hosted step, and the reviews the vendor reports. */
export function createKycService(deps: { repository: KycRepository; identity: IdentityRepository; provider: KycProvider; clock: Clock; levelName: string }) {
  const { repository, identity, provider, clock, levelName } = deps;

  const profileOf = (user: UserRow) => repository.ensureProfile({ userId: user.id, provider: provider.kind, levelName, createdAt: clock.now(), updatedAt: clock.now() });

  return {
    profileOf,

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
}

export type KycService = ReturnType<typeof createKycService>;
