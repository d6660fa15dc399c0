/**
 * Sumsub's refusals of a Reusable KYC reuse (POST /resources/api/reusableIdentity/reuse), each
 * mapped to whose side must act (kyc-provider.ts SharedKycRefusal). Sources:
 *
 * - https://docs.sumsub.com/reference/reuse-applicant-for-reusable-kyc and
 *   https://docs.sumsub.com/reference/simulate-reusing-applicant-for-reusable-kyc: the share token is
 *   validated first, and a malformed, expired or spent one may be a plain 401 whose description
 *   starts "Token is invalid" (no errorCode); past that, a 400 with errorCode and errorName, 10501 to
 *   10513 (their example: 10513 reusable-kyc-not-compatible-doc-type for a level the donor's
 *   documents cannot serve).
 * - Sumsub's own integration guide, github.com/SUMSUB/agent-skills,
 *   skills/sumsub-integrate-id-connect/SKILL.md, "Reuse error codes": the same codes and 10514 to
 *   10521 (10520 unused). It names 10518 reusable-kyc-email-mismatch: the donor's email differs
 *   from the one on the applicant of ours the reuse lands on. That is the person's data, not our
 *   account's configuration, so it is mapped to the person.
 * - https://docs.sumsub.com/reference/authentication: a 401 that is not about the share token
 *   ("Invalid signature", an app-token errorCode 4000-4004) is our own credentials refused.
 *
 * Anything else a 4xx can say is `unrecognised`, for an operator to look at (never blamed on the
 * merchant). 5xx, 429 and 408 are outages: not refusals, so the caller retries.
 */
import type { SharedKycRefusal, SharedKycRefusalParty, SharedKycRefusalReason } from './kyc-provider.ts';

interface DocumentedRefusal {
  reason: SharedKycRefusalReason;
  party: SharedKycRefusalParty;
  /** With party operator: what to change. */
  operatorAction?: string;
}

const DOCS = 'https://docs.sumsub.com/reference/reuse-applicant-for-reusable-kyc';

/** Sumsub's errorCode → its errorName (our reason) and whose side must act. */
export const SUMSUB_REUSE_ERRORS: Readonly<Record<number, DocumentedRefusal>> = {
  // The donor is not one of OUR partners: a partnership is set up in our own dashboard, so our operator acts.
  10501: {
    reason: 'not-in-partners-list',
    party: 'operator',
    operatorAction:
      "the merchant's Sumsub client is not a Reusable KYC partner of ours: add it as a donor in Sumsub's dashboard (Partners), or ask the merchant to stop sending kycShareToken",
  },
  10502: { reason: 'invalid-partner-id', party: 'merchant' },
  10503: { reason: 'invalid-share-token', party: 'merchant' },
  // "The share token is not suitable for reuse with the given level": the token's scope, minted by the merchant.
  10504: { reason: 'non-suitable-share-token', party: 'merchant' },
  10505: {
    reason: 'reusable-kyc-disabled',
    party: 'operator',
    operatorAction: 'Reusable KYC is disabled on our Sumsub client: ask Sumsub support to enable it for this client key',
  },
  10506: { reason: 'reusable-kyc-not-reusable', party: 'person' },
  10507: { reason: 'reusable-kyc-not-approved-applicant', party: 'person' },
  10508: { reason: 'reusable-kyc-not-active-applicant', party: 'person' },
  10509: { reason: 'reusable-kyc-not-kyc-moderation-type', party: 'person' },
  10510: { reason: 'reusable-kyc-not-selfie-or-identity-doc', party: 'person' },
  10511: { reason: 'reusable-kyc-not-selfie-liveness', party: 'person' },
  10512: { reason: 'reusable-kyc-not-req-doc-overlap', party: 'person' },
  10513: { reason: 'reusable-kyc-not-compatible-doc-type', party: 'person' },
  10514: { reason: 'reusable-kyc-not-actual-poi-date', party: 'person' },
  10515: { reason: 'reusable-kyc-not-actual-poa-date', party: 'person' },
  10516: { reason: 'reusable-kyc-not-acceptable-age', party: 'person' },
  10517: { reason: 'reusable-kyc-incompatible-capture-settings', party: 'person' },
  10518: { reason: 'reusable-kyc-email-mismatch', party: 'person' },
  10519: { reason: 'reusable-kyc-phone-mismatch', party: 'person' },
  10521: { reason: 'reusable-kyc-inactive-sumsub-id-account', party: 'person' },
};

/** What Sumsub's error body carries (https://docs.sumsub.com/reference/review-api-health). */
export interface SumsubErrorAnswer {
  errorCode?: number | undefined;
  description?: string | undefined;
}

const refusal = (
  party: SharedKycRefusalParty,
  reason: SharedKycRefusalReason,
  vendorErrorCode: number | undefined,
  operatorAction?: string,
): SharedKycRefusal => ({ party, reason, vendorErrorCode: vendorErrorCode ?? null, operatorAction: operatorAction ?? null });

/**
 * The refusal a non-2xx answer to the reuse call means, or undefined when it is no refusal (an
 * outage or a rate limit: retry).
 */
export function sumsubReuseRefusal(status: number, answer: SumsubErrorAnswer): SharedKycRefusal | undefined {
  if (status >= 500 || status === 429 || status === 408 || status < 400) return undefined;
  const { errorCode } = answer;
  if (status === 401) {
    // Only the documented share-token text blames the merchant; any other 401 is our own app token or signature.
    if (/^Token is invalid\b/i.test(answer.description ?? '')) return refusal('merchant', 'token-invalid', undefined);
    return refusal(
      'operator',
      'vendor-credentials-refused',
      errorCode === 401 ? undefined : errorCode,
      'Sumsub refused our app token or request signature: check SUMSUB_APP_TOKEN and SUMSUB_SECRET_KEY (every Sumsub call fails the same way)',
    );
  }
  if (status === 403) {
    return refusal(
      'operator',
      'vendor-permission-refused',
      errorCode === 403 ? undefined : errorCode,
      "our Sumsub app token may not create applicants, which reusing one needs: give its role the 'Create applicants' permission in Sumsub's dashboard",
    );
  }
  const documented = errorCode === undefined ? undefined : SUMSUB_REUSE_ERRORS[errorCode];
  if (documented) return refusal(documented.party, documented.reason, errorCode, documented.operatorAction);
  return refusal(
    'operator',
    'unrecognised',
    errorCode === status ? undefined : errorCode,
    `Sumsub refused the reuse with an answer this server does not know (HTTP ${status}${
      errorCode !== undefined && errorCode !== status ? `, errorCode ${errorCode}` : ''
    }): see ${DOCS} and map it in providers/kyc/sumsub-reuse-errors.ts`,
  );
}
