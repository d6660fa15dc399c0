import { PATHS, UPLOAD_HANDOFF_MAX_FILES, UPLOAD_HANDOFF_TTL_SECONDS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, type ManualClock, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { fakeFile } from '../../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { rateLimitBuckets, uploadUsage, users } from '../../db/schema/index.ts';
import { createManualClock } from '../../platform/clock.ts';

let t: TestApp & { clock: ManualClock };
let uploadDir: string;
let owner: string;
let stranger: string;
beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), 'causeway-handoff-'));
  const clock = createManualClock();
  t = { ...(await createTestApp({ UPLOAD_DIR: uploadDir, PUBLIC_URL: 'https://pay.example.test/' }, undefined, { clock })), clock };
  owner = await signUp(t.app, 'handoff.owner@example.test');
  stranger = await signUp(t.app, 'handoff.stranger@example.test');
});
afterAll(async () => {
  await t.app.close();
  await rm(uploadDir, { recursive: true, force: true });
});
// These tests sign many uploads for one person: the quota (upload-quota.test.ts) starts afresh for each.
beforeEach(async () => {
  await t.db.delete(rateLimitBuckets);
  await t.db.delete(uploadUsage);
});

async function createHandoff(lng = 'en') {
  const { statusCode, body } = await call(t.app, 'POST', PATHS.uploadHandoffCreate, { headers: tokenHeaders(owner), body: { lng } });
  expect(statusCode).toBe(200);
  const data = body.data as { handoffId: string; link: string; qrCode: string; expiresAt: string };
  return { ...data, ticket: new URL(data.link).hash.replace('#ticket=', '') };
}
const phone = (pathName: string, body: object) => call(t.app, 'POST', pathName, { body });
/** What the phone page does for one file: sign, PUT the bytes, report it done. */
async function sendFromPhone(ticket: string, name: string, bytes: Buffer) {
  const signed = await phone(PATHS.uploadHandoffSignUpload, { ticket, s3FileName: name });
  expect(signed.statusCode).toBe(200);
  const { uploadTempUrl, filePath } = signed.body.data as { uploadTempUrl: string; filePath: string };
  expect(
    (await t.app.inject({ method: 'PUT', url: uploadTempUrl, payload: bytes, headers: { 'content-type': 'application/octet-stream' } }))
      .statusCode,
  ).toBe(200);
  return { filePath, completed: await phone(PATHS.uploadHandoffComplete, { ticket, filePath, fileName: name }) };
}
const filesFor = (handoffId: string, token = owner) =>
  call(t.app, 'GET', `${PATHS.uploadHandoffFiles}?handoffId=${handoffId}`, { headers: tokenHeaders(token) });

