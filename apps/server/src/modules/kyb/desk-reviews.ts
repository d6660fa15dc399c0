import type { KybProvider } from '../../providers/kyb/kyb-provider.ts';
import { VendorInputError } from '../../providers/kyc/kyc-provider.ts';
import type { VerificationReviews, WaitingReview } from '../desk/index.ts';
import type { KybRepository } from './kyb.repository.ts';

type WaitingRow = Awaited<ReturnType<KybRepository['waitingReviews']>>[number];

/**
 * Businesses' company reviews the vendor has not decided (pending, or onHold: held for a person), for the desk's
 * Verifications screen (docs/rules/operator-desk.md "Verifications"), and an operator's approval or refusal, sent
 * to the vendor. Its webhook then applies the new review as any other (kyb-review.ts).
 */
export function createKybDeskReviews(deps: { repository: KybRepository; provider: KybProvider }): VerificationReviews {
  const view = ({ application, email }: WaitingRow): WaitingReview => ({
    userId: application.userId,
    // The query takes only rows with an applicant.
    applicantId: application.applicantId ?? '',
    provider: application.provider ?? 'unknown',
    email,
    name: application.generalData.companyName ?? null,
    country: application.generalData.jurisdiction ?? null,
    status: application.companyReview,
    waitingSince: application.submittedAt ?? application.updatedAt,
    reviewedAt: application.reviewedAt,
  });
  return {
    waiting: async (limit) => (await deps.repository.waitingReviews({ limit })).map(view),
    waitingOf: async (userId) => {
      const [row] = await deps.repository.waitingReviews({ userId });
      return row && view(row);
    },
    decide: async (applicantId, decision) => {
      if (decision.kind === 'askAgain') throw new VendorInputError("documents are asked again only of a person's identity verification");
      await deps.provider.decide(applicantId, decision);
    },
  };
}
