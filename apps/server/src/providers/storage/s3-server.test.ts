import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referencePresignedSignature } from '../../../test/sigv4-reference.ts';
import { createS3Storage } from './s3.ts';
import type { StorageProvider } from './storage.ts';

// The S3 adapter against an S3-compatible server (s3rver) on an ephemeral port, the way a person
// uploads: our presigned PUT, sent by Chromium from another origin (CORS and all), then read
// back through the adapter. s3rver accepts any SigV4 signature (its V4 check is unimplemented),
// so a gate in front of it checks presigned ones as S3 does, with the reference written from
// AWS's documentation (test/sigv4-reference.ts): a URL the SDK signed wrongly is refused here too.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The test talks to no database: the PostgreSQL run of the server suite would only repeat it.
const skipped = !fs.existsSync(CHROMIUM_PATH) || process.env.TEST_DB === 'postgres';

const BUCKET = 'causeway-docs';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const KEY = 'kyc/usr_s3test/0f1e2d3c4b5a69788796a5b4/passport.png';
/** A PNG signature, then bytes of every value: what arrives must be exactly what the browser sent. */
const DOCUMENT = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 4096 }, (_, index) => (index * 37) % 256)];

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: http.Server | undefined) => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

describe.skipIf(skipped)('S3 storage against s3rver, uploaded from Chromium', () => {
  let directory: string;
  let page: http.Server | undefined;
  let s3: http.Server | undefined;
  let browser: Browser | undefined;
  let pageOrigin: string;
  let endpoint: string;
  let storage: StorageProvider;

  beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-s3rver-'));
    // The checkout's own origin: an empty page the upload runs from.
    page = http.createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>upload</title>'),
    );
    pageOrigin = await listen(page);
    // The bucket lets that origin PUT, as the README asks of a real bucket.
    const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>${pageOrigin}</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`;
    const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [cors] }] });
    await s3rver.configureBuckets();
    const handle = s3rver.callback();
    s3 = http.createServer((request, response) => {
      const url = `http://${request.headers.host}${request.url}`;
      const signature = new URL(url).searchParams.get('X-Amz-Signature');
      if (request.method !== 'OPTIONS' && signature !== null) {
        if (signature !== referencePresignedSignature(request.method ?? '', url, CREDENTIALS.secretAccessKey)) {
          response.writeHead(403, { 'content-type': 'application/xml', 'access-control-allow-origin': pageOrigin });
          response.end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
          return;
        }
      }
      handle(request, response);
    });
    endpoint = await listen(s3);
    storage = createS3Storage({ bucket: BUCKET, endpoint, forcePathStyle: true, credentials: CREDENTIALS });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--disable-gpu'] });
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([close(page), close(s3)]);
    if (directory) fs.rmSync(directory, { recursive: true, force: true });
  });

  it('Chromium PUTs the document to our presigned URL from the checkout origin; the adapter reads back the same bytes', async () => {
    const url = await storage.presignPut({ key: KEY, expiresInSeconds: 600 });
    const tab = await browser!.newPage();
    await tab.goto(pageOrigin);
    const status = await tab.evaluate(
      async ({ url, bytes }) => {
        const response = await fetch(url, { method: 'PUT', body: new Blob([new Uint8Array(bytes)], { type: 'image/png' }) });
        return response.status;
      },
      { url, bytes: DOCUMENT },
    );
    await tab.close();
    expect(status).toBe(200);
    expect([...((await storage.read(KEY)) ?? [])]).toEqual(DOCUMENT);
    expect(await storage.inspect(KEY)).toEqual({ size: DOCUMENT.length, head: Buffer.from(DOCUMENT.slice(0, 16)) });
  });

  it('the presigned download serves those bytes as an attachment under the name asked', async () => {
    const url = await storage.presignGet({ key: KEY, downloadName: 'passport.png', expiresInSeconds: 300 });
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="passport.png"');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual(DOCUMENT);
  });

  it('refuses a tampered URL, and removing leaves nothing to read', async () => {
    const url = new URL(await storage.presignPut({ key: KEY, expiresInSeconds: 600 }));
    url.pathname = url.pathname.replace('passport.png', 'other.png');
    expect((await fetch(url, { method: 'PUT', body: 'x' })).status).toBe(403);
    await storage.remove(KEY);
    expect(await storage.read(KEY)).toBeUndefined();
    expect(await storage.inspect(KEY)).toBeUndefined();
  });
});
