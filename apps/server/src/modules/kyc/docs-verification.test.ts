import { PATHS } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { newIndividual, profileOf } from '../../../test/kyc-helpers.ts';
import { fakeFile } from '../../../test/multipart.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

/** sign-upload, then the PUT of the bytes to the signed URL: answers the filePath. */
async function upload(token: string, name: string, bytes: Buffer): Promise<string> {
  const signed = await call(t.app, 'POST', PATHS.signUpload, { headers: tokenHeaders(token), body: { s3FileName: name } });
  const put = await t.app.inject({ method: 'PUT', url: signed.body.data.uploadTempUrl, payload: bytes, headers: { 'content-type': 'application/octet-stream' } });
  expect(put.statusCode).toBe(200);
  return signed.body.data.filePath as string;
}

const details = { firstName: 'Lena', lastName: 'Fischer', dob: '1991-02-03', nationality: 'AT', residenceCountry: 'AT', documentType: 'ID_CARD' };
const submit = (token: string, body: object) => call(t.app, 'POST', PATHS.docsVerificationSubmit, { headers: tokenHeaders(token), body });

describe('docsverification (flow V2): our own document step', () => {
  it('sends the details and the uploaded card, front and back, to the vendor; the review decides as usual', async () => {
    const { token, userId } = await newIndividual(t, 'docs.v2@example.test');
    const front = await upload(token, 'card front.png', fakeFile('png'));
    const back = await upload(token, 'card-back.pdf', fakeFile('pdf'));
    const answer = await submit(token, { ...details, files: [{ filePath: front, side: 'FRONT_SIDE' }, { filePath: back, side: 'BACK_SIDE' }] });
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
    expect((await submit(token, { ...details, files: [{ filePath: `kyc/${userId}/0123456789abcdef01234567/none.png` }] })).body.code).toBe('UPL0000006');
    const mine = await upload(token, 'passport.jpg', fakeFile('jpg'));
    const young = await submit(token, { ...details, dob: '2015-01-01', files: [{ filePath: mine }] });
    expect(young.statusCode).toBe(400);
    expect(young.body.msg).toContain('18 or older');
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Initial');
  });

  it('validates the details like every call (spec §5 text fields, at most 2 files)', async () => {
    const { token } = await newIndividual(t, 'docs.bad@example.test');
    const bad = await submit(token, { ...details, lastName: '<b>x</b>', files: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.msg).toContain('lastName');
    expect(bad.body.msg).toContain('files');
  });
});
