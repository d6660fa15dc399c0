import type { ID_DOCUMENT_TYPES } from '@causeway/contracts';
import type { DocumentType } from '../../platform/document-type.ts';

/**
 * The identity-verification vendor (Sumsub, or the sandbox vendor that behaves like it). We keep
 * our own view of a person's verification; the vendor owns the documents and the decision, and
 * tells us through signed webhooks. A webhook is only a nudge: processing re-reads the applicant's
 * review from the vendor, so replayed or out-of-order events end in the same state.
 */

/** The vendor's review, in the vendor's own terms (Sumsub's names; the sandbox uses the same). */
export interface ApplicantReview {
  applicantId: string;
  externalUserId: string;
  /** init, pending, prechecked, queued, completed, onHold. */
  reviewStatus: string;
  /** With reviewStatus completed: GREEN passed, RED refused. */
  reviewAnswer: 'GREEN' | 'RED' | null;
  /** With RED: FINAL (do not retry) or RETRY (the person may resubmit). */
  reviewRejectType: 'FINAL' | 'RETRY' | null;
  /** Why, e.g. FORGERY, DUPLICATE, SANCTIONS, REGULATIONS_VIOLATIONS, DOCUMENT_PAGE_MISSING. */
  rejectLabels: string[];
  /** What the person entered, as far as the vendor shares it. */
  info: ApplicantInfo;
  /**
   * When the vendor made this review, by the vendor's own clock (Sumsub: review.reviewDate, else
   * review.createDate; the sandbox: its applicant row's last change), or null when it gives none.
   * An older review never overwrites a newer one we already applied.
   */
  reviewedAt: Date | null;
}

export interface ApplicantInfo {
  firstName?: string | undefined;
  lastName?: string | undefined;
  /** YYYY-MM-DD. */
  dob?: string | undefined;
  /** ISO alpha-2 (our convention; Sumsub answers alpha-3, the adapter converts). */
  nationality?: string | undefined;
  residenceCountry?: string | undefined;
}

/** docs/rules/order-states.md document types: what the person photographed on our own document step (flow V2). */
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];

/** Our own document step's submission (kycFlowVersion V2): the details typed and the stored document files. */
export interface DocumentSubmission {
  applicantId: string;
  externalUserId: string;
  info: Required<ApplicantInfo>;
  documentType: IdDocumentType;
  /**
   * One file (passport, or a single scan) or two (front and back of a card), each with its type as
   * its magic bytes say (checked before submission).
   */
  files: Array<{ fileName: string; bytes: Buffer; type: DocumentType; side: 'FRONT_SIDE' | 'BACK_SIDE' | null }>;
}

/** A verified webhook, reduced to what we act on. */
export interface KycWebhookEvent {
  /** Unique per event (the vendor's id, or a digest of the body): duplicates are dropped on it. */
  eventKey: string;
  type: string;
  applicantId: string;
  externalUserId: string;
  /** When the vendor created the event (ms). */
  createdAtMs: number;
}

/**
 * An operator's decision on an applicant the vendor left for a person to decide (docs/rules/operator-desk.md
 * "Verifications"), in the vendor's terms: approve (a GREEN review), reject (RED FINAL, the vendor adds its label
 * EXTERNAL_DECISION_REJECTION; `reason` is one of its external-rejection reasons of the fraud group, logged there),
 * askAgain (the documents are requested again: review status init). The note is the operator's, kept at the
 * vendor; never shown to the person. The vendor's new review arrives by webhook, like any other.
 */
export type ApplicantDecision =
  { kind: 'approve'; note: string | null } | { kind: 'reject'; note: string; reason: string | null } | { kind: 'askAgain'; note: string };

