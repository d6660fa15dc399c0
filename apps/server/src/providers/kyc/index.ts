import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import { deriveKey } from '../../platform/crypto.ts';
import type { KycProvider } from './kyc-provider.ts';
import { createSumsubKyc } from './sumsub.ts';
import { createSandboxKyc, type SandboxKyc, type WebhookDelivery } from './sandbox/sandbox-kyc.ts';
import { createSandboxKycRepository } from './sandbox/sandbox-kyc.repository.ts';

export type { KycProvider } from './kyc-provider.ts';

/**
 * The sandbox vendor unless Sumsub is configured (the only place that reads config to choose).
 * The sandbox comes back with its page's operations; with Sumsub `sandbox` is undefined.
 */
export function createKycProvider(
  config: Pick<Config, 'SANDBOX_KYC_DELAY_MS' | 'SUMSUB_APP_TOKEN' | 'SUMSUB_SECRET_KEY' | 'SUMSUB_WEBHOOK_SECRET' | 'SUMSUB_BASE_URL'>,
  deps: { db: Database; queue: JobQueueRepository; worker: JobWorker; clock: Clock; serverSecret: Buffer; deliver: WebhookDelivery },
): { provider: KycProvider; sandbox: SandboxKyc | undefined } {
  if (config.SUMSUB_APP_TOKEN && config.SUMSUB_SECRET_KEY && config.SUMSUB_WEBHOOK_SECRET) {
    const sumsub = createSumsubKyc({
      appToken: config.SUMSUB_APP_TOKEN,
      secretKey: config.SUMSUB_SECRET_KEY,
      webhookSecret: config.SUMSUB_WEBHOOK_SECRET,
      ...(config.SUMSUB_BASE_URL ? { baseUrl: config.SUMSUB_BASE_URL } : {}),
      now: () => deps.clock.now(),
    });
    return { provider: sumsub, sandbox: undefined };
  }
  const sandbox = createSandboxKyc({
    repository: createSandboxKycRepository(deps.db),
    queue: deps.queue,
    worker: deps.worker,
    clock: deps.clock,
    webhookSecret: deriveKey(deps.serverSecret, 'sandbox-kyc-webhook').toString('hex'),
    accessTokenKey: deriveKey(deps.serverSecret, 'sandbox-kyc-access'),
    shareTokenKey: deriveKey(deps.serverSecret, 'sandbox-kyc-share'),
    passDelayMs: config.SANDBOX_KYC_DELAY_MS,
    deliver: deps.deliver,
  });
  return { provider: sandbox, sandbox };
}
