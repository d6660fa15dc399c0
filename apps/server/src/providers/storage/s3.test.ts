import { describe, expect, it } from 'vitest';
import { referencePresignedSignature } from '../../../test/sigv4-reference.ts';
import { loadConfig } from '../../config.ts';
import { createS3Storage } from './s3.ts';
import { UnsafeKeyError } from './storage.ts';

// Offline: presigning is pure computation, so fixed credentials and a fixed signing time make
// every URL exact. Each signature is checked against sigv4-reference.ts, written from AWS's
// documentation (not the SDK) and itself checked against AWS's published example first.
const CREDENTIALS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const SIGNED_AT = new Date('2026-11-21T12:00:00Z');
const KEY = 'kyc/usr_abc123/0f1e2d3c4b5a69788796a5b4/passport.png';
const storage = (options: Partial<Parameters<typeof createS3Storage>[0]> = {}) =>
  createS3Storage({ bucket: 'causeway-docs', region: 'eu-west-1', credentials: CREDENTIALS, now: () => SIGNED_AT, ...options });

describe('the SigV4 reference used by these tests', () => {
  it("reproduces AWS's documented presigned URL example (GET examplebucket/test.txt, 2013-05-24)", () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html, "An example".
    const url =
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
      '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host';
    expect(referencePresignedSignature('GET', url, 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')).toBe(
      'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });
});

describe('S3 storage: presigned URLs', () => {
  it('presignPut: a SigV4 query-string URL for the bucket and key, signed for the host header only', async () => {
    const url = new URL(await storage().presignPut({ key: KEY, expiresInSeconds: 600 }));
    expect(url.origin).toBe('https://causeway-docs.s3.eu-west-1.amazonaws.com');
    expect(url.pathname).toBe(`/${KEY}`);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIDEXAMPLE/20261121/eu-west-1/s3/aws4_request',
      'X-Amz-Date': '20261121T120000Z',
      'X-Amz-Expires': '600',
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Signature': expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // No checksum of an empty body: the browser's real bytes would never match it.
    expect(Object.keys(query).filter((name) => /checksum/i.test(name))).toEqual([]);
  });

  it('presignPut: the signature is the one SigV4 gives, and changes with the key, the time and the secret', async () => {
    const url = await storage().presignPut({ key: KEY, expiresInSeconds: 600 });
    const signature = new URL(url).searchParams.get('X-Amz-Signature');
    expect(signature).toBe(referencePresignedSignature('PUT', url, CREDENTIALS.secretAccessKey));
    expect(referencePresignedSignature('GET', url, CREDENTIALS.secretAccessKey)).not.toBe(signature);
    expect(referencePresignedSignature('PUT', url, `${CREDENTIALS.secretAccessKey}x`)).not.toBe(signature);
    const later = await storage({ now: () => new Date(SIGNED_AT.getTime() + 1000) }).presignPut({ key: KEY, expiresInSeconds: 600 });
    expect(new URL(later).searchParams.get('X-Amz-Signature')).not.toBe(signature);
  });

  it('presignGet: downloads as an attachment with the name, the type by extension, never cached', async () => {
    const url = await storage().presignGet({ key: KEY, downloadName: 'passport "front".png', expiresInSeconds: 300 });
    const query = new URL(url).searchParams;
    expect(query.get('response-content-disposition')).toBe('attachment; filename="passport _front_.png"');
    expect(query.get('response-content-type')).toBe('image/png');
    expect(query.get('response-cache-control')).toBe('private, no-store');
    expect(query.get('X-Amz-Expires')).toBe('300');
    expect(query.get('X-Amz-SignedHeaders')).toBe('host');
    expect(query.get('X-Amz-Signature')).toBe(referencePresignedSignature('GET', url, CREDENTIALS.secretAccessKey));
  });

  it('an S3-compatible endpoint with path-style addressing puts the bucket in the path', async () => {
    const url = await storage({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }).presignPut({ key: KEY, expiresInSeconds: 600 });
    expect(url.startsWith(`http://127.0.0.1:9000/causeway-docs/${KEY}?`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Signature')).toBe(referencePresignedSignature('PUT', url, CREDENTIALS.secretAccessKey));
  });

  it('refuses keys that are not ours, and names the missing variable', async () => {
    await expect(storage().presignPut({ key: 'kyc/../secret.png', expiresInSeconds: 600 })).rejects.toThrow(UnsafeKeyError);
    expect(() => createS3Storage({ bucket: '' })).toThrow('S3_BUCKET');
  });
});

describe('S3 configuration', () => {
  it('reads the S3 variables, with us-east-1 and virtual-hosted addressing by default', () => {
    expect(loadConfig({ S3_BUCKET: 'causeway-docs' })).toMatchObject({
      S3_BUCKET: 'causeway-docs',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
    expect(loadConfig({ S3_BUCKET: 'causeway-docs', S3_FORCE_PATH_STYLE: 'true', S3_ENDPOINT: 'http://minio:9000' })).toMatchObject({
      S3_FORCE_PATH_STYLE: true,
    });
  });

  it('stops the boot on half a setting', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow('S3_BUCKET="": must be set when S3_ENDPOINT is set');
    expect(() => loadConfig({ S3_BUCKET: 'causeway-docs', S3_SECRET_ACCESS_KEY: 'hush-hush' })).toThrow(
      'S3_ACCESS_KEY_ID="": must be set when S3_SECRET_ACCESS_KEY is set',
    );
    expect(() => loadConfig({ S3_BUCKET: 'Not A Bucket' })).toThrow('S3_BUCKET="Not A Bucket"');
  });
});
