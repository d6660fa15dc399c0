/**
 * docs/sandbox.md, "Business verification (KYB)": how the sandbox reviewer decides, by the company's
 * name (case-insensitive), the first rule that matches winning. The labels are Sumsub's, so the review
 * reads the same whichever vendor made it; the comments are written for the business to read.
 */

/** The fields a person must correct after the sandbox's first review of a "resubmit" company. */
export const SANDBOX_RESUBMIT_FIELDS = ['GeneralData.registrationNumber', 'BusinessData.documents.CERTIFICATE_OF_INCORPORATION'] as const;

export type CompanyDecision =
  /** Held for a person's review: no decision ever comes. */
  | { kind: 'onHold' }
  | {
      kind: 'completed';
      reviewAnswer: 'GREEN' | 'RED';
      reviewRejectType: 'FINAL' | 'RETRY' | null;
      rejectLabels: string[];
      rejectedFields: string[];
      moderationComment: string | null;
      /** GREEN, and the reviewer asks for enhanced due diligence. */
      eddRequired: boolean;
    };

export type EddDecision = { status: 'passed'; comment: null } | { status: 'resubmit'; comment: string };

const green = (eddRequired: boolean): CompanyDecision => ({
  kind: 'completed',
  reviewAnswer: 'GREEN',
  reviewRejectType: null,
  rejectLabels: [],
  rejectedFields: [],
  moderationComment: null,
  eddRequired,
});

const REJECT_COMMENT =
  'We could not verify this company against its official registry, so we cannot accept it as a client. This decision is final.';
const RESUBMIT_COMMENT =
  'Please correct two things and submit again: the registration number does not match the company registry, ' +
  'and the certificate of incorporation is incomplete (upload every page).';
const EDD_RESUBMIT_COMMENT =
  'The source of funds is not supported by the documents provided: please add bank statements covering the last 6 months.';

/** "edd resubmit" anywhere in the name: a business reviewed with EDD whose first answers are sent back. */
const isEddResubmit = (name: string) => name.includes('edd resubmit');

/**
 * The company's review. `submissions` counts this one (1 the first time): a "resubmit" company is sent
 * back once and passes when it comes back corrected, as a real reviewer would.
 */
export function decideCompanyReview(input: { companyName: string; submissions: number }): CompanyDecision {
  const name = input.companyName.toLowerCase();
  if (name.includes('reject'))
    return {
      kind: 'completed',
      reviewAnswer: 'RED',
      reviewRejectType: 'FINAL',
      rejectLabels: ['REGULATIONS_VIOLATIONS'],
      rejectedFields: [],
      moderationComment: REJECT_COMMENT,
      eddRequired: false,
    };
  // Checked before "resubmit", which it contains: the company passes, its EDD answers are sent back.
  if (isEddResubmit(name)) return green(true);
  if (name.includes('resubmit'))
    return input.submissions > 1
      ? green(false)
      : {
          kind: 'completed',
          reviewAnswer: 'RED',
          reviewRejectType: 'RETRY',
          rejectLabels: ['PROBLEMATIC_APPLICANT_DATA', 'INCOMPLETE_DOCUMENT'],
          rejectedFields: [...SANDBOX_RESUBMIT_FIELDS],
          moderationComment: RESUBMIT_COMMENT,
          eddRequired: false,
        };
  if (name.includes('pending')) return { kind: 'onHold' };
  return green(name.includes('edd'));
}

/** The EDD answers' review. `eddSubmissions` counts this one: "edd resubmit" sends the first answers back. */
export function decideEddReview(input: { companyName: string; eddSubmissions: number }): EddDecision {
  if (isEddResubmit(input.companyName.toLowerCase()) && input.eddSubmissions <= 1)
    return { status: 'resubmit', comment: EDD_RESUBMIT_COMMENT };
  return { status: 'passed', comment: null };
}
