import type { Database } from '../../db/client.ts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { Clock } from '../../platform/clock.ts';
import { deriveKey } from '../../platform/crypto.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import type { IdentityFace } from '../identity/index.ts';
import { createMerchantEntryVerifier, merchantSecretKey } from './merchant-entry.ts';
import { createMerchantConsoleRepository } from './console/merchant-console.repository.ts';
import { createMerchantBindService } from './merchant-bind.service.ts';
import { merchantPageOf } from './merchant-page.ts';
import { createMerchantLoginService } from './merchant-login.service.ts';
import { orderTokenFor } from './order-token.ts';
import { createMerchantRepository } from './merchant.repository.ts';
import { createMerchantTransactionsRepository } from './merchant-transactions.repository.ts';
import { createMerchantTransactionService, type TransactionRecords } from './merchant-transactions.service.ts';
import { createMerchantWebhooksRepository } from './webhooks/merchant-webhooks.repository.ts';
import { createMerchantWebhooksService } from './webhooks/merchant-webhooks.service.ts';
import { createWebhookSender } from './webhooks/webhook-sender.ts';

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
  queue: JobQueueRepository;
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * A sandbox install: webhook endpoints may be plain http and on private addresses (the demo
   * receiver is this server). Otherwise https only, never to our own network.
   */
  sandboxEndpoints: boolean;
  /** Reuses the KYC a merchant shared (its entry's kycShareToken) for a proved account, or compares it with the account's own. */
  shareKyc: (userId: string, shareToken: string, merchantId: string, merchantUserId: string | null) => Promise<void>;
}) {
  const repository = createMerchantRepository(deps.db);
  const verifyEntry = createMerchantEntryVerifier({
    repository,
    secretKey: merchantSecretKey(deps.serverSecret),
    rateLimiter: deps.rateLimiter,
  });
  const consoleRepository = createMerchantConsoleRepository(deps.db);
  const login = createMerchantLoginService({
    identity: deps.identity.people,
    merchants: repository,
    verifyEntry,
    login: deps.identity.signIn,
    emailCodes: deps.identity.emailCodes,
    clock: deps.clock,
    processKey: deriveKey(deps.serverSecret, 'merchant-process'),
    shareKyc: deps.shareKyc,
    merchantPageOf: async (merchantId, entry) =>
      merchantPageOf(
        (await consoleRepository.originsOf(merchantId)).map((row) => row.origin),
        entry,
      ),
  });
  const transactionsRepository = createMerchantTransactionsRepository(deps.db);
  const transactionRecords: TransactionRecords = transactionsRepository;
  const orderTokenKey = deriveKey(deps.serverSecret, 'merchant-order-token');
  const transactions = createMerchantTransactionService({
    repository: transactionsRepository,
    verifyEntry,
    merchantName: async (merchantId) => (await repository.findById(merchantId))?.name ?? '',
    offersBuySend: (merchant) => repository.offersBuySend(merchant.code),
    orderTokenOf: (tranId) => orderTokenFor(orderTokenKey, tranId),
    clock: deps.clock,
  });
  const binding = createMerchantBindService({
    transactions: transactionsRepository,
    merchants: repository,
    orderTokenKey,
    rateLimiter: deps.rateLimiter,
    clock: deps.clock,
  });
  const webhooksRepository = createMerchantWebhooksRepository(deps.db);
  const webhooks = createMerchantWebhooksService({
    repository: webhooksRepository,
    queue: deps.queue,
    transaction: deps.transaction,
    send: createWebhookSender({ privateNetworks: deps.sandboxEndpoints }),
    secretKey: deriveKey(deps.serverSecret, 'merchant-webhook-secret'),
    clock: deps.clock,
    allowHttp: deps.sandboxEndpoints,
  });
  return { repository, verifyEntry, login, transactions, transactionRecords, webhooks, webhooksRepository, binding, consoleRepository };
}

export type MerchantModule = ReturnType<typeof createMerchantModule>;

/**
 * What other modules may use of merchants: their transactions (quotes and orders fill them), and the
 * webhooks that tell a merchant of its customers' orders and verification.
 */
export type MerchantFace = Pick<MerchantModule, 'transactions' | 'transactionRecords'> & {
  webhooks: Pick<MerchantModule['webhooks'], 'orderChanged' | 'kycChanged'>;
  /** A merchant's shared KYC is not the verified account's person (the kyc module compared): recorded on its transactions. */
  recordSharedKycMismatch: MerchantModule['binding']['recordSharedKycMismatch'];
  /** The operator's desk: the merchants' customer ids linked to an account (at most 50, newest first). */
  linksOf(userId: string): Promise<Array<{ merchantId: string; merchantName: string; merchantUserId: string; verifiedAt: Date }>>;
};
