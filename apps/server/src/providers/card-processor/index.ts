import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { CardProcessorProvider } from './card-processor.ts';
import { createCheckoutCardProcessor } from './checkout.ts';
import { createSandboxCardProcessor, type SandboxCardProcessor } from './sandbox.ts';
import { createSandboxProcessorRepository } from './sandbox-processor.repository.ts';
import type { SandboxCardWebhookOptions } from './sandbox-webhooks.ts';
import type { VendorOf } from '../provider-kinds.ts';

export * from './card-processor.ts';
export { checkoutEnvironmentOf } from './checkout.ts';
export type { CardFieldsToken, SandboxCardProcessor, SandboxChallenge } from './sandbox.ts';
export { DEFAULT_SANDBOX_SLOW_PAYOUT_MS, SANDBOX_DISPUTE_CATEGORIES, SANDBOX_PAYOUT_SETTLE_MS } from './sandbox-cards.ts';
export type { SandboxDisputeCategory } from './sandbox-cards.ts';
export { SandboxDisputeActionError, type SandboxDispute } from './sandbox-disputes.ts';
export { SANDBOX_CARD_WEBHOOK_PATH, type SandboxCardWebhookOptions } from './sandbox-webhooks.ts';

export interface CardProcessorOptions {
  /** CARD_PROCESSOR_PROVIDER (or CARD_PROCESSOR): the sandbox (docs/sandbox.md's test cards and 3DS page) or Checkout.com. */
  kind: VendorOf<'card-processor'>;
  db: Database;
  clock: Clock;
  /** PUBLIC_URL: the sandbox's 3DS challenge pages live under it. */
  publicUrl: string;
  /** Key of the sandbox's card fingerprints (derive it from the server secret). */
  fingerprintKey: Buffer;
  /** SANDBOX_SLOW_PAYOUT_MS: how long the sandbox's slow payout card stays PENDING (2 minutes). */
  sandboxSlowPayoutMs?: number | undefined;
  /** How the sandbox sends its webhooks (the outbox, its worker, the signature key, the delivery to our intake); none without. */
  sandboxWebhooks?: SandboxCardWebhookOptions | undefined;
  /**
   * CHECKOUT_SECRET_KEY, CHECKOUT_PUBLIC_KEY, CHECKOUT_BASE_URL, CHECKOUT_PROCESSING_CHANNEL_ID, and for
   * card payouts CHECKOUT_PAYOUT_CURRENCY_ACCOUNT_ID and CHECKOUT_PAYOUT_FUNDS_TRANSFER_TYPE.
   */
  checkout?: {
    secretKey: string;
    publicKey: string;
    baseUrl?: string | undefined;
    processingChannelId?: string | undefined;
    webhookSecret?: string | undefined;
    payoutCurrencyAccountId?: string | undefined;
    payoutFundsTransferType?: string | undefined;
  };
  fetchImpl?: typeof fetch;
}

/**
 * The card processor the registry (providers/registry.ts) chose. The sandbox comes
 * back twice: as the provider, and with the operations its 3DS page and the tests need; with
 * Checkout.com `sandbox` is null. Throws, naming the variables, when Checkout.com lacks its keys.
 */
export function createCardProcessor(options: CardProcessorOptions): {
  provider: CardProcessorProvider;
  sandbox: SandboxCardProcessor | null;
} {
  if (options.kind === 'checkout') {
    if (!options.checkout) throw new Error('CARD_PROCESSOR=checkout needs CHECKOUT_SECRET_KEY and CHECKOUT_PUBLIC_KEY');
    const { secretKey, publicKey, baseUrl, processingChannelId, webhookSecret, payoutCurrencyAccountId, payoutFundsTransferType } =
      options.checkout;
    const provider = createCheckoutCardProcessor({
      secretKey,
      publicKey,
      ...(baseUrl ? { baseUrl } : {}),
      ...(processingChannelId ? { processingChannelId } : {}),
      ...(webhookSecret ? { webhookSecret } : {}),
      ...(payoutCurrencyAccountId ? { payoutCurrencyAccountId } : {}),
      ...(payoutFundsTransferType ? { payoutFundsTransferType } : {}),
      ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
    });
    return { provider, sandbox: null };
  }
  const sandbox = createSandboxCardProcessor({
    repository: createSandboxProcessorRepository(options.db),
    clock: options.clock,
    publicUrl: options.publicUrl,
    fingerprintKey: options.fingerprintKey,
    ...(options.sandboxSlowPayoutMs !== undefined ? { slowPayoutMs: options.sandboxSlowPayoutMs } : {}),
    ...(options.sandboxWebhooks ? { webhooks: options.sandboxWebhooks } : {}),
  });
  return { provider: sandbox, sandbox };
}
