import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { deriveKey } from '../../platform/crypto.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import type { IdentityFace } from '../identity/index.ts';
import { createMerchantEntryVerifier, merchantSecretKey } from './merchant-entry.ts';
import { createMerchantLoginService } from './merchant-login.service.ts';
import { createMerchantRepository } from './merchant.repository.ts';
import { createMerchantTransactionsRepository } from './merchant-transactions.repository.ts';
import { createMerchantTransactionService, type TransactionRecords } from './merchant-transactions.service.ts';

/**
 * Merchants: their signed entries, the links from their customer ids to our accounts, and the
 * merchant sign-in. The demo merchant is seeded once by prepareDatabase, not here.
 */
export function createMerchantModule(deps: {
  db: Database;
  serverSecret: Buffer;
  identity: IdentityFace;
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
    identity: deps.identity.people,
    merchants: repository,
    verifyEntry,
    login: deps.identity.signIn,
    emailCodes: deps.identity.emailCodes,
    clock: deps.clock,
    processKey: deriveKey(deps.serverSecret, 'merchant-process'),
    shareKyc: deps.shareKyc,
  });
  const transactionsRepository = createMerchantTransactionsRepository(deps.db);
  const transactionRecords: TransactionRecords = transactionsRepository;
  const transactions = createMerchantTransactionService({
    repository: transactionsRepository,
    verifyEntry,
    merchantName: async (merchantId) => (await repository.findById(merchantId))?.name ?? '',
    clock: deps.clock,
  });
  return { repository, verifyEntry, login, transactions, transactionRecords };
}

export type MerchantModule = ReturnType<typeof createMerchantModule>;

/** What other modules may use of merchants: their transactions (quotes and orders fill them). */
export type MerchantFace = Pick<MerchantModule, 'transactions' | 'transactionRecords'>;
