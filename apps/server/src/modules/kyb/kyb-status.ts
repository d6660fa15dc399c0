import { EDD_OWNERSHIP_THRESHOLD_PERCENT, OWNERSHIP_THRESHOLD_PERCENT } from '@causeway/contracts';
import type { CompanyReview } from '../../providers/kyb/kyb-provider.ts';
import type { KybApplicationRow, KybStatusChange } from './kyb.repository.ts';

/** One declared human as the business's status reads them. */
export interface PersonStanding {
  name: string;
  kycStatus: string;
  mustVerify: boolean;
}

/**
 * docs/rules/kyb.md statuses: the business's kybInfo from the vendor's last word on the company, its
 * people's identity verification and enhanced due diligence. Pure: the one place the table lives.
 */
export function kybStatusOf(application: KybApplicationRow, people: readonly PersonStanding[]): KybStatusChange {
  const edd = eddStatusOf(application);
  const basic = (kybBasicStatus: string, verificationStatus: string, verificationFailReason: string | null = null): KybStatusChange => ({
    kybBasicStatus,
    verificationStatus,
    verificationFailReason,
    ...edd,
  });
  switch (application.companyReview) {
    case 'none':
      return application.submittedAt ? basic('Processing', 'Processing') : basic('Initial', 'Initial');
    case 'refused':
      return basic('Failed', 'Failed', application.reviewComment);
    case 'retry':
      return basic('Processing', 'Resubmitting', application.reviewComment);
  }
  const refused = people.find((person) => person.mustVerify && person.kycStatus === 'Fail');
  if (refused) {
    return basic(
      'Processing',
      'Resubmitting',
      `The identity verification of ${refused.name} was refused: replace them in the form, or contact support.`,
    );
  }
  if (application.companyReview === 'pending') return basic('Processing', 'Processing');
  if (application.companyReview === 'onHold') return basic('Processing', 'Pending');
  const waiting = people.some((person) => person.mustVerify && person.kycStatus !== 'Pass');
  return waiting ? basic('Processing', 'Pending') : basic('Pass', 'Pass');
}

function eddStatusOf(application: KybApplicationRow): KybStatusChange {
  switch (application.eddReview) {
    case null:
      return { kybStandardStatus: null, eddStatus: null, eddFailReason: null };
    case 'required':
      return { kybStandardStatus: 'Initial', eddStatus: null, eddFailReason: null };
    case 'pending':
      return { kybStandardStatus: 'Processing', eddStatus: 'Processing', eddFailReason: null };
    case 'resubmit':
      return { kybStandardStatus: 'Processing', eddStatus: 'Resubmitting', eddFailReason: application.eddComment };
    default:
      return { kybStandardStatus: 'Pass', eddStatus: 'Pass', eddFailReason: null };
  }
}

/** The vendor's review in our words: what kyb_applications keeps of it. */
export function companyReviewOf(
  review: CompanyReview,
): Pick<KybApplicationRow, 'companyReview' | 'reviewComment' | 'rejectedFields' | 'eddReview' | 'eddComment'> {
  // Our own operator's refusal (the desk) is labelled for the vendor's records, not explained to the business.
  const labels = review.rejectLabels.filter((label) => label !== 'EXTERNAL_DECISION_REJECTION');
  const comment = review.moderationComment ?? (labels.join(', ') || null);
  const companyReview: KybApplicationRow['companyReview'] =
    review.reviewStatus === 'completed'
      ? review.reviewAnswer === 'GREEN'
        ? 'passed'
        : review.reviewRejectType === 'RETRY'
          ? 'retry'
          : 'refused'
      : review.reviewStatus === 'onHold'
        ? 'onHold'
        : 'pending';
  return {
    companyReview,
    reviewComment: companyReview === 'passed' ? null : comment,
    rejectedFields: companyReview === 'retry' ? review.rejectedFields : [],
    eddReview: review.edd?.status ?? null,
    eddComment: review.edd?.comment ?? null,
  };
}

/**
 * What the business may change now: everything before it submits and when the review asks for
 * corrections; only its owners (to declare those from 10 %) while EDD waits for answers; nothing else.
 */
export function editModeOf(application: KybApplicationRow, verificationStatus: string): 'all' | 'owners' | 'none' {
  if (!application.submittedAt || verificationStatus === 'Resubmitting') return 'all';
  if (application.eddReview === 'required' || application.eddReview === 'resubmit') return 'owners';
  return 'none';
}

/** Owners at this share must be declared and verified: 10 % once EDD applies, else 25 %. */
export const thresholdOf = (application: KybApplicationRow): number =>
  application.eddReview === null ? OWNERSHIP_THRESHOLD_PERCENT : EDD_OWNERSHIP_THRESHOLD_PERCENT;
