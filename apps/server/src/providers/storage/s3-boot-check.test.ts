import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaks, runCheck } from '../boot-check.test-support.ts';
import { s3BootCheck } from './s3-boot-check.ts';

// Against an S3-compatible server (s3rver, as s3-server.test.ts) on an ephemeral port. s3rver takes
// any signature, so a gate in front of it refuses a request signed with another access key id, with
// S3's bodiless 403, as S3 refuses a key it does not know.
const BUCKET = 'causeway-docs';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER-secret-key-0e9d' };

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
const noFetch: typeof fetch = () => Promise.reject(new Error('the S3 check calls through the SDK'));

describe("S3's boot check, against s3rver", () => {
  let directory: string;
  let s3: http.Server;
  let silent: http.Server;
  let endpoint: string;
  let silentEndpoint: string;

  beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-s3-boot-'));
    const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
    await s3rver.configureBuckets();
    const handle = s3rver.callback();
    s3 = http.createServer((request, response) => {
      if (!String(request.headers.authorization ?? '').includes(`Credential=${CREDENTIALS.accessKeyId}/`)) {
        response.writeHead(403).end();
        return;
      }
      handle(request, response);
    });
    endpoint = await listen(s3);
    // Takes the request and never answers.
    silent = http.createServer(() => {});
    silentEndpoint = await listen(silent);
  });
  afterAll(async () => {
    await Promise.all([close(s3), close(silent)]);
    fs.rmSync(directory, { recursive: true, force: true });
  });

  const check = (overrides: Partial<Parameters<typeof s3BootCheck>[0]> = {}) =>
    s3BootCheck({ bucket: BUCKET, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS, ...overrides });

  it('HeadBucket on the bucket with the key pair', async () => {
    const result = await runCheck(check(), noFetch);
    expect(result).toMatchObject({ vendor: 'S3', ok: true });
    expect(result.message).toContain(BUCKET);
  });

  it('a bucket that does not exist names S3_BUCKET', async () => {
    const result = await runCheck(check({ bucket: 'no-such-bucket' }), noFetch);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^S3 has no bucket no-such-bucket .*\(HTTP 404\): check S3_BUCKET/);
  });

  it('403: names the key pair, never the secret key', async () => {
    const wrong = { accessKeyId: 'AKIAOTHER', secretAccessKey: 'other-secret-access-key-77' };
    const result = await runCheck(check({ credentials: wrong }), noFetch);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(
      /^S3 refused access to bucket causeway-docs \(HTTP 403\): check S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY/,
    );
    expect(leaks(result.message, [wrong.secretAccessKey])).toEqual([]);
  });

  it('no answer: stops at the deadline, naming S3_ENDPOINT', async () => {
    const result = await runCheck(check({ endpoint: silentEndpoint }), noFetch, 200);
    expect(result.ok).toBe(false);
    expect(result.message).toContain(`did not answer within 0.2 s at S3_ENDPOINT (${silentEndpoint})`);
  });
});
