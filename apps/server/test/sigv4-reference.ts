import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for presigned (query-string) URLs, written from AWS's documentation
 * ("Authenticating Requests: Using Query Parameters") and nothing else, so tests can check what
 * the SDK signs without trusting the SDK. Checked against the documented example in s3.test.ts.
 */

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX. */
const uriEncode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
const hmac = (key: Buffer | string, value: string) => createHmac('sha256', key).update(value, 'utf8').digest();

/** The signature a presigned URL should carry, computed from the URL's own parameters (all but X-Amz-Signature). */
export function referencePresignedSignature(method: string, url: string, secretAccessKey: string): string {
  const parsed = new URL(url);
  const params = [...parsed.searchParams].filter(([name]) => name !== 'X-Amz-Signature');
  const get = (name: string) => params.find(([key]) => key === name)?.[1] ?? '';
  // S3 signs the path URI-encoded once, each segment on its own.
  const canonicalUri = parsed.pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = params
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const signedHeaders = get('X-Amz-SignedHeaders');
  if (signedHeaders !== 'host') throw new Error(`this reference signs only the host header, not ${signedHeaders}`);
  const canonicalRequest = [
    method,
    canonicalUri,
    canonicalQuery,
    `host:${parsed.host}\n`,
    signedHeaders,
    get('X-Amz-Content-Sha256') || 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const [, date, region, service, terminator] = get('X-Amz-Credential').split('/');
  if (!date || !region || !service || terminator !== 'aws4_request') throw new Error('malformed X-Amz-Credential');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    get('X-Amz-Date'),
    `${date}/${region}/${service}/aws4_request`,
    sha256Hex(canonicalRequest),
  ].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
}

/** What S3 would say about a presigned request at `now`: accepted, a wrong signature, or expired. */
export function checkPresignedUrl(method: string, url: string, secretAccessKey: string, now: Date): 'ok' | 'bad-signature' | 'expired' {
  const parsed = new URL(url);
  if (parsed.searchParams.get('X-Amz-Signature') !== referencePresignedSignature(method, url, secretAccessKey)) return 'bad-signature';
  const stamp = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(parsed.searchParams.get('X-Amz-Date') ?? '');
  if (!stamp) return 'bad-signature';
  const signedAt = Date.UTC(Number(stamp[1]), Number(stamp[2]) - 1, Number(stamp[3]), Number(stamp[4]), Number(stamp[5]), Number(stamp[6]));
  return now.getTime() <= signedAt + Number(parsed.searchParams.get('X-Amz-Expires')) * 1000 ? 'ok' : 'expired';
}
