/**
 * An operator's decision as Sumsub's API takes it, for both Sumsub adapters (KYC sumsub.ts, KYB sumsub-kyb.ts),
 * which sign and send it with their own `call` (the signature covers this JSON body as sent):
 * - approve: https://docs.sumsub.com/reference/approve-applicant — POST /resources/applicants/{id}/-/approve,
 *   {note} or {} (Sumsub wants a body even when empty; `reasons` with an approval is refused with 409, so it never
 *   has any).
 * - reject: https://docs.sumsub.com/reference/reject-applicant — POST /resources/applicants/{id}/-/reject,
 *   {note, reasons: {fraud: [reason]}}, reasons grouped by Sumsub's group id, all of ours of the group fraud;
 *   without a reason no `reasons`.
 * - askAgain (identity verification only): https://docs.sumsub.com/reference/change-applicant-status-to-init —
 *   POST /resources/applicants/{id}/-/init, {note}.
 * No tags are sent. Everything is checked here, before anything is sent (VendorInputError).
 */
import { VERIFICATION_REJECT_REASONS } from '@causeway/contracts';
import { type ApplicantDecision, VendorInputError } from './kyc-provider.ts';

/**
 * Sumsub's external-rejection reasons of its group "fraud", the only ones a decision of ours gives: the desk's own
 * list (contracts' VERIFICATION_REJECT_REASONS) is named after them.
 */
export const SUMSUB_FRAUD_REASONS: readonly string[] = VERIFICATION_REJECT_REASONS;

/** Sumsub's applicant ids are 24 lowercase letters and digits; anything path-like is refused before it reaches a URL. */
const APPLICANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type SumsubDecisionBody = { note?: string; reasons?: { fraud: string[] } };

export interface SumsubDecisionRequest {
  /** The call's name in messages: approveApplicant, rejectApplicant or changeStatusToInit. */
  operation: string;
  /** POST to this path. */
  path: string;
  json: SumsubDecisionBody;
}

/**
 * The request for `decision` on `applicantId`. `caller` names the adapter's method in messages; `askAgain: false`
 * (a company) refuses an askAgain, whatever the type let through.
 */
export function sumsubDecisionRequest(
  caller: string,
  applicantId: string,
  decision: ApplicantDecision,
  allowed: { askAgain: boolean } = { askAgain: true },
): SumsubDecisionRequest {
  const fail = (why: string): never => {
    throw new VendorInputError(`Sumsub ${caller}: ${why} (nothing was sent)`);
  };
  if (!APPLICANT_ID.test(applicantId)) fail('malformed applicantId');
  const path = `/resources/applicants/${encodeURIComponent(applicantId)}/-/`;
  const note = typeof decision.note === 'string' && decision.note !== '' ? { note: decision.note } : {};
  switch (decision.kind) {
    case 'approve':
      return { operation: 'approveApplicant', path: `${path}approve`, json: note };
    case 'reject': {
      const { reason } = decision;
      if (reason !== null && !SUMSUB_FRAUD_REASONS.includes(reason)) fail('unknown rejection reason');
      return {
        operation: 'rejectApplicant',
        path: `${path}reject`,
        json: reason === null ? note : { ...note, reasons: { fraud: [reason] } },
      };
    }
    case 'askAgain':
      if (!allowed.askAgain) fail('a company is approved or rejected; asking again is for an identity verification');
      return { operation: 'changeStatusToInit', path: `${path}init`, json: note };
    default:
      return fail(`unknown decision ${String((decision as { kind?: unknown }).kind).slice(0, 40)}`);
  }
}
