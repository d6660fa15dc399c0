import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { createBitgoChain } from './bitgo.ts';
import type { ChainProvider } from './chain.ts';
import { createSandboxChain } from './sandbox.ts';
import { createSandboxChainBook } from './sandbox-chain.repository.ts';
import { PROVIDER_KINDS } from '../provider-kinds.ts';

export type {
  ChainProvider,
  ChainRefusal,
  ChainWebhookNotice,
  DepositAddress,
  DepositAddressInput,
  IncomingStatus,
  IncomingTransfer,
  NetworkFee,
  SendInput,
  Transfer,
  TransferStatus,
} from './chain.ts';
export { ChainRefusedError, ChainUnavailableError, ChainWebhookRefusedError } from './chain.ts';
export { createSandboxChain, type SandboxChain, sandboxChainOf } from './sandbox.ts';
export { SANDBOX_CHAIN_WEBHOOK_SECRET, sandboxChainNotice, type SimulateIncomingInput } from './sandbox-deposits.ts';
export { SANDBOX_SENDERS } from './sandbox-addresses.ts';
export { parseBitgoWalletIds } from './bitgo.ts';
export { CHAIN_ASSETS } from './payout-input.ts';
export { DEFAULT_SANDBOX_CHAIN_CONFIRM_MS } from './sandbox.ts';
/** Public explorer links (mempool.space, etherscan, tronscan, solscan, xrpscan) for any real hash. */
export { publicExplorerUrl as explorerUrl } from './tx-hashes.ts';

/** The vendors, as the registry declares them (provider-kinds.ts). */
export const CHAIN_PROVIDER_KINDS = PROVIDER_KINDS.chain.vendors;

export interface ChainProviderOptions {
  /** CHAIN_PROVIDER: `sandbox` (hashes at once, confirmations on the clock) or `bitgo` (BitGo Express). */
  kind: (typeof CHAIN_PROVIDER_KINDS)[number];
  db: Database;
  clock: Clock;
  /** SANDBOX_CHAIN_CONFIRM_MS (3000). */
  sandboxConfirmMs?: number;
  /** SANDBOX_CHAIN_BLOCK_MS. */
  sandboxBlockMs?: number | undefined;
  /** BITGO_ACCESS_TOKEN, BITGO_EXPRESS_URL, BITGO_WALLET_PASSPHRASE, BITGO_WALLET_IDS (required with `bitgo`); BITGO_WEBHOOK_SECRET. */
  bitgo?: {
    accessToken?: string | undefined;
    baseUrl?: string | undefined;
    walletPassphrase?: string | undefined;
    walletIds?: Partial<Record<string, string>> | undefined;
    webhookSecret?: string | undefined;
  };
  /** A stand-in fetch for tests. */
  fetchImpl?: typeof fetch;
}

/** One vendor's chain provider, the one the registry (providers/registry.ts) chose. Bad options stop the boot with the variable's name. */
export function createChainProvider(options: ChainProviderOptions): ChainProvider {
  switch (options.kind) {
    case 'sandbox':
      return createSandboxChain({
        book: createSandboxChainBook(options.db),
        clock: options.clock,
        ...(options.sandboxConfirmMs !== undefined ? { confirmMs: options.sandboxConfirmMs } : {}),
        ...(options.sandboxBlockMs !== undefined ? { blockMs: options.sandboxBlockMs } : {}),
      });
    case 'bitgo':
      return createBitgoChain({
        accessToken: options.bitgo?.accessToken ?? '',
        baseUrl: options.bitgo?.baseUrl ?? '',
        walletPassphrase: options.bitgo?.walletPassphrase ?? '',
        walletIds: options.bitgo?.walletIds ?? {},
        webhookSecret: options.bitgo?.webhookSecret,
        ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
      });
    default:
      throw new Error(
        `CHAIN_PROVIDER must be one of ${CHAIN_PROVIDER_KINDS.join(', ')} (got ${JSON.stringify((options as { kind: unknown }).kind)})`,
      );
  }
}