describe('the phone handoff of the file-upload page', () => {
  it('answers a link to the file-upload page with the ticket only in its fragment, a QR code, and a 30-minute expiry', async () => {
    const { link, qrCode, expiresAt, ticket } = await createHandoff('zh');
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('https://pay.example.test/zh/file-upload');
    expect(url.search).toBe('');
    expect(ticket.length).toBeGreaterThanOrEqual(43);
    expect(qrCode.startsWith('data:image/png;base64,')).toBe(true);
    expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBe(UPLOAD_HANDOFF_TTL_SECONDS * 1000);
  });

  it('needs a session to make a link or read what arrived', async () => {
    expect((await call(t.app, 'POST', PATHS.uploadHandoffCreate, { body: { lng: 'en' } })).statusCode).toBe(401);
    const { handoffId } = await createHandoff();
    expect((await call(t.app, 'GET', `${PATHS.uploadHandoffFiles}?handoffId=${handoffId}`)).statusCode).toBe(401);
  });

  it('carries a photo from the phone to the computer, listed once however often it is reported', async () => {
    const { handoffId, ticket } = await createHandoff();
    const state = await phone(PATHS.uploadHandoffState, { ticket });
    expect(state.body.data).toMatchObject({ files: [], maxFiles: UPLOAD_HANDOFF_MAX_FILES, expired: false });

    const { filePath, completed } = await sendFromPhone(ticket, 'IMG_0042.png', fakeFile('png', 20 * 1024));
    expect(completed.statusCode).toBe(200);
    expect(filePath).toMatch(/^kyc\/usr_[a-z0-9]+\//);
    expect((await phone(PATHS.uploadHandoffComplete, { ticket, filePath, fileName: 'IMG_0042.png' })).body.data.files).toHaveLength(1);

    const seen = await filesFor(handoffId);
    expect(seen.statusCode).toBe(200);
    expect(seen.body.data.files).toEqual([{ filePath, fileName: 'IMG_0042.png', fileType: 'png', createdAt: t.clock.now().toISOString() }]);
    // The file is the owner's, as if uploaded on the computer.
    const [ownerRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'handoff.owner@example.test'));
    expect(filePath.split('/')[1]).toBe(ownerRow?.id);
  });

  it('shows another person the same refusal as an unknown link', async () => {
    const { handoffId } = await createHandoff();
    const other = await filesFor(handoffId, stranger);
    expect(other.statusCode).toBe(403);
    expect(other.body.code).toBe('UPL0000007');
    expect((await filesFor('uho_unknown')).body.code).toBe('UPL0000007');
  });

  it.each([
    ['an unknown ticket', PATHS.uploadHandoffState, { ticket: 'x'.repeat(43) }],
    ['an unknown ticket signing', PATHS.uploadHandoffSignUpload, { ticket: 'x'.repeat(43), s3FileName: 'a.png' }],
    [
      'an unknown ticket completing',
      PATHS.uploadHandoffComplete,
      { ticket: 'x'.repeat(43), filePath: 'kyc/usr_x/y/a.png', fileName: 'a.png' },
    ],
  ])('refuses %s with UPL0000007', async (_what, pathName, body) => {
    const answer = await phone(pathName, body);
    expect(answer.statusCode).toBe(403);
    expect(answer.body.code).toBe('UPL0000007');
  });

  it("refuses a file that is not the owner's, not stored, or of a refused type, and lists nothing", async () => {
    const { handoffId, ticket } = await createHandoff();
    const strangerFile = await call(t.app, 'POST', PATHS.signUpload, { headers: tokenHeaders(stranger), body: { s3FileName: 'id.png' } });
    const foreign = await phone(PATHS.uploadHandoffComplete, { ticket, filePath: strangerFile.body.data.filePath, fileName: 'id.png' });
    expect(foreign.body.code).toBe('UPL0000003');

    const signed = await phone(PATHS.uploadHandoffSignUpload, { ticket, s3FileName: 'never-sent.png' });
    const missing = await phone(PATHS.uploadHandoffComplete, { ticket, filePath: signed.body.data.filePath, fileName: 'never-sent.png' });
    expect(missing.body.code).toBe('UPL0000006');

    const html = await phone(PATHS.uploadHandoffSignUpload, { ticket, s3FileName: 'page.html' });
    expect(html.body.code).toBe('UPL0000001');
    expect((await filesFor(handoffId)).body.data.files).toEqual([]);
  });

  it(`takes at most ${UPLOAD_HANDOFF_MAX_FILES} files, and a few upload URLs per file`, async () => {
    const { ticket } = await createHandoff();
    for (let i = 0; i < UPLOAD_HANDOFF_MAX_FILES; i += 1) {
      expect((await sendFromPhone(ticket, `page-${i}.png`, fakeFile('png', 12 * 1024))).completed.statusCode).toBe(200);
    }
    const extra = await sendFromPhone(ticket, 'one-too-many.png', fakeFile('png', 12 * 1024));
    expect(extra.completed.statusCode).toBe(409);
    expect(extra.completed.body.code).toBe('UPL0000008');
    // 5 URLs so far; the cap is 3 per file. A minute on, so the person's rate of upload URLs allows the rest.
    t.clock.advance(60_000);
    for (let i = 5; i < UPLOAD_HANDOFF_MAX_FILES * 3; i += 1)
      expect((await phone(PATHS.uploadHandoffSignUpload, { ticket, s3FileName: 'retry.png' })).statusCode).toBe(200);
    expect((await phone(PATHS.uploadHandoffSignUpload, { ticket, s3FileName: 'retry.png' })).body.code).toBe('UPL0000008');
  });

  it('stops working after 30 minutes, and the computer sees it expired', async () => {
    const { handoffId, ticket } = await createHandoff();
    t.clock.advance(UPLOAD_HANDOFF_TTL_SECONDS * 1000);
    expect((await phone(PATHS.uploadHandoffState, { ticket })).body.code).toBe('UPL0000007');
    expect((await phone(PATHS.uploadHandoffSignUpload, { ticket, s3FileName: 'late.png' })).body.code).toBe('UPL0000007');
    expect((await filesFor(handoffId)).body.data).toMatchObject({ expired: true });
  });

  it('never writes a ticket to the logs', async () => {
    const { ticket } = await createHandoff();
    await phone(PATHS.uploadHandoffState, { ticket });
    expect(t.logs.join('\n')).not.toContain(ticket);
  });
});
