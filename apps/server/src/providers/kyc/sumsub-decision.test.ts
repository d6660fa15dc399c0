import { describe, expect, it } from 'vitest';
import { type ApplicantDecision, VendorInputError } from './kyc-provider.ts';
import { createSumsubKyc, retryAfterSecondsOf, SumsubApiError, SumsubRetryLaterError } from './sumsub.ts';
import { SUMSUB_FRAUD_REASONS, sumsubDecisionRequest } from './sumsub-decision.ts';
import { DECISION_NOW, type RecordedAnswer, recordingSumsub } from './sumsub-decision.test-support.ts';
import { APP_TOKEN, CREDENTIALS, documentedSignature, fixture, SECRET_KEY, WEBHOOK_SECRET } from './sumsub.test-support.ts';

// An operator's decision through the Sumsub KYC adapter: approve, reject, init (docs.sumsub.com/reference/approve-applicant,
// /reject-applicant, /change-applicant-status-to-init). Request bodies and answers in fixtures/sumsub, shaped after the
// documented examples (ids made up; the text of the 409 that carries Retry-After is not documented, only its shape is).

const APPLICANT_ID = '65d4a3f5e6b7c8d9e0f1a2b3';
const TS = String(Math.floor(DECISION_NOW.getTime() / 1000));

const kycWith = (answers: RecordedAnswer[]) => {
  const sumsub = recordingSumsub(answers);
  return { kyc: createSumsubKyc({ ...CREDENTIALS, fetchImpl: sumsub.fetchImpl, now: () => DECISION_NOW }), sent: sumsub.sent };
};
const decided = (response: string): RecordedAnswer => ({ status: 200, body: fixture(response) });
const note = (name: string) => fixture<{ note: string }>(name).note;
const retryLater = (headers: Record<string, string>): RecordedAnswer => ({
  status: 409,
  body: fixture('error-409-decision-retry-after'),
  headers,
});

