import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './kyc-provider.ts';
import { createSumsubKyc } from './sumsub.ts';
import { CREDENTIALS, fixtureBytes, WEBHOOK_SECRET } from './sumsub.test-support.ts';

// The Sumsub KYC adapter passes SUMSUB_WEBHOOK_ALLOW_SHA1 (its webhookAllowSha1 option) to the shared
// digest check (webhook-digest.ts, whose own test covers each algorithm and refusal reason).
describe('Sumsub KYC parseWebhook: SHA-1 only when the operator opts in', () => {
  const now = () => new Date('2026-11-21T12:00:00Z');
  const green = fixtureBytes('webhook-applicant-reviewed-green');
  const sha1 = (secret = WEBHOOK_SECRET) => createHmac('sha1', secret).update(green).digest('hex');
  const explicit = { 'x-payload-digest': sha1(), 'x-payload-digest-alg': 'HMAC_SHA1_HEX' };
  const legacy = { 'x-payload-digest': sha1() };

  it('refuses both by default, saying what to change', () => {
    const kyc = createSumsubKyc({ ...CREDENTIALS, now });
    expect(() => kyc.parseWebhook({ rawBody: green, headers: explicit })).toThrow(/HMAC_SHA1_HEX.*SUMSUB_WEBHOOK_ALLOW_SHA1=true/);
    expect(() => kyc.parseWebhook({ rawBody: green, headers: legacy })).toThrow(
      /no X-Payload-Digest-Alg header = Sumsub's legacy default.*HMAC_SHA256_HEX.*SUMSUB_WEBHOOK_ALLOW_SHA1=true/,
    );
  });

  it('takes both with webhookAllowSha1, and still refuses a SHA-1 digest made with another secret', () => {
    const kyc = createSumsubKyc({ ...CREDENTIALS, webhookAllowSha1: true, now });
    const event = { type: 'applicantReviewed', applicantId: '65a1f0c2b3d4e5f6a7b8c9d0', externalUserId: 'usr-7f3c2a91' };
    expect(kyc.parseWebhook({ rawBody: green, headers: explicit })).toMatchObject(event);
    expect(kyc.parseWebhook({ rawBody: green, headers: legacy })).toMatchObject(event);
    expect(() => kyc.parseWebhook({ rawBody: green, headers: { ...explicit, 'x-payload-digest': sha1('not-the-secret') } })).toThrow(
      WebhookSignatureError,
    );
  });
});
