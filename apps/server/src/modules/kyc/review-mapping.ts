import type { KycStatus } from '@causeway/contracts';
import type { ApplicantReview } from '../../providers/kyc/kyc-provider.ts';

/** Vendor reject labels that end the account, with the docs/rules/order-states.md reason code (user-blocked?code=). */
const BLOCKING_LABELS: Record<string, string> = {
  SANCTIONS: 'AC100002',
  DUPLICATE: 'AC100003',
  WRONG_USER_REGION: 'AC100001',
};

export interface ReviewOutcome {
  kycStatus: KycStatus;
  /** The limits tier: 1 once verified. */
  kycLevel: 0 | 1;
  /** Set when the account must be blocked, with its reason code. */
  blockReasonCode: string | null;
}

/**
 * A vendor review → our KYC status (docs/rules/order-states.md stages). Completed GREEN is the only Pass; RED with
 * RETRY lets the person resubmit; RED FINAL fails, and sanctions, duplicates and refused countries
 * also block the account with their reason code. Anything not completed is Pending (or Initial
 * before the person submitted anything).
 */
export function outcomeOf(
  review: Pick<ApplicantReview, 'reviewStatus' | 'reviewAnswer' | 'reviewRejectType' | 'rejectLabels'>,
): ReviewOutcome {
  if (review.reviewStatus === 'init') return { kycStatus: 'Initial', kycLevel: 0, blockReasonCode: null };
  if (review.reviewStatus !== 'completed' || !review.reviewAnswer) return { kycStatus: 'Pending', kycLevel: 0, blockReasonCode: null };
  if (review.reviewAnswer === 'GREEN') return { kycStatus: 'Pass', kycLevel: 1, blockReasonCode: null };
  const blockReasonCode = review.rejectLabels.map((label) => BLOCKING_LABELS[label]).find(Boolean) ?? null;
  if (blockReasonCode) return { kycStatus: 'Fail', kycLevel: 0, blockReasonCode };
  return { kycStatus: review.reviewRejectType === 'RETRY' ? 'Resubmitting' : 'Fail', kycLevel: 0, blockReasonCode: null };
}
