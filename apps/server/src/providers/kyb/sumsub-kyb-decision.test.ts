import { describe, expect, it } from 'vitest';
import { VendorInputError } from '../kyc/kyc-provider.ts';
import { SumsubApiError, SumsubRetryLaterError } from '../kyc/sumsub.ts';
import { DECISION_NOW, type RecordedAnswer, recordingSumsub } from '../kyc/sumsub-decision.test-support.ts';
import { APP_TOKEN, documentedSignature, fixture, SECRET_KEY, WEBHOOK_SECRET } from '../kyc/sumsub.test-support.ts';
import type { KybProvider } from './kyb-provider.ts';
import { kybFixture, sumsubKyb } from './sumsub-kyb.test-support.ts';

// An operator's decision on a company through the Sumsub KYB adapter: the same approve and reject calls as for a
// person (providers/kyc/sumsub-decision.ts); asking again is a person's only. Bodies in fixtures/sumsub.

const APPLICANT_ID = '66c1a2b3c4d5e6f7a8b9c0d1';
const TS = String(Math.floor(DECISION_NOW.getTime() / 1000));
const kybWith = (answers: RecordedAnswer[]) => {
  const sumsub = recordingSumsub(answers);
  return { kyb: sumsubKyb(sumsub.fetchImpl, { now: () => DECISION_NOW }), sent: sumsub.sent };
};
const note = (name: string) => kybFixture<{ note: string }>(name).note;

describe('Sumsub KYB decide', () => {
  it('approve: POST …/-/approve with the note, signed over the exact body, no reasons', async () => {
    const { kyb, sent } = kybWith([{ status: 200, body: kybFixture('company-applicant-green') }]);
    await expect(kyb.decide(APPLICANT_ID, { kind: 'approve', note: note('approve-company.request') })).resolves.toBeUndefined();
    const body = JSON.stringify(kybFixture('approve-company.request'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: `/resources/applicants/${APPLICANT_ID}/-/approve`, body });
    expect(sent[0]?.headers).toMatchObject({ 'content-type': 'application/json', 'x-app-token': APP_TOKEN, 'x-app-access-ts': TS });
    expect(sent[0]?.headers['x-app-access-sig']).toBe(
      documentedSignature(SECRET_KEY, `${TS}POST/resources/applicants/${APPLICANT_ID}/-/approve${body}`),
    );
    expect(body).not.toContain('reasons');
  });

  it('reject: POST …/-/reject with the reason in the group fraud; none without a reason', async () => {
    const { kyb, sent } = kybWith([
      { status: 200, body: kybFixture('reject-company.response') },
      { status: 200, body: kybFixture('reject-company.response') },
    ]);
    await kyb.decide(APPLICANT_ID, { kind: 'reject', note: note('reject-company.request'), reason: 'documentForgery' });
    await kyb.decide(APPLICANT_ID, { kind: 'reject', note: 'Outside our risk appetite.', reason: null });
    const body = JSON.stringify(kybFixture('reject-company.request'));
    expect(sent[0]).toMatchObject({ method: 'POST', path: `/resources/applicants/${APPLICANT_ID}/-/reject`, body });
    expect(JSON.parse(body)).toMatchObject({ reasons: { fraud: ['documentForgery'] } });
    expect(sent[0]?.headers['x-app-access-sig']).toBe(
      documentedSignature(SECRET_KEY, `${TS}POST/resources/applicants/${APPLICANT_ID}/-/reject${body}`),
    );
    expect(sent[1]?.body).toBe('{"note":"Outside our risk appetite."}');
  });

  it('refuses an askAgain (a person’s decision) before sending anything, whatever the type let through', async () => {
    const { kyb, sent } = kybWith([]);
    const askAgain = { kind: 'askAgain', note: 'again' } as unknown as Parameters<KybProvider['decide']>[1];
    await expect(kyb.decide(APPLICANT_ID, askAgain)).rejects.toThrow(VendorInputError);
    expect(sent).toHaveLength(0);
  });

  it('refuses a malformed applicant id before sending anything', async () => {
    const { kyb, sent } = kybWith([]);
    for (const applicantId of ['', '../x', `${APPLICANT_ID}/one`, 'a?b=c'])
      await expect(kyb.decide(applicantId, { kind: 'approve', note: null })).rejects.toThrow(
        new VendorInputError('Sumsub KYB decide: malformed applicantId (nothing was sent)'),
      );
    expect(sent).toHaveLength(0);
  });

  it('409 with Retry-After: throws once, saying to try again in so many seconds; other refusals are SumsubApiError', async () => {
    const { kyb, sent } = kybWith([
      { status: 409, body: fixture('error-409-decision-retry-after'), headers: { 'Retry-After': '12' } },
      { status: 409, body: fixture('error-409-approve-with-reasons') },
    ]);
    const first = await kyb.decide(APPLICANT_ID, { kind: 'reject', note: 'why', reason: null }).catch((caught: unknown) => caught);
    expect(first).toBeInstanceOf(SumsubRetryLaterError);
    expect(first).toMatchObject({ status: 409, retryAfterSeconds: 12 });
    expect((first as Error).message).toMatch(/^Sumsub rejectApplicant failed: HTTP 409 — .*try again in 12 seconds$/);
    expect(sent).toHaveLength(1);

    const second = await kyb.decide(APPLICANT_ID, { kind: 'approve', note: null }).catch((caught: unknown) => caught);
    expect(second).toBeInstanceOf(SumsubApiError);
    expect(second).not.toBeInstanceOf(SumsubRetryLaterError);
  });

  it('never puts a credential or the signature in an error message', async () => {
    const signature = documentedSignature(SECRET_KEY, `${TS}POST/resources/applicants/${APPLICANT_ID}/-/approve{}`);
    const description = `echo ${APP_TOKEN} ${SECRET_KEY} ${WEBHOOK_SECRET} ${signature}`;
    for (const headers of [{ 'Retry-After': '3' }, {}] as Array<Record<string, string>>) {
      const { kyb, sent } = kybWith([{ status: 409, body: { code: 409, description }, headers }]);
      const error = (await kyb.decide(APPLICANT_ID, { kind: 'approve', note: null }).catch((caught: unknown) => caught)) as SumsubApiError;
      expect(sent[0]?.headers['x-app-access-sig']).toBe(signature);
      expect(error.message).toContain('echo [redacted]');
      for (const text of [error.message, error.description ?? '']) {
        for (const secret of [APP_TOKEN, SECRET_KEY, WEBHOOK_SECRET, signature]) expect(text).not.toContain(secret);
      }
    }
  });
});
