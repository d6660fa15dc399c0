import { PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../../../test/fake-s3.ts';
import { call, createIdentityTestApp, type IdentityTestApp, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { newIndividual } from '../../../test/kyc-helpers.ts';
import { fakeFile } from '../../../test/multipart.ts';
import { documentUploads, uploadHandoffFiles } from '../../db/schema/index.ts';

const HOUR_MS = 3_600_000;
const rowOf = async (t: IdentityTestApp, filePath: string) =>
  (await t.db.select().from(documentUploads).where(eq(documentUploads.filePath, filePath)))[0];
const sign = async (t: IdentityTestApp, token: string, name = 'passport.png') => {
  const signed = await call(t.app, 'POST', PATHS.signUpload, { headers: tokenHeaders(token), body: { s3FileName: name } });
  expect(signed.statusCode).toBe(200);
  return signed.body.data as { uploadTempUrl: string; filePath: string };
};
const details = {
  firstName: 'Lena',
  lastName: 'Fischer',
  dob: '1991-02-03',
  nationality: 'AT',
  residenceCountry: 'AT',
  documentType: 'PASSPORT',
};

describe('uploads never submitted are deleted after a day (local storage)', () => {
  let t: IdentityTestApp;
  let uploadDir: string;
  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(tmpdir(), 'causeway-unsubmitted-'));
    t = await createIdentityTestApp({ UPLOAD_DIR: uploadDir });
  });
  afterAll(async () => {
    await t.app.close();
    await rm(uploadDir, { recursive: true, force: true });
  });
  const put = async (url: string) =>
    expect(
      (await t.app.inject({ method: 'PUT', url, payload: fakeFile('png'), headers: { 'content-type': 'application/octet-stream' } }))
        .statusCode,
    ).toBe(200);
  const onDisk = (filePath: string) => existsSync(path.join(uploadDir, filePath));

  it('deletes the row and the file of what was never submitted, keeps what a verification took and what is younger than a day', async () => {
    const email = 'unsubmitted.local@example.test';
    const { token } = await newIndividual(t, email);
    const abandoned = await sign(t, token);
    await put(abandoned.uploadTempUrl);
    const neverSent = await sign(t, token);
    const submitted = await sign(t, token);
    await put(submitted.uploadTempUrl);
    // Through the phone handoff too: listed for the computer, then never submitted.
    const handoff = await call(t.app, 'POST', PATHS.uploadHandoffCreate, { headers: tokenHeaders(token), body: { lng: 'en' } });
    const ticket = new URL(handoff.body.data.link).hash.replace('#ticket=', '');
    const fromPhone = (await call(t.app, 'POST', PATHS.uploadHandoffSignUpload, { body: { ticket, s3FileName: 'phone.png' } })).body
      .data as { uploadTempUrl: string; filePath: string };
    await put(fromPhone.uploadTempUrl);
    expect(
      (await call(t.app, 'POST', PATHS.uploadHandoffComplete, { body: { ticket, filePath: fromPhone.filePath, fileName: 'phone.png' } }))
        .statusCode,
    ).toBe(200);

    const sent = await call(t.app, 'POST', PATHS.docsVerificationSubmit, {
      headers: tokenHeaders(token),
      body: { ...details, files: [{ filePath: submitted.filePath }] },
    });
    expect(sent.statusCode).toBe(200);
    expect((await rowOf(t, submitted.filePath))?.submittedAt).not.toBeNull();

    t.clock.advance(2 * HOUR_MS);
    const recent = await sign(t, await signUp(t.app, email));
    await put(recent.uploadTempUrl);

    // 23 hours after the first ones: a day is not over, nothing goes.
    t.clock.advance(21 * HOUR_MS);
    await t.app.jobs.drain();
    expect(await rowOf(t, abandoned.filePath)).toBeDefined();
    expect(onDisk(abandoned.filePath)).toBe(true);

    // A day and an hour after them: the hourly job deletes what was never submitted.
    t.clock.advance(2 * HOUR_MS);
    await t.app.jobs.drain();
    for (const gone of [abandoned, neverSent, fromPhone]) {
      expect(await rowOf(t, gone.filePath)).toBeUndefined();
      expect(onDisk(gone.filePath)).toBe(false);
    }
    expect(await t.db.select().from(uploadHandoffFiles).where(eq(uploadHandoffFiles.filePath, fromPhone.filePath))).toEqual([]);
    expect(onDisk(submitted.filePath)).toBe(true);
    expect(await rowOf(t, submitted.filePath)).toBeDefined();
    expect(onDisk(recent.filePath)).toBe(true);
    expect(await rowOf(t, recent.filePath)).toBeDefined();
  });
});

describe('uploads never submitted are deleted after a day (S3)', () => {
  const CREDENTIALS = { S3_ACCESS_KEY_ID: 'AKIDCAUSEWAYTEST', S3_SECRET_ACCESS_KEY: 'causeway/test/secret/access/key/0000' };
  let t: IdentityTestApp | undefined;
  let fakeS3: Awaited<ReturnType<typeof startFakeS3>>;
  beforeAll(async () => {
    fakeS3 = await startFakeS3({
      bucket: 'causeway-docs',
      accessKeyId: CREDENTIALS.S3_ACCESS_KEY_ID,
      secretAccessKey: CREDENTIALS.S3_SECRET_ACCESS_KEY,
      now: () => t?.clock.now() ?? new Date(),
    });
    t = await createIdentityTestApp({
      S3_BUCKET: 'causeway-docs',
      S3_ENDPOINT: fakeS3.url,
      S3_FORCE_PATH_STYLE: 'true',
      S3_REGION: 'eu-west-1',
      ...CREDENTIALS,
    });
  });
  afterAll(async () => {
    await t?.app.close();
    await fakeS3.close();
  });

  it('deletes the object from the bucket and the row', async () => {
    const app = t!;
    const { token } = await newIndividual(app, 'unsubmitted.s3@example.test');
    const abandoned = await sign(app, token);
    const uploaded = await fetch(abandoned.uploadTempUrl, {
      method: 'PUT',
      body: fakeFile('png'),
      headers: { 'content-type': 'image/png' },
    });
    expect(uploaded.ok).toBe(true);
    expect(fakeS3.objects.has(abandoned.filePath)).toBe(true);

    app.clock.advance(25 * HOUR_MS);
    await app.app.jobs.drain();
    expect(fakeS3.objects.has(abandoned.filePath)).toBe(false);
    expect(await rowOf(app, abandoned.filePath)).toBeUndefined();
  });

  it('deletes what a verification refused (S3 takes any size): a refused submission keeps nothing', async () => {
    const app = t!;
    const { token } = await newIndividual(app, 'refused.s3@example.test');
    const oversized = await sign(app, token);
    const uploaded = await fetch(oversized.uploadTempUrl, {
      method: 'PUT',
      body: fakeFile('png', 6 * 1024 * 1024),
      headers: { 'content-type': 'image/png' },
    });
    expect(uploaded.ok).toBe(true);
    const refused = await call(app.app, 'POST', PATHS.docsVerificationSubmit, {
      headers: tokenHeaders(token),
      body: { ...details, files: [{ filePath: oversized.filePath }] },
    });
    expect(refused.body.code).toBe('UPL0000002');
    expect((await rowOf(app, oversized.filePath))?.submittedAt).toBeNull();

    app.clock.advance(25 * HOUR_MS);
    await app.app.jobs.drain();
    expect(fakeS3.objects.has(oversized.filePath)).toBe(false);
    expect(await rowOf(app, oversized.filePath)).toBeUndefined();
  });
});
