import { PATHS, UPLOAD_MESSAGES } from '@causeway/contracts';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, type ManualClock, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { fakeFile } from '../../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { rateLimitBuckets, uploadUsage } from '../../db/schema/index.ts';
import { SIGNED_LINK_REFUSALS_PER_ADDRESS_PER_HOUR } from './local-files.routes.ts';
import { createManualClock } from '../../platform/clock.ts';
import { deriveKey, hmacHex } from '../../platform/crypto.ts';
import { createLocalStorage, type LocalStorage } from '../../providers/storage/local.ts';

// A known server secret, so the test can sign URLs the app accepts (and forge-proof ones it must not).
const SECRET_KEY = 'uploads-test-server-secret-0123456789';
const URL_KEY = deriveKey(Buffer.from(SECRET_KEY, 'utf8'), 'upload-url');
let t: TestApp & { clock: ManualClock };
let uploadDir: string;
let storage: LocalStorage;
let token: string;
/** A business session: sign-upload-kyb-temple takes business tokens only. */
let businessToken: string;
beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), 'causeway-uploads-'));
  const clock = createManualClock();
  t = { ...(await createTestApp({ UPLOAD_DIR: uploadDir, SECRET_KEY }, undefined, { clock })), clock };
  // The same folder, key and clock as the app: how a later module will hand out download URLs.
  storage = createLocalStorage({ root: uploadDir, urlKey: URL_KEY, now: clock.now });
  token = await signUp(t.app, 'uploads.person@example.test');
  businessToken = await signUp(t.app, 'uploads.business@example.test', { loginMode: 'business' });
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

const headersFor = (signPath: string) => (signPath === PATHS.signUploadKyb ? tokenHeaders(businessToken, 'business') : tokenHeaders(token));
const signUpload = (s3FileName: unknown, signPath: string = PATHS.signUpload, headers = headersFor(signPath)) =>
  call(t.app, 'POST', signPath, { headers, body: { s3FileName } });
async function uploadUrlFor(s3FileName: string, signPath: string = PATHS.signUpload) {
  const { statusCode, body } = await signUpload(s3FileName, signPath);
  expect(statusCode).toBe(200);
  return body.data as { uploadTempUrl: string; filePath: string; expiresInSeconds: number };
}
const put = (url: string, bytes: Buffer, contentType = 'application/octet-stream') =>
  t.app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': contentType } });
