import { DEMO_MERCHANT } from '../demo-merchant.ts';
import type { MerchantWebhooksRepository } from './merchant-webhooks.repository.ts';

/**
 * docs/sandbox.md "Merchant webhooks": the demo merchant's endpoint is this server's own sandbox
 * receiver, and its secret is published like the demo merchant's, so anyone can check a signature.
 */
export const DEMO_WEBHOOK_ENDPOINT = {
  id: 'whe_sandboxdemo',
  path: '/sandbox/merchant/webhooks',
  secret: 'whsec_c2FuZGJveC1kZW1vLXdlYmhvb2stc2VjcmV0',
} as const;

/**
 * Makes the demo endpoint point at this server's receiver and matches it to `enabled` (sandbox tools
 * on or off), at every start; nothing when the demo merchant was never seeded.
 */
export async function seedDemoWebhookEndpoint(
  repository: MerchantWebhooksRepository,
  sealSecret: (secret: string) => string,
  options: { url: string; enabled: boolean; now: Date },
): Promise<void> {
  if (!(await repository.merchantExists(DEMO_MERCHANT.id))) return;
  await repository.insertEndpointIfMissing({
    id: DEMO_WEBHOOK_ENDPOINT.id,
    merchantId: DEMO_MERCHANT.id,
    url: options.url,
    description: 'The sandbox merchant page',
    secretEncrypted: sealSecret(DEMO_WEBHOOK_ENDPOINT.secret),
    enabled: options.enabled,
    createdAt: options.now,
    updatedAt: options.now,
  });
  await repository.updateEndpoint(DEMO_WEBHOOK_ENDPOINT.id, { url: options.url, enabled: options.enabled }, options.now);
}
