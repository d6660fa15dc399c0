import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './kyc-provider.ts';

/**
 * Sumsub's webhook signature: `X-Payload-Digest` is the hex HMAC of the raw body with the
 * webhook's secret, `X-Payload-Digest-Alg` names the hash. We accept SHA-256 and SHA-512 and
 * refuse SHA-1 (Sumsub still offers it; it is too weak to rely on). The sandbox vendor signs the
 * same way, so both adapters share this check.
 */
export const DIGEST_ALGORITHMS = { HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' } as const;
export type DigestAlgorithm = keyof typeof DIGEST_ALGORITHMS;

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

export function signPayload(rawBody: Buffer, secret: string, algorithm: DigestAlgorithm = 'HMAC_SHA256_HEX'): string {
  return createHmac(DIGEST_ALGORITHMS[algorithm], secret).update(rawBody).digest('hex');
}

export function verifyPayloadDigest(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, secret: string): void {
  const digest = header(headers, 'x-payload-digest');
  // No algorithm header is Sumsub's legacy SHA-1 signing: refused like an explicit SHA-1.
  const algorithm = header(headers, 'x-payload-digest-alg') ?? 'HMAC_SHA1_HEX';
  if (!digest) throw new WebhookSignatureError('missing X-Payload-Digest');
  if (!(algorithm in DIGEST_ALGORITHMS)) throw new WebhookSignatureError(`refused digest algorithm ${algorithm}`);
  const expected = Buffer.from(signPayload(rawBody, secret, algorithm as DigestAlgorithm), 'hex');
  const given = Buffer.from(digest, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new WebhookSignatureError('X-Payload-Digest does not match');
}
