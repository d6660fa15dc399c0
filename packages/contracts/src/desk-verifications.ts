import { z } from 'zod';
import {
  VERIFICATION_DECISIONS,
  VERIFICATION_NOTE_MAX_LENGTH,
  VERIFICATION_REJECT_REASONS,
  VERIFICATION_SUBJECTS,
} from './desk-verification-rules.ts';

/**
 * The desk's Verifications screen (docs/rules/operator-desk.md "Verifications"), as JSON: what waits for an
 * operator's decision at the identity vendor, and the decision.
 */

const decisionSchema = z.object({
  decision: z.enum(VERIFICATION_DECISIONS),
  reason: z.enum(VERIFICATION_REJECT_REASONS).nullable(),
  note: z.string().nullable(),
  /** The deciding operator's display name. */
  by: z.string(),
  at: z.string(),
});

export const deskVerificationSchema = z.object({
  subject: z.enum(VERIFICATION_SUBJECTS),
  /** The person's account (KYC), or the business's (KYB). */
  userId: z.string(),
  email: z.string().nullable(),
  /** The person's name as the vendor read it, or the company's name as the business gave it; null before either is known. */
  name: z.string().nullable(),
  /** Residence (KYC) or the company's country (KYB), ISO alpha-2. */
  country: z.string().nullable(),
  /** Our status of it: Pending (KYC), or the company review's pending or onHold (KYB). */
  status: z.string(),
  /** The vendor (sandbox or sumsub) and its applicant: where the documents are looked at. */
  provider: z.string(),
  applicantId: z.string(),
  /** Since when it waits (the last change the vendor told us of). */
  waitingSince: z.string(),
  /** A decision sent to the vendor whose answer has not arrived yet: no second decision is taken meanwhile. */
  decision: decisionSchema.nullable(),
});
export type DeskVerification = z.infer<typeof deskVerificationSchema>;

export const deskVerificationsWaitingSchema = z.object({ verifications: z.array(deskVerificationSchema) });

export const deskVerificationDecideSchema = z
  .object({
    subject: z.enum(VERIFICATION_SUBJECTS),
    userId: z.string().trim().min(1).max(32),
    decision: z.enum(VERIFICATION_DECISIONS),
    /** With reject, when fraud is why; nothing else takes one. */
    reason: z.enum(VERIFICATION_REJECT_REASONS).optional(),
    note: z.string().trim().max(VERIFICATION_NOTE_MAX_LENGTH).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.decision !== 'approve' && !body.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'a refusal or a request for documents says why in the note' });
    if (body.reason !== undefined && body.decision !== 'reject')
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'only a rejection takes a reason' });
    if (body.decision === 'askAgain' && body.subject !== 'kyc')
      ctx.addIssue({ code: 'custom', path: ['decision'], message: "documents are asked again only of a person's identity verification" });
  });
export type DeskVerificationDecide = z.infer<typeof deskVerificationDecideSchema>;

export const deskVerificationDecidedSchema = z.object({
  subject: z.enum(VERIFICATION_SUBJECTS),
  userId: z.string(),
  decision: z.enum(VERIFICATION_DECISIONS),
  /** When the vendor took it; its answer (the new status) arrives by webhook. */
  sentAt: z.string(),
});
