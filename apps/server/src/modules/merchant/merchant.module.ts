import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { deriveKey } from '../../platform/crypto.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import type { IdentityModule } from '../identity/index.ts';
import { createMerchantEntryVerifier, merchantSecretKey } from './merchant-entry.ts';
import { createMerchantLoginService } from './merchant-login.service.ts';
import { createMerchantRepository } from './merchant.repository.ts';

/**
 * Merchants: their signed entries, the links from their customer ids to our accounts, and the
 * merchant sign-in. The demo merchant is seeded once by prepareDatabase, not here.
 */
export function createMerchantModule(deps: {
  db: Database;
  serverSecret: Buffer;
  identity: IdentityModule;
  rateLimiter: RateLimiter;
  clock: Clock;
  /** Imports the KYC a merchant shared (its entry's kycShareToken) into a proved account. */
  shareKyc: (userId: string, shareToken: string) => Promise<void>;
}) {
  const repository = createMerchantRepository(deps.db);
  const verifyEntry = createMerchantEntryVerifier({
    repository,
    secretKey: merchantSecretKey(deps.serverSecret),
    rateLimiter: deps.rateLimiter,
  });
  const login = createMerchantLoginService({
    identity: deps.identity.repository,
    merchants: repository,
    verifyEntry,
    login: deps.identity.login,
    emailCodes: deps.identity.emailCodes,
    clock: deps.clock,
    processKey: deriveKey(deps.serverSecret, 'merchant-process'),
    shareKyc: deps.shareKyc,
  });
  return { repository, verifyEntry, login };
}

export type MerchantModule = ReturnType<typeof createMerchantModule>;