const envelope = (response: { json: () => unknown }) => response.json() as { status: number; code: string; msg: string };
/** A PUT whose path reaches the server byte for byte (no ../ resolution), over a loopback socket. */
async function rawPut(pathAndQuery: string, bytes: Buffer): Promise<{ statusCode: number; body: unknown }> {
  const address = t.app.server.listening
    ? t.app.server.address()
    : (await t.app.listen({ host: '127.0.0.1', port: 0 }), t.app.server.address());
  const { port } = address as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: pathAndQuery,
        headers: { 'content-type': 'image/png', 'content-length': bytes.length },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ statusCode: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      },
    );
    request.on('error', reject);
    request.end(bytes);
  });
}
const filesOnDisk = async () =>
  (await readdir(uploadDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();

describe('sign-upload, then PUT, then a signed download', () => {
  it.each([
    ['a PNG identity document', PATHS.signUpload, 'passport.png', fakeFile('png', 20 * 1024), 'kyc', 'image/png'],
    ['a PDF business document', PATHS.signUploadKyb, 'Company register.PDF', fakeFile('pdf', 300 * 1024), 'kyb', 'application/pdf'],
    ['a JPEG named .jpeg', PATHS.signUpload, 'C:\\fakepath\\selfie 1.jpeg', fakeFile('jpg', 10 * 1024), 'kyc', 'image/jpeg'],
  ])('stores %s and serves the same bytes back as an attachment', async (_what, signPath, name, bytes, purpose, contentType) => {
    const { uploadTempUrl, filePath, expiresInSeconds } = await uploadUrlFor(name, signPath);
    expect(filePath).toMatch(new RegExp(`^${purpose}/usr_[a-z0-9]+/[0-9a-f]{24}/[A-Za-z0-9_-]+\\.(png|pdf|jpeg)$`));
    expect(uploadTempUrl.startsWith(`/uploads/${filePath}?op=put&expires=`)).toBe(true);
    expect(expiresInSeconds).toBe(600);

    const stored = await put(uploadTempUrl, bytes, contentType);
    expect(stored.statusCode).toBe(200);
    expect(envelope(stored).code).toBe('000000');
    expect((await readFile(path.join(uploadDir, filePath))).equals(bytes)).toBe(true);

    const downloadName = path.basename(filePath);
    const download = await t.app.inject({
      method: 'GET',
      url: await storage.presignGet({ key: filePath, downloadName, expiresInSeconds: 60 }),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers).toMatchObject({
      'content-disposition': `attachment; filename="${downloadName}"`,
      'x-content-type-options': 'nosniff',
      'content-type': contentType,
      'cache-control': 'private, no-store',
    });
  });

  it('keeps the name safe: no folders, no dots but the extension, lower-case extension', async () => {
    expect((await uploadUrlFor('../../etc/pass..word.PNG')).filePath).toMatch(/\/pass_word\.png$/);
    expect((await uploadUrlFor('.png')).filePath).toMatch(/\/document\.png$/);
  });

  it('accepts exactly 10 KB and exactly 5120 KB', async () => {
    for (const size of [10 * 1024, 5120 * 1024]) {
      const { uploadTempUrl } = await uploadUrlFor('edge.png');
      expect((await put(uploadTempUrl, fakeFile('png', size))).statusCode).toBe(200);
    }
  });

  it('refuses a second PUT to the same key (409) and keeps the first file', async () => {
    const { uploadTempUrl, filePath } = await uploadUrlFor('once.png');
    const first = fakeFile('png');
    expect((await put(uploadTempUrl, first)).statusCode).toBe(200);
    const second = await put(uploadTempUrl, fakeFile('png'));
    expect(second.statusCode).toBe(409);
    expect(envelope(second)).toMatchObject({ status: 409, code: 'UPL0000005' });
    expect((await readFile(path.join(uploadDir, filePath))).equals(first)).toBe(true);
  });
});

describe('refused uploads store nothing', () => {
  const refusals: Array<[string, string, () => Buffer, number, string, string]> = [
    ['an HTML file renamed .jpg', 'passport.jpg', () => fakeFile('html'), 400, 'UPL0000001', UPLOAD_MESSAGES.format],
    ['a PNG sent to a .pdf key', 'statement.pdf', () => fakeFile('png'), 400, 'UPL0000001', UPLOAD_MESSAGES.format],
    ['a 9 KB file', 'small.png', () => fakeFile('png', 9 * 1024), 400, 'UPL0000002', UPLOAD_MESSAGES.size],
    ['a file 1 byte over 5120 KB', 'large.png', () => fakeFile('png', 5120 * 1024 + 1), 400, 'UPL0000002', UPLOAD_MESSAGES.size],
    ['a 6 MB file', 'huge.png', () => fakeFile('png', 6 * 1024 * 1024), 400, 'UPL0000002', UPLOAD_MESSAGES.size],
    ['an empty body', 'empty.png', () => Buffer.alloc(0), 400, 'UPL0000002', UPLOAD_MESSAGES.size],
  ];
  it.each(refusals)('refuses %s', async (_what, name, bytes, status, code, msg) => {
    const before = await filesOnDisk();
    const { uploadTempUrl, filePath } = await uploadUrlFor(name);
    const response = await put(uploadTempUrl, bytes());
    expect(response.statusCode).toBe(status);
    expect(envelope(response)).toEqual({ status, code, msg, data: null });
    expect(existsSync(path.join(uploadDir, filePath))).toBe(false);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses an expired URL (403), while one a second before expiry still works', async () => {
    const before = await filesOnDisk();
    const late = await uploadUrlFor('late.png');
    const onTime = await uploadUrlFor('on-time.png');
    t.clock.advance(600_000);
    expect((await put(onTime.uploadTempUrl, fakeFile('png'))).statusCode).toBe(200);
    t.clock.advance(1_000);
    const response = await put(late.uploadTempUrl, fakeFile('png'));
    expect(response.statusCode).toBe(403);
    expect(envelope(response)).toMatchObject({ status: 403, code: 'UPL0000004' });
    expect(existsSync(path.join(uploadDir, late.filePath))).toBe(false);
    expect(await filesOnDisk()).toEqual([...before, path.join(uploadDir, onTime.filePath)].sort());
  });

  it('refuses a URL with one character of the signature changed (403), or moved to another key or operation', async () => {
    const before = await filesOnDisk();
    const { uploadTempUrl, filePath } = await uploadUrlFor('tampered.png');
    const last = uploadTempUrl.at(-1)!;
    const tampered = `${uploadTempUrl.slice(0, -1)}${last === 'a' ? 'b' : 'a'}`;
    for (const url of [
      tampered,
      uploadTempUrl.replace('tampered.png', 'other.png'),
      uploadTempUrl.replace('op=put', 'op=get'),
      uploadTempUrl.split('&sig=')[0]!,
    ]) {
      const response = await put(url, fakeFile('png'));
      expect(response.statusCode).toBe(403);
      expect(envelope(response).code).toBe('UPL0000004');
    }
    // A PUT URL does not download either.
    expect((await t.app.inject({ method: 'GET', url: uploadTempUrl })).statusCode).toBe(403);
    expect(existsSync(path.join(uploadDir, filePath))).toBe(false);
    expect(await filesOnDisk()).toEqual(before);
  });

  it(`counts refused links per address: after ${SIGNED_LINK_REFUSALS_PER_ADDRESS_PER_HOUR} in an hour the address is refused unchecked (429), while a right link still works elsewhere`, async () => {
    const { uploadTempUrl } = await uploadUrlFor('counted.png');
    const forged = uploadTempUrl.replace(/sig=[0-9a-f]+/, `sig=${'0'.repeat(64)}`);
    const from = (url: string, ip: string) =>
      t.app.inject({
        method: 'PUT',
        url,
        payload: fakeFile('png'),
        headers: { 'content-type': 'application/octet-stream' },
        remoteAddress: ip,
      });
    const answers = await Promise.all(
      Array.from({ length: SIGNED_LINK_REFUSALS_PER_ADDRESS_PER_HOUR + 5 }, () => from(forged, '203.0.113.90')),
    );
    expect(answers.filter((answer) => answer.statusCode === 403)).toHaveLength(SIGNED_LINK_REFUSALS_PER_ADDRESS_PER_HOUR);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(5);
    expect((await from(uploadTempUrl, '203.0.113.90')).statusCode).toBe(429);
    expect((await from(uploadTempUrl, '203.0.113.91')).statusCode).toBe(200);
  });

  // Over a real socket: app.inject (like a browser) resolves ../ before the server sees it; curl --path-as-is does not.
  it.each([
    ['raw ../ segments', 'kyc/usr_x/abc/../../../../escaped.png', (key: string) => key],
    ['percent-encoded ../ segments', 'kyc/usr_x/abc/../../../../escaped.png', (key: string) => key.replaceAll('..', '%2E%2E')],
    ['encoded slashes', 'kyc/usr_x/abc/..%2F..%2F..%2F..%2Fescaped.png', (key: string) => key],
    ['an absolute path', '/tmp/escaped.png', (key: string) => key],
  ])('refuses a path-traversal key (%s) even with a valid signature', async (_what, key, toPath) => {
    const before = await filesOnDisk();
    const expires = String(Math.floor(t.clock.now().getTime() / 1000) + 600);
    const sig = hmacHex(URL_KEY, JSON.stringify(['put', key, expires, '']));
    const response = await rawPut(`/uploads/${toPath(key)}?op=put&expires=${expires}&sig=${sig}`, fakeFile('png'));
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatchObject({ status: 400, code: 'UPL0000003' });
    expect(existsSync(path.join(path.dirname(uploadDir), 'escaped.png'))).toBe(false);
    expect(existsSync('/tmp/escaped.png')).toBe(false);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('answers 404 for a signed download of a file never stored', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: await storage.presignGet({ key: 'kyc/usr_x/abc/missing.png', downloadName: 'missing.png', expiresInSeconds: 60 }),
    });
    expect(response.statusCode).toBe(404);
    expect(envelope(response).code).toBe('UPL0000006');
  });
});

describe('sign-upload requests', () => {
  it('needs a session', async () => {
    for (const signPath of [PATHS.signUpload, PATHS.signUploadKyb]) {
      const { statusCode, body } = await signUpload('passport.png', signPath, {});
      expect(statusCode).toBe(401);
      expect(body.code).toBe('USER0000001');
    }
  });

  it('takes business documents from business sessions only', async () => {
    const { statusCode, body } = await signUpload('register.pdf', PATHS.signUploadKyb, tokenHeaders(token));
    expect(statusCode).toBe(401);
    expect(body.code).toBe('USER0000001');
  });

  it.each([['passport.gif'], ['passport'], ['passport.png.exe'], ['passport.png ']])(
    'refuses the name %j with the format text',
    async (name) => {
      const { statusCode, body } = await signUpload(name);
      expect(statusCode).toBe(400);
      expect(body).toEqual({ status: 400, code: 'UPL0000001', msg: UPLOAD_MESSAGES.format, data: null });
    },
  );

  it.each([[''], ['a'.repeat(117) + '.png'], [42], [null]])('refuses the malformed s3FileName %j', async (name) => {
    const { statusCode, body } = await signUpload(name);
    expect(statusCode).toBe(400);
    expect(body.code).toBe('REQ0000400');
    expect(body.msg).toContain('s3FileName');
  });
});