describe('Sumsub decide: the request of each decision', () => {
  it('approve: POST …/-/approve with the note, signed over the exact body', async () => {
    const { kyc, sent } = kycWith([decided('approve-applicant.response')]);
    await expect(kyc.decide(APPLICANT_ID, { kind: 'approve', note: note('approve-applicant.request') })).resolves.toBeUndefined();

    expect(sent).toHaveLength(1);
    const [request] = sent;
    const body = JSON.stringify(fixture('approve-applicant.request'));
    expect(request).toMatchObject({ method: 'POST', path: `/resources/applicants/${APPLICANT_ID}/-/approve`, body });
    expect(request?.headers).toMatchObject({ 'content-type': 'application/json', 'x-app-token': APP_TOKEN, 'x-app-access-ts': TS });
    const signature = documentedSignature(SECRET_KEY, `${TS}POST/resources/applicants/${APPLICANT_ID}/-/approve${body}`);
    expect(request?.headers['x-app-access-sig']).toBe(signature);
    // Pinned, so a change of formula cannot pass by changing both sides.
    expect(signature).toBe('daa56509ad79ab7ae4babd3ee0e81a60db322b8e21ff4467bba8bb47e63fa988');
  });

  it('approve without a note sends an empty JSON object (Sumsub refuses a missing body), never reasons', async () => {
    const { kyc, sent } = kycWith([decided('approve-applicant.response'), decided('approve-applicant.response')]);
    await kyc.decide(APPLICANT_ID, { kind: 'approve', note: null });
    // Whatever else the decision carries, an approval has no reasons (Sumsub answers 409 to them).
    await kyc.decide(APPLICANT_ID, { kind: 'approve', note: '', reason: 'documentForgery' } as unknown as ApplicantDecision);
    expect(sent.map((request) => request.body)).toEqual(['{}', '{}']);
    expect(sent[0]?.headers['x-app-access-sig']).toBe(
      documentedSignature(SECRET_KEY, `${TS}POST/resources/applicants/${APPLICANT_ID}/-/approve{}`),
    );
  });

  it('reject with a reason: POST …/-/reject with the reason in the group fraud', async () => {
    const { kyc, sent } = kycWith([decided('reject-applicant.response')]);
    await kyc.decide(APPLICANT_ID, { kind: 'reject', note: note('reject-applicant.request'), reason: 'documentForgery' });
    const body = JSON.stringify(fixture('reject-applicant.request'));
    expect(sent[0]).toMatchObject({ method: 'POST', path: `/resources/applicants/${APPLICANT_ID}/-/reject`, body });
    expect(JSON.parse(body)).toEqual({ note: "The passport's photo page was edited.", reasons: { fraud: ['documentForgery'] } });
    expect(sent[0]?.headers['x-app-access-sig']).toBe(
      documentedSignature(SECRET_KEY, `${TS}POST/resources/applicants/${APPLICANT_ID}/-/reject${body}`),
    );
  });

  it.each(SUMSUB_FRAUD_REASONS)('reject for %s sends {fraud: [it]}', (reason) => {
    expect(sumsubDecisionRequest('decide', APPLICANT_ID, { kind: 'reject', note: 'why', reason }).json).toEqual({
      note: 'why',
      reasons: { fraud: [reason] },
    });
  });

  it('reject without a reason sends no reasons at all', async () => {
    const { kyc, sent } = kycWith([decided('reject-applicant.response')]);
    await kyc.decide(APPLICANT_ID, { kind: 'reject', note: note('reject-applicant-no-reason.request'), reason: null });
    expect(sent[0]).toMatchObject({
      path: `/resources/applicants/${APPLICANT_ID}/-/reject`,
      body: JSON.stringify(fixture('reject-applicant-no-reason.request')),
    });
    expect(sent[0]?.body).not.toContain('reasons');
  });

  it('askAgain: POST …/-/init with the note', async () => {
    const { kyc, sent } = kycWith([decided('init-applicant.response')]);
    await kyc.decide(APPLICANT_ID, { kind: 'askAgain', note: note('init-applicant.request') });
    const body = JSON.stringify(fixture('init-applicant.request'));
    expect(sent[0]).toMatchObject({ method: 'POST', path: `/resources/applicants/${APPLICANT_ID}/-/init`, body });
    expect(sent[0]?.headers['x-app-access-sig']).toBe(
      documentedSignature(SECRET_KEY, `${TS}POST/resources/applicants/${APPLICANT_ID}/-/init${body}`),
    );
  });

  it('reads nothing from the answer: a 2xx whatever its body is the decision taken', async () => {
    const { kyc } = kycWith([{ status: 200, body: 'not json' }]);
    await expect(kyc.decide(APPLICANT_ID, { kind: 'approve', note: null })).resolves.toBeUndefined();
  });
});

