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
   * Reusable KYC: imports the applicant another client of the vendor (a merchant) verified and
   * shared with us through a single-use share token. The vendor rechecks it against our level and
   * answers by webhook. Throws VendorInputError when the token is refused (unknown, used, expired).
   */
  importSharedApplicant(input: { shareToken: string; externalUserId: string; levelName: string }): Promise<{ applicantId: string }>;
  /** The applicant's current review: what a webhook's processing applies. */
  getReview(applicantId: string): Promise<ApplicantReview>;
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
