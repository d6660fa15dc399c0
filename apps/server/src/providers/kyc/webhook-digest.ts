import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './kyc-provider.ts';

/**
 * Sumsub's webhook signature (https://docs.sumsub.com/docs/webhook-manager): `X-Payload-Digest` is
 * the hex HMAC of the raw body with the webhook's secret key, `X-Payload-Digest-Alg` names the hash
 * (HMAC_SHA256_HEX, the dashboard's default, or HMAC_SHA512_HEX). The sandbox vendor signs the same
 * way, so every adapter shares this check.
 *
 * SHA-1 (HMAC_SHA1_HEX, and a delivery without the algorithm header, which we read as SHA-1, the
 * signing of Sumsub's older webhooks) is refused unless the operator opts in with
 * SUMSUB_WEBHOOK_ALLOW_SHA1: it is too weak to rely on by default, yet an account still set up that
 * way would otherwise lose every delivery. Each refusal says why and what to change, because the
 * intake logs the message as the reason (platform/webhook-intake.ts) and that log line is all the
 * operator sees. (The webhook manager page names SHA-256 the default and SHA-512 the other choice; it
 * does not say what a delivery without the header was signed with: SHA-1 is this code's reading.)
 */
export const DIGEST_ALGORITHMS = { HMAC_SHA1_HEX: 'sha1', HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' } as const;
export type DigestAlgorithm = keyof typeof DIGEST_ALGORITHMS;

/** What the operator allows beyond SHA-256 and SHA-512. */
export interface DigestPolicy {
  /** SUMSUB_WEBHOOK_ALLOW_SHA1: take SHA-1 digests (explicit, or no algorithm header). Off unless set. */
  allowSha1?: boolean;
}

const FIX_SHA1 =
  "switch the webhook to HMAC_SHA256_HEX (or HMAC_SHA512_HEX) in Sumsub's dashboard (Dev space > Webhooks), or set SUMSUB_WEBHOOK_ALLOW_SHA1=true to accept SHA-1";

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

const isDigestAlgorithm = (name: string): name is DigestAlgorithm => Object.hasOwn(DIGEST_ALGORITHMS, name);

export function signPayload(rawBody: Buffer, secret: string, algorithm: DigestAlgorithm = 'HMAC_SHA256_HEX'): string {
  return createHmac(DIGEST_ALGORITHMS[algorithm], secret).update(rawBody).digest('hex');
}

/** Throws WebhookSignatureError, its message the reason an operator can act on, unless the digest holds under `policy`. */
export function verifyPayloadDigest(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  policy: DigestPolicy = {},
): void {
  const digest = header(headers, 'x-payload-digest');
  const named = header(headers, 'x-payload-digest-alg');
  if (!digest) throw new WebhookSignatureError('missing X-Payload-Digest: the delivery is unsigned');
  // The header is the sender's text: quoted, and cut short, before it reaches a log line.
  if (named !== undefined && !isDigestAlgorithm(named))
    throw new WebhookSignatureError(
      `unknown digest algorithm ${JSON.stringify(named.slice(0, 40))} in X-Payload-Digest-Alg: HMAC_SHA256_HEX and HMAC_SHA512_HEX are taken (HMAC_SHA1_HEX with SUMSUB_WEBHOOK_ALLOW_SHA1=true)`,
    );
  const algorithm: DigestAlgorithm = named ?? 'HMAC_SHA1_HEX';
  if (algorithm === 'HMAC_SHA1_HEX' && policy.allowSha1 !== true)
    throw new WebhookSignatureError(
      named === undefined
        ? `the webhook was signed with SHA-1 (no X-Payload-Digest-Alg header = Sumsub's legacy default): ${FIX_SHA1}`
        : `the webhook was signed with SHA-1 (X-Payload-Digest-Alg: HMAC_SHA1_HEX): ${FIX_SHA1}`,
    );
  const expected = Buffer.from(signPayload(rawBody, secret, algorithm), 'hex');
  const given = Buffer.from(digest, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new WebhookSignatureError(
      `X-Payload-Digest does not match (${algorithm}): the body was altered or signed with another secret (for Sumsub: is SUMSUB_WEBHOOK_SECRET the webhook's secret key?)`,
    );
}