describe('Sumsub decide: refusals', () => {
  it('409 with Retry-After: throws once, saying to try again in so many seconds (no retry inside)', async () => {
    const { kyc, sent } = kycWith([retryLater({ 'Retry-After': '5' }), decided('approve-applicant.response')]);
    const error = await kyc.decide(APPLICANT_ID, { kind: 'approve', note: null }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SumsubRetryLaterError);
    expect(error).toBeInstanceOf(SumsubApiError);
    expect(error).toMatchObject({
      status: 409,
      retryAfterSeconds: 5,
      correlationId: 'req-8e1f4b2c-6a3d-4f5e-9b7c-1d2e3f4a5b6c',
    });
    expect((error as Error).message).toMatch(/^Sumsub approveApplicant failed: HTTP 409 — .* try again in 5 seconds$/);
    expect(sent).toHaveLength(1);
  });

  it('409 with Retry-After as a date: the seconds until then, by the adapter clock', async () => {
    const { kyc } = kycWith([retryLater({ 'Retry-After': 'Tue, 05 Mar 2024 09:13:30 GMT' })]);
    await expect(kyc.decide(APPLICANT_ID, { kind: 'askAgain', note: 'again' })).rejects.toMatchObject({
      name: 'SumsubRetryLaterError',
      retryAfterSeconds: 30,
      message: expect.stringMatching(/^Sumsub changeStatusToInit failed: .*try again in 30 seconds$/) as unknown,
    });
  });

  it('409 with an unreadable Retry-After: still a retry-later, without seconds', async () => {
    const { kyc } = kycWith([retryLater({ 'Retry-After': 'soon' })]);
    await expect(kyc.decide(APPLICANT_ID, { kind: 'reject', note: 'why', reason: null })).rejects.toMatchObject({
      name: 'SumsubRetryLaterError',
      retryAfterSeconds: null,
      message: expect.stringMatching(/try again in a moment$/) as unknown,
    });
  });

  it('a 409 without Retry-After (the documented refusal of reasons) is a plain SumsubApiError', async () => {
    const { kyc } = kycWith([{ status: 409, body: fixture('error-409-approve-with-reasons') }]);
    const error = await kyc.decide(APPLICANT_ID, { kind: 'approve', note: null }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SumsubApiError);
    expect(error).not.toBeInstanceOf(SumsubRetryLaterError);
    expect((error as Error).message).toBe(
      'Sumsub approveApplicant failed: HTTP 409 — When approving an applicant reasons must not be provided — correlationId 99d449b1e90a371c482dffa48fa0d6f5',
    );
  });

  it('another non-2xx is a SumsubApiError with its status', async () => {
    const { kyc } = kycWith([{ status: 500, body: fixture('error-500') }]);
    await expect(kyc.decide(APPLICANT_ID, { kind: 'reject', note: 'why', reason: 'stolenIdentity' })).rejects.toMatchObject({
      name: 'SumsubApiError',
      status: 500,
    });
  });

  it.each(['', '../65d4a3f5e6b7c8d9e0f1a2b3', '65d4a3f5e6b7c8d9e0f1a2b3/one', 'a b', '65d4?x=1', 'x'.repeat(65)])(
    'refuses the malformed applicant id %j before sending anything',
    async (applicantId) => {
      const { kyc, sent } = kycWith([]);
      const decisions: ApplicantDecision[] = [
        { kind: 'approve', note: null },
        { kind: 'reject', note: 'why', reason: null },
        { kind: 'askAgain', note: 'again' },
      ];
      for (const decision of decisions) {
        await expect(kyc.decide(applicantId, decision)).rejects.toThrow(VendorInputError);
        await expect(kyc.decide(applicantId, decision)).rejects.toThrow('Sumsub decide: malformed applicantId (nothing was sent)');
      }
      expect(sent).toHaveLength(0);
    },
  );

  it('refuses a reason outside Sumsub’s fraud group before sending anything', async () => {
    const { kyc, sent } = kycWith([]);
    await expect(kyc.decide(APPLICANT_ID, { kind: 'reject', note: 'why', reason: 'SANCTIONS' })).rejects.toThrow(VendorInputError);
    expect(sent).toHaveLength(0);
  });

  it('never puts a credential or the signature in an error message, the retry-later one included', async () => {
    // The signature of the request below, at the fixed clock; an answer echoing it and every secret (a misbehaving proxy).
    const signature = documentedSignature(SECRET_KEY, `${TS}POST/resources/applicants/${APPLICANT_ID}/-/approve{}`);
    const description = `echo ${APP_TOKEN} ${SECRET_KEY} ${WEBHOOK_SECRET} ${signature}`;
    for (const headers of [{ 'Retry-After': '7' }, {}] as Array<Record<string, string>>) {
      const { kyc, sent } = kycWith([{ status: 409, body: { code: 409, description, correlationId: 'req-echo' }, headers }]);
      const error = (await kyc.decide(APPLICANT_ID, { kind: 'approve', note: null }).catch((caught: unknown) => caught)) as SumsubApiError;
      expect(sent[0]?.headers['x-app-access-sig']).toBe(signature);
      expect(error).toBeInstanceOf(SumsubApiError);
      expect(error.message).toContain('echo [redacted]');
      for (const text of [error.message, error.description ?? '']) {
        for (const secret of [APP_TOKEN, SECRET_KEY, WEBHOOK_SECRET, signature]) expect(text).not.toContain(secret);
      }
    }
  });
});

describe('retryAfterSecondsOf (RFC 9110 Retry-After)', () => {
  it.each([
    ['5', 5],
    [' 120 ', 120],
    ['0', 0],
    ['Tue, 05 Mar 2024 09:14:00 GMT', 60],
    // A date already past: now.
    ['Tue, 05 Mar 2024 09:00:00 GMT', 0],
    ['-3', null],
    ['1.5', null],
    ['soon', null],
    ['', null],
  ] as const)('%j → %j', (header, seconds) => {
    expect(retryAfterSecondsOf(header, DECISION_NOW)).toBe(seconds);
  });

  it('no header: null', () => {
    expect(retryAfterSecondsOf(null, DECISION_NOW)).toBeNull();
  });
});
