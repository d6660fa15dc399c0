import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './kyc-provider.ts';
import { signPayload, verifyPayloadDigest } from './webhook-digest.ts';

const SECRET = 'webhook-secret-key';
const body = Buffer.from('{"type":"applicantReviewed","applicantId":"65a1f0c2b3d4e5f6a7b8c9d0"}');
const hmac = (hash: 'sha1' | 'sha256' | 'sha512', secret = SECRET) => createHmac(hash, secret).update(body).digest('hex');
const headers = (digest: string, alg?: string) => ({
  'x-payload-digest': digest,
  ...(alg === undefined ? {} : { 'x-payload-digest-alg': alg }),
});

/** The refusal's message (what the intake logs as the reason), or a test failure when the digest is taken. */
function refusal(run: () => void): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookSignatureError);
    return (error as Error).message;
  }
  throw new Error('expected the digest to be refused');
}

describe('verifyPayloadDigest (Sumsub X-Payload-Digest)', () => {
  it.each([
    ['HMAC_SHA256_HEX', 'sha256'],
    ['HMAC_SHA512_HEX', 'sha512'],
  ] as const)('takes %s, with or without the SHA-1 opt-in', (alg, hash) => {
    expect(() => verifyPayloadDigest(body, headers(hmac(hash), alg), SECRET)).not.toThrow();
    expect(() => verifyPayloadDigest(body, headers(hmac(hash), alg), SECRET, { allowSha1: true })).not.toThrow();
    // signPayload (the sandbox vendor's signer) makes the same digest.
    expect(signPayload(body, SECRET, alg)).toBe(hmac(hash));
  });

  it('refuses HMAC_SHA1_HEX, even correctly signed, saying what to change', () => {
    const reason = refusal(() => verifyPayloadDigest(body, headers(hmac('sha1'), 'HMAC_SHA1_HEX'), SECRET));
    expect(reason).toContain('signed with SHA-1 (X-Payload-Digest-Alg: HMAC_SHA1_HEX)');
    expect(reason).toContain("switch the webhook to HMAC_SHA256_HEX (or HMAC_SHA512_HEX) in Sumsub's dashboard");
    expect(reason).toContain('SUMSUB_WEBHOOK_ALLOW_SHA1=true');
  });

  it('reads a delivery without X-Payload-Digest-Alg as SHA-1 (legacy), and refuses it saying so', () => {
    const reason = refusal(() => verifyPayloadDigest(body, headers(hmac('sha1')), SECRET));
    expect(reason).toBe(
      "the webhook was signed with SHA-1 (no X-Payload-Digest-Alg header = Sumsub's legacy default): switch the webhook to HMAC_SHA256_HEX (or HMAC_SHA512_HEX) in Sumsub's dashboard (Dev space > Webhooks), or set SUMSUB_WEBHOOK_ALLOW_SHA1=true to accept SHA-1",
    );
    // Without the header a SHA-256 digest is no better: SHA-1 is what such a delivery is checked as.
    expect(refusal(() => verifyPayloadDigest(body, headers(hmac('sha256')), SECRET))).toContain('no X-Payload-Digest-Alg header');
  });

  it('takes SHA-1, explicit or by a missing header, once the operator opts in', () => {
    const optIn = { allowSha1: true };
    expect(() => verifyPayloadDigest(body, headers(hmac('sha1'), 'HMAC_SHA1_HEX'), SECRET, optIn)).not.toThrow();
    expect(() => verifyPayloadDigest(body, headers(hmac('sha1')), SECRET, optIn)).not.toThrow();
    // The opt-in takes SHA-1 digests, not anything: a wrong one, or one made for another hash, still fails.
    expect(refusal(() => verifyPayloadDigest(body, headers(hmac('sha1', 'another-secret'), 'HMAC_SHA1_HEX'), SECRET, optIn))).toContain(
      'X-Payload-Digest does not match (HMAC_SHA1_HEX)',
    );
    expect(refusal(() => verifyPayloadDigest(body, headers(hmac('sha256')), SECRET, optIn))).toContain('does not match');
    // allowSha1 false is the default.
    expect(() => verifyPayloadDigest(body, headers(hmac('sha1')), SECRET, { allowSha1: false })).toThrow(WebhookSignatureError);
  });

  it('refuses a digest that does not match, naming the algorithm and the secret to check', () => {
    const reason = refusal(() => verifyPayloadDigest(body, headers(hmac('sha256', 'another-secret'), 'HMAC_SHA256_HEX'), SECRET));
    expect(reason).toContain('X-Payload-Digest does not match (HMAC_SHA256_HEX)');
    expect(reason).toContain('SUMSUB_WEBHOOK_SECRET');
    const altered = Buffer.from(body);
    altered[2] = altered[2]! ^ 1;
    expect(() => verifyPayloadDigest(altered, headers(hmac('sha256'), 'HMAC_SHA256_HEX'), SECRET)).toThrow(WebhookSignatureError);
    // A digest of the wrong length (SHA-256's, named SHA-512) is refused the same way, not thrown by the comparison.
    expect(refusal(() => verifyPayloadDigest(body, headers(hmac('sha256'), 'HMAC_SHA512_HEX'), SECRET))).toContain('does not match');
  });

  it('refuses a missing digest', () => {
    expect(refusal(() => verifyPayloadDigest(body, { 'x-payload-digest-alg': 'HMAC_SHA256_HEX' }, SECRET))).toContain(
      'missing X-Payload-Digest',
    );
    expect(refusal(() => verifyPayloadDigest(body, {}, SECRET, { allowSha1: true }))).toContain('missing X-Payload-Digest');
  });

  it('refuses an algorithm it does not know, quoting the header cut short (even a name every object has)', () => {
    expect(refusal(() => verifyPayloadDigest(body, headers(hmac('sha256'), 'MD5'), SECRET, { allowSha1: true }))).toBe(
      'unknown digest algorithm "MD5" in X-Payload-Digest-Alg: HMAC_SHA256_HEX and HMAC_SHA512_HEX are taken (HMAC_SHA1_HEX with SUMSUB_WEBHOOK_ALLOW_SHA1=true)',
    );
    expect(refusal(() => verifyPayloadDigest(body, headers(hmac('sha256'), 'constructor'), SECRET))).toContain('"constructor"');
    const long = `HMAC_${'X'.repeat(500)}\n`;
    const reason = refusal(() => verifyPayloadDigest(body, headers(hmac('sha256'), long), SECRET));
    expect(reason.length).toBeLessThan(200);
    expect(reason).not.toContain('\n');
  });

  it('reads the first value of a repeated header', () => {
    expect(() =>
      verifyPayloadDigest(body, { 'x-payload-digest': [hmac('sha512'), 'ff'], 'x-payload-digest-alg': ['HMAC_SHA512_HEX', 'MD5'] }, SECRET),
    ).not.toThrow();
  });
});
