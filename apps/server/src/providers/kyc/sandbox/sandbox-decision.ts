/** What the person typed on the sandbox verification page. */
export interface SandboxApplicantInfo {
  firstName: string;
  lastName: string;
  dob: string;
  nationality: string;
  residenceCountry: string;
}

export type SandboxDecision =
  | { kind: 'pending' }
  | {
      kind: 'reviewed';
      reviewAnswer: 'GREEN' | 'RED';
      reviewRejectType: 'FINAL' | 'RETRY' | null;
      rejectLabels: string[];
      afterDelay: boolean;
    };

const red = (reviewRejectType: 'FINAL' | 'RETRY', label: string): SandboxDecision => ({
  kind: 'reviewed',
  reviewAnswer: 'RED',
  reviewRejectType,
  rejectLabels: [label],
  afterDelay: false,
});

/**
 * docs/sandbox.md, "Identity verification": the outcome follows the last name (case-insensitive). The labels
 * are the ones Sumsub uses for the same outcomes, so our review mapping treats both vendors alike. Countries
 * are not the vendor's to judge here: our own country rules (the availability module) refuse a residence or a
 * nationality as the review arrives, whichever vendor sent it.
 */
export function decideSandboxReview(info: SandboxApplicantInfo): SandboxDecision {
  const lastName = info.lastName.toLowerCase();
  if (lastName.includes('reject')) return red('FINAL', 'FRAUDULENT_PATTERNS');
  if (lastName.includes('resubmit')) return red('RETRY', 'UNSATISFACTORY_PHOTOS');
  if (lastName.includes('pending')) return { kind: 'pending' };
  if (lastName.includes('sanction')) return red('FINAL', 'SANCTIONS');
  if (lastName.includes('duplicate')) return red('FINAL', 'DUPLICATE');
  return { kind: 'reviewed', reviewAnswer: 'GREEN', reviewRejectType: null, rejectLabels: [], afterDelay: true };
}
