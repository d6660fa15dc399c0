import { PATHS } from '@causeway/contracts';
import { and, eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { newIndividual } from '../../../test/kyc-helpers.ts';
import { fakeFile } from '../../../test/multipart.ts';
import { documentUploads, uploadUsage } from '../../db/schema/index.ts';
import { quotaDayOf, UPLOAD_QUOTA } from './uploads.service.ts';

let t: IdentityTestApp;
let uploadDir: string;
beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), 'causeway-upload-quota-'));
  t = await createIdentityTestApp({ UPLOAD_DIR: uploadDir });
});
afterAll(async () => {
  await t.app.close();
  await rm(uploadDir, { recursive: true, force: true });
});

let people = 0;
const person = async () => {
  const email = `upload.quota.${(people += 1)}@example.test`;
  return { email, ...(await newIndividual(t, email)) };
};
const sign = (token: string, name = 'passport.png') =>
  call(t.app, 'POST', PATHS.signUpload, { headers: tokenHeaders(token), body: { s3FileName: name } });
const put = (url: string, bytes: Buffer) =>
  t.app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': 'application/octet-stream' } });
/** Sets the person's usage of today as if they had already signed or stored this much. */
async function usedToday(userId: string, values: { signedCount?: number; storedBytes?: number }) {
  const day = quotaDayOf(t.clock.now());
  await t.db
    .insert(uploadUsage)
    .values({ userId, day, ...values })
    .onConflictDoUpdate({ target: [uploadUsage.userId, uploadUsage.day], set: values });
}
const usageOf = async (userId: string) =>
  (
    await t.db
      .select()
      .from(uploadUsage)
      .where(and(eq(uploadUsage.userId, userId), eq(uploadUsage.day, quotaDayOf(t.clock.now()))))
  )[0];

describe('the per-person upload quota (issue 13 F8)', () => {
  it(`hands out ${UPLOAD_QUOTA.signsPerMinute} of 25 parallel sign-uploads in a minute, refusing the rest with 429 and Retry-After`, async () => {
    const { token, userId } = await person();
    const answers = await Promise.all(Array.from({ length: 25 }, () => sign(token)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(UPLOAD_QUOTA.signsPerMinute);
    expect(answers.filter((answer) => answer.statusCode === 429 && answer.body.code === 'REQ0000429')).toHaveLength(
      25 - UPLOAD_QUOTA.signsPerMinute,
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `/prod-api${PATHS.signUpload}`,
      headers: tokenHeaders(token),
      payload: { s3FileName: 'a.png' },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Only the URLs handed out are registered and counted.
    expect(await t.db.select().from(documentUploads).where(eq(documentUploads.userId, userId))).toHaveLength(UPLOAD_QUOTA.signsPerMinute);
    expect((await usageOf(userId))?.signedCount).toBe(UPLOAD_QUOTA.signsPerMinute);
    t.clock.advance(60_000);
    expect((await sign(token)).statusCode).toBe(200);
  });

  it(`hands out at most ${UPLOAD_QUOTA.signsPerDay} a day even to parallel requests, then again the next UTC day`, async () => {
    const { email, token, userId } = await person();
    await usedToday(userId, { signedCount: UPLOAD_QUOTA.signsPerDay - 3 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => sign(token)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.body.msg).toContain('try again tomorrow');
    expect((await usageOf(userId))?.signedCount).toBe(UPLOAD_QUOTA.signsPerDay);
    t.clock.advance(24 * 3_600_000);
    // A day later the session has ended: signed in again, the new day's quota is there.
    expect((await sign(await signUp(t.app, email))).statusCode).toBe(200);
  });

  it('refuses a bad file name with 400 without counting it', async () => {
    const { token, userId } = await person();
    const bad = await sign(token, 'page.html');
    expect(bad.statusCode).toBe(400);
    expect(bad.body.code).toBe('UPL0000001');
    expect(await usageOf(userId)).toBeUndefined();
  });

  it("counts the bytes stored through our /uploads URLs: past the day's bytes a PUT is refused and stores nothing", async () => {
    const { token, userId } = await person();
    const file = fakeFile('png', 20 * 1024);
    await usedToday(userId, { storedBytes: UPLOAD_QUOTA.bytesPerDay - 2 * file.length - 100 });
    const urls = await Promise.all(Array.from({ length: 4 }, () => sign(token)));
    const puts = await Promise.all(urls.map((signed) => put(signed.body.data.uploadTempUrl, file)));
    expect(puts.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    const refused = puts.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.json()).toMatchObject({ code: 'REQ0000429' });
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await usageOf(userId))?.storedBytes).toBe(UPLOAD_QUOTA.bytesPerDay - 100);
  });

  it("counts the phone handoff's upload URLs against the owner's day", async () => {
    const { token, userId } = await person();
    const created = await call(t.app, 'POST', PATHS.uploadHandoffCreate, { headers: tokenHeaders(token), body: { lng: 'en' } });
    const ticket = new URL(created.body.data.link).hash.replace('#ticket=', '');
    await usedToday(userId, { signedCount: UPLOAD_QUOTA.signsPerDay });
    const refused = await call(t.app, 'POST', PATHS.uploadHandoffSignUpload, { body: { ticket, s3FileName: 'photo.png' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.body.code).toBe('REQ0000429');
  });
});
