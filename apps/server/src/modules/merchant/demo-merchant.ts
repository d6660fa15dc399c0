import { encrypt } from '../../platform/crypto.ts';
import type { MerchantConsoleRepository } from './console/merchant-console.repository.ts';
import type { MerchantRepository } from './merchant.repository.ts';

/** docs/sandbox.md, "Seeded accounts and merchant": people and tests sign entry URLs with these. */
export const DEMO_MERCHANT = {
  id: 'mch_sandboxdemo',
  code: 'sandbox-demo',
  name: 'Sandbox Demo Shop',
  apiKey: 'pk_sandbox_demo',
  secret: 'sk_sandbox_demo',
} as const;

export const DEMO_MERCHANT_KEY_ID = 'mkey_sandboxdemo';

/**
 * Creates the demo merchant and its published key on first start (prepareDatabase); its secret is stored encrypted like
 * any other merchant's, under `secretKey` (merchantSecretKey of the server secret).
 */
export async function seedDemoMerchant(repository: MerchantRepository, secretKey: Buffer, now: Date): Promise<void> {
  const { secret, apiKey, ...merchant } = DEMO_MERCHANT;
  await repository.insertIfMissing({ ...merchant, skipLoginEnabled: true, status: 'Active' });
  await repository.insertKeyIfMissing({
    id: DEMO_MERCHANT_KEY_ID,
    merchantId: merchant.id,
    apiKey,
    secretEncrypted: encrypt(secretKey, secret),
    secretHint: secret.slice(-4),
    createdAt: now,
  });
}

/** docs/sandbox.md: the demo individual manages the demo merchant in the merchant console, as its owner. */
export const DEMO_MERCHANT_OWNER_EMAIL = 'demo@causeway.test';

export async function seedDemoMerchantOwner(
  members: Pick<MerchantConsoleRepository, 'insertMemberByEmailIfMissing'>,
  now: Date,
): Promise<void> {
  await members.insertMemberByEmailIfMissing({ merchantId: DEMO_MERCHANT.id, email: DEMO_MERCHANT_OWNER_EMAIL, role: 'Owner', now });
}
