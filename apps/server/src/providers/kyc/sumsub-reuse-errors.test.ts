import { describe, expect, it } from 'vitest';
import type { SharedKycRefusalParty, SharedKycRefusalReason } from './kyc-provider.ts';
import { SUMSUB_REUSE_ERRORS, sumsubReuseRefusal } from './sumsub-reuse-errors.ts';
import { fixture } from './sumsub.test-support.ts';

// Sumsub's refusal bodies for the reuse call, in the documented shape: fixtures/sumsub/reuse-errors.json.
type Answer = { status: number; body: { errorCode?: number; errorName?: string; description?: string } };
const answers = fixture<Record<string, Answer>>('reuse-errors');
const refusalOf = (name: string) => {
  const answer = answers[name];
  if (!answer) throw new Error(`no fixture ${name}`);
  return sumsubReuseRefusal(answer.status, answer.body);
};

/** Whose side must act on each documented code, written out here on its own (not read from the table under test). */
const EXPECTED: Array<[code: number, party: SharedKycRefusalParty, reason: SharedKycRefusalReason]> = [
  [10501, 'operator', 'not-in-partners-list'],
  [10502, 'merchant', 'invalid-partner-id'],
  [10503, 'merchant', 'invalid-share-token'],
  [10504, 'merchant', 'non-suitable-share-token'],
  [10505, 'operator', 'reusable-kyc-disabled'],
  [10506, 'person', 'reusable-kyc-not-reusable'],
  [10507, 'person', 'reusable-kyc-not-approved-applicant'],
  [10508, 'person', 'reusable-kyc-not-active-applicant'],
  [10509, 'person', 'reusable-kyc-not-kyc-moderation-type'],
  [10510, 'person', 'reusable-kyc-not-selfie-or-identity-doc'],
  [10511, 'person', 'reusable-kyc-not-selfie-liveness'],
  [10512, 'person', 'reusable-kyc-not-req-doc-overlap'],
  [10513, 'person', 'reusable-kyc-not-compatible-doc-type'],
  [10514, 'person', 'reusable-kyc-not-actual-poi-date'],
  [10515, 'person', 'reusable-kyc-not-actual-poa-date'],
  [10516, 'person', 'reusable-kyc-not-acceptable-age'],
  [10517, 'person', 'reusable-kyc-incompatible-capture-settings'],
  [10518, 'person', 'reusable-kyc-email-mismatch'],
  [10519, 'person', 'reusable-kyc-phone-mismatch'],
  [10521, 'person', 'reusable-kyc-inactive-sumsub-id-account'],
];

describe('Sumsub reuse refusals → whose side must act', () => {
  it.each(EXPECTED)('errorCode %i is the %s at fault (%s)', (code, party, reason) => {
    const refusal = refusalOf(String(code));
    expect(refusal).toMatchObject({ party, reason, vendorErrorCode: code });
    // Sumsub's own errorName is the reason we log.
    expect(answers[String(code)]?.body.errorName).toBe(reason);
    // Only our own account's problems carry something for the operator to do.
    if (party === 'operator') expect(refusal?.operatorAction).toMatch(/Sumsub/);
    else expect(refusal?.operatorAction).toBeNull();
  });

  it('covers every code of the table and the fixtures, and no other', () => {
    const fixtureCodes = Object.keys(answers).filter((name) => /^\d+$/.test(name));
    expect(fixtureCodes.map(Number).sort()).toEqual(EXPECTED.map(([code]) => code));
    expect(Object.keys(SUMSUB_REUSE_ERRORS).map(Number).sort()).toEqual(EXPECTED.map(([code]) => code));
  });

  it('blames the merchant\'s token for the documented 401 "Token is invalid" (expired, spent or malformed)', () => {
    expect(refusalOf('401-token-invalid')).toEqual({
      party: 'merchant',
      reason: 'token-invalid',
      vendorErrorCode: null,
      operatorAction: null,
    });
  });

  it('takes any other 401 for our own app token or signature: the operator acts, not the merchant', () => {
    const refusal = sumsubReuseRefusal(401, fixture('error-401-signature'));
    expect(refusal).toMatchObject({ party: 'operator', reason: 'vendor-credentials-refused', vendorErrorCode: null });
    expect(refusal?.operatorAction).toContain('SUMSUB_APP_TOKEN');
    // Sumsub's app-token errors carry their own codes (4000-4004).
    expect(sumsubReuseRefusal(401, { errorCode: 4000, description: 'App token invalid format' })).toMatchObject({
      party: 'operator',
      vendorErrorCode: 4000,
    });
  });

  it('takes a 403 for our app token lacking the permission to create applicants', () => {
    expect(sumsubReuseRefusal(403, { description: 'Forbidden' })).toMatchObject({ party: 'operator', reason: 'vendor-permission-refused' });
  });

  it('leaves a refusal it does not know to the operator, naming the code, and never blames the merchant', () => {
    const refusal = sumsubReuseRefusal(400, { errorCode: 10599, description: 'Something new' });
    expect(refusal).toMatchObject({ party: 'operator', reason: 'unrecognised', vendorErrorCode: 10599 });
    expect(refusal?.operatorAction).toContain('errorCode 10599');
    // Sumsub's universal errorCode (the status itself) is no code of its own.
    expect(sumsubReuseRefusal(400, { errorCode: 400, description: 'Bad request' })).toMatchObject({
      reason: 'unrecognised',
      vendorErrorCode: null,
    });
  });

  it('is no refusal for an outage or a rate limit: those are retried', () => {
    expect(sumsubReuseRefusal(500, fixture('error-500'))).toBeUndefined();
    expect(sumsubReuseRefusal(503, {})).toBeUndefined();
    expect(sumsubReuseRefusal(429, { description: 'Too many requests' })).toBeUndefined();
    expect(sumsubReuseRefusal(408, {})).toBeUndefined();
  });
});
