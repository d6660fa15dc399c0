import type { DocumentType } from '../../platform/document-type.ts';
import type { ApplicantDecision } from '../kyc/kyc-provider.ts';

/**
 * The business-verification (KYB) vendor: Sumsub's company applicants, or the sandbox reviewer that
 * behaves like it. We keep the business's form and our own view of its status; the vendor reviews the
 * company (its registry data, documents, ownership) and tells us through signed webhooks. As with KYC, a
 * webhook is only a nudge: processing re-reads the company's review, so replays and reordering end in
 * the same state. The business's people verify their identity through the KYC vendor, apart.
 */

export interface KybAddressInfo {
  addressLine: string;
  city: string;
  postalCode: string;
  /** ISO alpha-2. */
  country: string;
}

/** A person of the company as the vendor records them (a beneficiary in Sumsub's terms). */
export interface KybBeneficiary {
  /** Our id for them (kyb_individuals.id). */
  id: string;
  role: 'director' | 'shareholder' | 'authorizedTrader';
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dob: string;
  nationality: string;
  email: string;
  /** Shareholders: their share through the chain, in percent. */
  sharePercent: number | null;
  /** The KYC vendor's applicant for them, once made. */
  kycApplicantId: string | null;
}

export interface KybDocument {
  /** Our document type (CERTIFICATE_OF_INCORPORATION, SOURCE_OF_FUNDS...). */
  type: string;
  fileName: string;
  bytes: Buffer;
  /** As the file's magic bytes say (checked before submission). */
  contentType: DocumentType;
}

/** What submit-all sends: the company as the form has it. */
export interface KybCompanySubmission {
  /** Our id for the business (the account's user id). */
  externalId: string;
  levelName: string;
  companyName: string;
  registrationNumber: string;
  /** ISO alpha-2. */
  country: string;
  legalEntityType: string;
  /** YYYY-MM-DD. */
  incorporationDate: string;
  taxId: string;
  website: string;
  email: string;
  registeredAddress: KybAddressInfo;
  businessAddress: KybAddressInfo | null;
  beneficiaries: KybBeneficiary[];
  documents: KybDocument[];
}

/** The enhanced due diligence answers, when the vendor asked for them. */
export interface KybEddSubmission {
  applicantId: string;
  answers: Array<{ questionId: string; questionText: string; answer: string }>;
  documents: KybDocument[];
}

/** The vendor's review of the company, in Sumsub's terms (the sandbox uses the same). */
export interface CompanyReview {
  applicantId: string;
  externalId: string;
  /** init, pending, queued, onHold, completed. */
  reviewStatus: string;
  /** With completed: GREEN passed, RED refused. */
  reviewAnswer: 'GREEN' | 'RED' | null;
  /** With RED: FINAL (do not retry) or RETRY (the business may correct and resubmit). */
  reviewRejectType: 'FINAL' | 'RETRY' | null;
  /** Why, in the vendor's labels (COMPANY_NOT_DEFINED_REPRESENTATIVES, REGULATIONS_VIOLATIONS...). */
  rejectLabels: string[];
  /** The vendor's words to the client, shown as the failure reason. */
  moderationComment: string | null;
  /** With RETRY: our form's fields the reviewer asked to be corrected, e.g. GeneralData.registrationNumber. */
  rejectedFields: string[];
  /**
   * Enhanced due diligence: null when not asked; 'required' when the reviewer asks for it (the business
   * then answers the EDD questionnaire and declares owners from 10 %); then the EDD review's own state.
   */
  edd: null | { status: 'required' | 'pending' | 'passed' | 'resubmit'; comment: string | null };
  /** When the vendor made this review, by its own clock; an older review never overwrites a newer one. */
  reviewedAt: Date | null;
}

/** A verified webhook, reduced to what we act on. */
export interface KybWebhookEvent {
  eventKey: string;
  type: string;
  applicantId: string;
  externalId: string;
  createdAtMs: number;
}

export interface KybProvider {
  readonly kind: 'sandbox' | 'sumsub';
  /**
   * Creates (or, for the same externalId, updates and resubmits) the company applicant with its data,
   * beneficiaries and documents, and asks for a review. It answers by webhook.
   */
  submitCompany(submission: KybCompanySubmission): Promise<{ applicantId: string }>;
  /** Sends the EDD answers and asks for their review. */
  submitEdd(submission: KybEddSubmission): Promise<void>;
  /** The company's current review: what a webhook's processing applies. */
  getReview(applicantId: string): Promise<CompanyReview>;
  /**
   * An operator's decision on the company (approve or reject; asking again is an identity verification's), as
   * for a person's applicant: the vendor takes it and tells its outcome by webhook.
   */
  decide(applicantId: string, decision: Exclude<ApplicantDecision, { kind: 'askAgain' }>): Promise<void>;
  /** The vendor's hosted KYB form for this business, when it has one (Sumsub: a WebSDK link); null otherwise. */
  hostedFormUrl(input: { externalId: string; levelName: string }): Promise<string | null>;
  /** Checks the webhook's signature over the raw body (throws WebhookSignatureError) and parses it. */
  parseWebhook(input: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> }): KybWebhookEvent;
}
