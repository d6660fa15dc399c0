import { PATHS } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { startFakeSumsub } from '../../../test/fake-sumsub.ts';
import { newIndividual, profileOf } from '../../../test/kyc-helpers.ts';
import { fakeFile } from '../../../test/multipart.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

/** sign-upload, then the PUT of the bytes to the signed URL: answers the filePath. */
async function upload(token: string, name: string, bytes: Buffer, on: IdentityTestApp = t): Promise<string> {
  const signed = await call(on.app, 'POST', PATHS.signUpload, { headers: tokenHeaders(token), body: { s3FileName: name } });
  const put = await on.app.inject({
    method: 'PUT',
    url: signed.body.data.uploadTempUrl,
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(put.statusCode).toBe(200);
  return signed.body.data.filePath as string;
}

const details = {
  firstName: 'Lena',
  lastName: 'Fischer',
  dob: '1991-02-03',
  nationality: 'AT',
  residenceCountry: 'AT',
  documentType: 'ID_CARD',
};
const submit = (token: string, body: object, on: IdentityTestApp = t) =>
  call(on.app, 'POST', PATHS.docsVerificationSubmit, { headers: tokenHeaders(token), body });

describe('docsverification (flow V2): our own document step', () => {
  it('sends the details and the uploaded card, front and back, to the vendor; the review decides as usual', async () => {
    const { token, userId } = await newIndividual(t, 'docs.v2@example.test');
    const front = await upload(token, 'card front.png', fakeFile('png'));
    const back = await upload(token, 'card-back.pdf', fakeFile('pdf'));
    const answer = await submit(token, {
      ...details,
      files: [
        { filePath: front, side: 'FRONT_SIDE' },
        { filePath: back, side: 'BACK_SIDE' },
      ],
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data.kycInfo.kycStatus).toBe('Pending');
    expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Pending', firstName: 'Lena', nationality: 'AT' });
    t.clock.advance(2000);
    await t.app.jobs.drain();
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Pass');
    // Decided: a second submission is refused.
    expect((await submit(token, { ...details, files: [{ filePath: front }] })).body.code).toBe('KYC0000001');
  });

  it("refuses another person's file, a path never uploaded, and an under-18 date of birth, sending nothing", async () => {
    const owner = await newIndividual(t, 'docs.owner@example.test');
    const theirs = await upload(owner.token, 'passport.jpg', fakeFile('jpg'));
    const { token, userId } = await newIndividual(t, 'docs.other@example.test');
    expect((await submit(token, { ...details, documentType: 'PASSPORT', files: [{ filePath: theirs }] })).body.code).toBe('KYC0000002');
    expect((await submit(token, { ...details, files: [{ filePath: `kyc/${userId}/0123456789abcdef01234567/none.png` }] })).body.code).toBe(
      'UPL0000006',
    );
    const mine = await upload(token, 'passport.jpg', fakeFile('jpg'));
    const young = await submit(token, { ...details, dob: '2015-01-01', files: [{ filePath: mine }] });
    expect(young.statusCode).toBe(400);
    expect(young.body.msg).toContain('18 or older');
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Initial');
  });

  it('validates the details like every call (docs/rules/validation.md text fields, at most 2 files)', async () => {
    const { token } = await newIndividual(t, 'docs.bad@example.test');
    const bad = await submit(token, { ...details, lastName: '<b>x</b>', files: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.msg).toContain('lastName');
    expect(bad.body.msg).toContain('files');
  });
});

describe('docsverification with Sumsub', () => {
  it("answers REQ0000400 with the adapter's reason for what it cannot send (a country Sumsub has no code for), not GAT9000001", async () => {
    let app: IdentityTestApp | undefined;
    const fake = await startFakeSumsub({ appToken: 'sbx:docs', secretKey: 'docs-secret', now: () => app?.clock.now() ?? new Date() });
    try {
      app = await createIdentityTestApp({
        SUMSUB_APP_TOKEN: 'sbx:docs',
        SUMSUB_SECRET_KEY: 'docs-secret',
        SUMSUB_WEBHOOK_SECRET: 'docs-hook',
        SUMSUB_BASE_URL: fake.baseUrl,
      });
      const { token, userId } = await newIndividual(app, 'docs.sumsub@example.test');
      const file = await upload(token, 'passport.png', fakeFile('png'), app);
      // ZZ is two capital letters (the contract's shape) but no country: the adapter refuses it before sending anything.
      const refused = await submit(token, { ...details, nationality: 'ZZ', documentType: 'PASSPORT', files: [{ filePath: file }] }, app);
      expect(refused.statusCode).toBe(400);
      expect(refused.body.code).toBe('REQ0000400');
      expect(refused.body.msg).toContain('unknown nationality country code');
      expect(fake.requests.some((request) => request.url.includes('/fixedInfo') || request.url.includes('/info/idDoc'))).toBe(false);
      expect((await profileOf(app.db, userId))?.kycStatus).toBe('Initial');
      // The same submission with a real country goes through to the vendor, which puts it under review.
      const accepted = await submit(token, { ...details, documentType: 'PASSPORT', files: [{ filePath: file }] }, app);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.body.data.kycInfo.kycStatus).toBe('Pending');
      expect([...fake.documents.values()].flat()).toMatchObject([
        { idDocType: 'PASSPORT', country: 'AUT', fileName: expect.stringMatching(/\.png$/), contentType: 'image/png' },
      ]);
    } finally {
      await app?.app.close();
      await fake.close();
    }
  });
});
