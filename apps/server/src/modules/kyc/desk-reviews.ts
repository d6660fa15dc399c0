import type { ApplicantDecision, KycProvider } from '../../providers/kyc/kyc-provider.ts';
import type { VerificationReviews, WaitingReview } from '../desk/index.ts';
import type { KycRepository } from './kyc.repository.ts';

type WaitingRow = Awaited<ReturnType<KycRepository['waitingReviews']>>[number];

/**
 * People's identity verifications the vendor has not decided (Pending), for the desk's Verifications screen
 * (docs/rules/operator-desk.md "Verifications"), and an operator's decision on one, sent to the vendor. Its
 * webhook then applies the new review as any other (kyc.service.ts applyReview).
 */
export function createKycDeskReviews(deps: { repository: KycRepository; provider: KycProvider }): VerificationReviews {
  const view = ({ profile, email }: WaitingRow): WaitingReview => ({
    userId: profile.userId,
    // The query takes only rows with an applicant.
    applicantId: profile.applicantId ?? '',
    provider: profile.provider,
    email,
    name: [profile.firstName, profile.lastName].filter(Boolean).join(' ') || null,
    country: profile.residentCountry ?? profile.addressCountry,
    status: profile.kycStatus,
    waitingSince: profile.reviewedAt ?? profile.updatedAt,
    reviewedAt: profile.reviewedAt,
  });
  return {
    waiting: async (limit) => (await deps.repository.waitingReviews({ limit })).map(view),
    waitingOf: async (userId) => {
      const [row] = await deps.repository.waitingReviews({ userId });
      return row && view(row);
    },
    decide: (applicantId: string, decision: ApplicantDecision) => deps.provider.decide(applicantId, decision),
  };
}
