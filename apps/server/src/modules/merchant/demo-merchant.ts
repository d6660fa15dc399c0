import { encrypt } from '../../platform/crypto.ts';
import type { MerchantRepository } from './merchant.repository.ts';

/** docs/sandbox.md, "Seeded accounts and merchant": people and tests sign entry URLs with these. */
export const DEMO_MERCHANT = {
  id: 'mch_sandboxdemo',
  code: 'sandbox-demo',
  name: 'Sandbox Demo Shop',
  apiKey: 'pk_sandbox_demo',
  secret: 'sk_sandbox_demo',
} as const;

/**
 * Creates the demo merchant on first start (prepareDatabase); its secret is stored encrypted like
 * any other merchant's, under `secretKey` (merchantSecretKey of the server secret).
 */
export async function seedDemoMerchant(repository: MerchantRepository, secretKey: Buffer): Promise<void> {
  const { secret, ...merchant } = DEMO_MERCHANT;
  await repository.insertIfMissing({ ...merchant, secretEncrypted: encrypt(secretKey, secret), skipLoginEnabled: true, status: 'Active' });
}
