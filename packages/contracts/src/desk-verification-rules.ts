/**
 * The desk's Verifications screen (docs/rules/operator-desk.md "Verifications"): identity (KYC) and business
 * (KYB) reviews the vendor left for a person to decide, and the operator's decision on one. What both sides
 * need without its schemas (the desk page loads no Zod), the paths included. Spread into PATHS.
 */
const VERIFICATIONS = '/desk/v1/verifications';

export const DESK_VERIFICATION_PATHS = {
  /** KYC and KYB reviews waiting for a decision, oldest first. */
  deskVerificationsWaiting: `${VERIFICATIONS}/waiting`,
  /** Approve, reject, or (identity only) ask for the documents again: sent to the vendor, whose webhook applies it. */
  deskVerificationDecide: `${VERIFICATIONS}/decide`,
} as const;

/** An identity verification of a person (KYC), or a business's company review (KYB). */
export const VERIFICATION_SUBJECTS = ['kyc', 'kyb'] as const;
export type VerificationSubject = (typeof VERIFICATION_SUBJECTS)[number];

/**
 * approve: the vendor records a pass (GREEN). reject: a final refusal (RED FINAL); the person or business cannot
 * retry. askAgain (identity only): the documents are requested again, the person verifies anew.
 */
export const VERIFICATION_DECISIONS = ['approve', 'reject', 'askAgain'] as const;
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number];

/**
 * Why a verification is refused, when fraud is why: the vendor's own external-rejection reasons (Sumsub's "fraud"
 * group), logged at the vendor with the decision. A refusal for another reason says it in the note.
 */
export const VERIFICATION_REJECT_REASONS = [
  'documentForgery',
  'stolenIdentity',
  'imageManipulation',
  'multiAccounting',
  'fakeContactData',
  'locationManipulation',
] as const;
export type VerificationRejectReason = (typeof VERIFICATION_REJECT_REASONS)[number];

/** The operator's note, kept with the decision in the audit log and at the vendor; never shown to the person. */
export const VERIFICATION_NOTE_MAX_LENGTH = 500;

/** At most this many waiting reviews are listed per subject (the oldest). */
export const DESK_VERIFICATIONS_LIMIT = 50;
