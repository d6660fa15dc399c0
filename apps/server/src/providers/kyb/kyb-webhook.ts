import { parseSumsubWebhook } from '../kyc/sumsub.ts';
import type { DigestPolicy } from '../kyc/webhook-digest.ts';
import type { KybWebhookEvent } from './kyb-provider.ts';

/**
 * A KYB webhook as Sumsub sends it (https://docs.sumsub.com/docs/user-verification-webhooks, the same
 * payload for company applicants and their applicant actions): the digest checked over the raw bytes
 * by the KYC adapter's parser (X-Payload-Digest, SHA-256 or SHA-512; SHA-1 only under `digestPolicy`,
 * SUMSUB_WEBHOOK_ALLOW_SHA1), then reduced to
 * what we act on. The sandbox reviewer signs and writes its webhooks the same way, so both adapters
 * parse with this. Throws WebhookSignatureError for a bad signature, Error for a body that is not one.
 */
export function parseKybWebhook(
  input: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> },
  webhookSecret: string,
  now: () => Date,
  digestPolicy: DigestPolicy = {},
): KybWebhookEvent {
  const { eventKey, type, applicantId, externalUserId, createdAtMs } = parseSumsubWebhook(input, webhookSecret, now, digestPolicy);
  return { eventKey, type, applicantId, externalId: externalUserId, createdAtMs };
}