export interface KycProvider {
  readonly kind: 'sandbox' | 'sumsub';
  /** Creates (or finds, for the same externalUserId) the vendor's applicant at a verification level. */
  createApplicant(input: { externalUserId: string; email: string; levelName: string }): Promise<{ applicantId: string }>;
  /**
   * A short-lived token for the vendor's hosted step (Sumsub WebSDK), and for the sandbox the URL
   * of its own verification page.
   */
  accessToken(input: { externalUserId: string; levelName: string; ttlSeconds: number }): Promise<{ token: string; url: string | null }>;
  /**
   * Flow V2: sends the person's details and the documents our own step collected, and asks the
   * vendor to review them (it answers by webhook, like after its hosted step).
   */
  submitDocuments(submission: DocumentSubmission): Promise<void>;
  /**
   * Reusable KYC: asks the vendor to verify the person anew under OUR level (`levelName`) from what
   * another client of the vendor (a merchant, the donor) verified and shared through a single-use
   * share token. This is a recheck, not a copy: the donor's review is never taken over. The answer
   * is only the new applicant's id (its `externalUserId` is ours, so its webhooks find the person);
   * the vendor's own review of it arrives by webhook like any other, and nothing may be concluded
   * before. Throws SharedKycRefusedError when the vendor refuses to reuse (the token, the person's
   * data or our account's configuration at fault: its `refusal` says which); an outage throws
   * anything else, to be retried.
   */
  reuseSharedApplicant(input: { shareToken: string; externalUserId: string; levelName: string }): Promise<{ applicantId: string }>;
  /** The applicant's current review: what a webhook's processing applies. */
  getReview(applicantId: string): Promise<ApplicantReview>;
  /** An operator's decision (see ApplicantDecision): the vendor takes it, and tells its outcome by webhook. */
  decide(applicantId: string, decision: ApplicantDecision): Promise<void>;
  /** Checks the webhook's signature over the raw body (throws WebhookSignatureError) and parses it. */
  parseWebhook(input: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> }): KycWebhookEvent;
}

/** The webhook's signature is missing, wrong, or made with a refused algorithm: nothing happens. */
export class WebhookSignatureError extends Error {}

/**
 * The adapter refused what it was asked to send before calling the vendor (e.g. a country code it
 * cannot translate): the request is at fault, not the vendor, so the person gets a 400, not an outage.
 */
export class VendorInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VendorInputError';
  }
}

/**
 * Whose side must act when the vendor refuses to reuse a shared applicant. In every case the person
 * simply verifies here as anyone else; this only says who is told, and how loudly.
 * - merchant: the share token it sent is at fault (unknown, malformed, expired, spent, or not for our level);
 * - person: what they verified with the merchant cannot serve our level (not approved there, an
 *   outdated or unsuitable document, no liveness, data that does not match theirs here, ...);
 * - operator: our own vendor account (Reusable KYC off, the merchant not a sharing partner, our app
 *   token or its permissions refused), which no merchant or person can fix.
 */
export type SharedKycRefusalParty = 'merchant' | 'person' | 'operator';

/**
 * Why, in stable words (logged, and later reported to the merchant). Sumsub's own error names where
 * it gives one (providers/kyc/sumsub-reuse-errors.ts lists which code means what), plus:
 * token-invalid (the generic "Token is invalid" refusal: unknown, expired or spent),
 * vendor-credentials-refused (our app token or signature), vendor-permission-refused (our app
 * token's role), unrecognised (a refusal this server does not know: an operator must look).
 */
export type SharedKycRefusalReason =
  | 'token-invalid'
  | 'invalid-partner-id'
  | 'invalid-share-token'
  | 'non-suitable-share-token'
  | 'not-in-partners-list'
  | 'reusable-kyc-disabled'
  | 'vendor-credentials-refused'
  | 'vendor-permission-refused'
  | 'unrecognised'
  | 'reusable-kyc-not-reusable'
  | 'reusable-kyc-not-approved-applicant'
  | 'reusable-kyc-not-active-applicant'
  | 'reusable-kyc-not-kyc-moderation-type'
  | 'reusable-kyc-not-selfie-or-identity-doc'
  | 'reusable-kyc-not-selfie-liveness'
  | 'reusable-kyc-not-req-doc-overlap'
  | 'reusable-kyc-not-compatible-doc-type'
  | 'reusable-kyc-not-actual-poi-date'
  | 'reusable-kyc-not-actual-poa-date'
  | 'reusable-kyc-not-acceptable-age'
  | 'reusable-kyc-incompatible-capture-settings'
  | 'reusable-kyc-email-mismatch'
  | 'reusable-kyc-phone-mismatch'
  | 'reusable-kyc-inactive-sumsub-id-account';

export interface SharedKycRefusal {
  party: SharedKycRefusalParty;
  reason: SharedKycRefusalReason;
  /** The vendor's own error code (Sumsub's 105xx), or null when it gave none (a 401, or refused before sending). */
  vendorErrorCode: number | null;
  /** With party operator: what to change, in words an operator can act on; null otherwise. */
  operatorAction: string | null;
}

/**
 * The vendor refused to reuse a shared applicant: final, retrying cannot help. A VendorInputError
 * (the request, not an outage), carrying the typed refusal. Its message never holds the share token.
 */
export class SharedKycRefusedError extends VendorInputError {
  constructor(
    readonly refusal: SharedKycRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'SharedKycRefusedError';
  }
}
