import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { deriveKey } from '../../platform/crypto.ts';
import type { IdentityModule } from '../identity/identity.module.ts';
import { seedDemoMerchant } from './demo-merchant.ts';
import { createMerchantEntryVerifier } from './merchant-entry.ts';
import { createMerchantLoginService } from './merchant-login.service.ts';
import { createMerchantRepository } from './merchant.repository.ts';

/** Merchants: their signed entries, the links from their customer ids to our accounts, and the merchant sign-in. */
export async function createMerchantModule(deps: { db: Database; serverSecret: Buffer; identity: IdentityModule; clock: Clock }) {
  const repository = createMerchantRepository(deps.db);
  const secretKey = deriveKey(deps.serverSecret, 'merchant-secret');
  await seedDemoMerchant(repository, secretKey);
  const verifyEntry = createMerchantEntryVerifier({ repository, secretKey });
  const login = createMerchantLoginService({
    identity: deps.identity.repository,
    merchants: repository,
    verifyEntry,
    login: deps.identity.login,
    emailCodes: deps.identity.emailCodes,
    clock: deps.clock,
    processKey: deriveKey(deps.serverSecret, 'merchant-process'),
  });
  return { repository, verifyEntry, login };
}

export type MerchantModule = Awaited<ReturnType<typeof createMerchantModule>>;
