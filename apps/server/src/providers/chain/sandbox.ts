import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import { type ChainProvider, ChainRefusedError, type Transfer } from './chain.ts';
import { checkPayout, type CheckedPayout, ExactDecimal } from './payout-input.ts';
import { sandboxConfirmations } from './sandbox-blocks.ts';
import type { SandboxChainBook, SandboxChainTransferRow } from './sandbox-chain.repository.ts';
import { createSandboxDeposits, type SandboxDeposits } from './sandbox-deposits.ts';
import { sandboxTxHash } from './tx-hashes.ts';

/**
 * The sandbox chain (docs/sandbox.md "Chain"): a payout gets its transaction hash at once and
 * confirms SANDBOX_CHAIN_CONFIRM_MS later, on the app's clock; deposits arrive when the sandbox's
 * page or call sends them (sandbox-deposits.ts) and confirm the same way. It refuses what a real chain would
 * refuse (invalid addresses and memos, checksums included; an asset the network does not carry;
 * more decimals than the asset has) and is idempotent by key like a custody API. Transfers live in
 * the database, so every process and every restart sees the same chain.
 */
export const DEFAULT_SANDBOX_CHAIN_CONFIRM_MS = 3_000;

/**
 * What a payout pays the network, in the network's own coin: a typical fee of each chain (a simple
 * BTC transaction, an ERC-20 transfer's gas, a TRC-20 transfer's burnt energy, a Solana signature,
 * an XRP payment), fixed so tests and the books can count on it.
 */
export const SANDBOX_NETWORK_FEES: Record<string, string> = {
  BTC: '0.00002',
  ETH: '0.00042',
  TRX: '13.5',
  SOL: '0.000005',
  XRP: '0.000012',
};

export interface SandboxChainOptions {
  book: SandboxChainBook;
  clock: Clock;
  /** SANDBOX_CHAIN_CONFIRM_MS: from send to the first confirmation (3000). */
  confirmMs?: number;
  /** SANDBOX_CHAIN_BLOCK_MS: one block time for every network, when set (sandbox-blocks.ts). */
  blockMs?: number | undefined;
}

/** The sandbox chain: a ChainProvider, and the sandbox's own way to make funds arrive. */
export type SandboxChain = ChainProvider & Pick<SandboxDeposits, 'simulateIncoming' | 'recentIncoming'>;

/** The sandbox chain behind a ChainProvider (the sandbox's pages need its own methods), or undefined for a real vendor's. */
export const sandboxChainOf = (provider: ChainProvider): SandboxChain | undefined =>
  provider.kind === 'sandbox' && 'simulateIncoming' in provider ? (provider as SandboxChain) : undefined;

export function createSandboxChain(options: SandboxChainOptions): SandboxChain {
  const { book, clock } = options;
  const confirmMs = options.confirmMs ?? DEFAULT_SANDBOX_CHAIN_CONFIRM_MS;
  if (!Number.isInteger(confirmMs) || confirmMs < 0 || confirmMs > 86_400_000) {
    throw new Error(`SANDBOX_CHAIN_CONFIRM_MS must be a whole number of milliseconds from 0 to 86400000 (got ${String(confirmMs)})`);
  }

  const transferOf = (row: SandboxChainTransferRow): Transfer => {
    const feeAmount = SANDBOX_NETWORK_FEES[row.network];
    // Known from the send on, like a signed transaction's fee.
    const fee = feeAmount ? { fee: { asset: row.network, amount: feeAmount } } : {};
    const confirmations = sandboxConfirmations(row.network, row.confirmAt, clock.now(), options.blockMs);
    return { transferId: row.id, txHash: row.txHash, status: confirmations > 0 ? 'CONFIRMED' : 'PENDING', confirmations, ...fee };
  };

  return {
    kind: 'sandbox',

    async send(input) {
      const payout = checkPayout(input);
      const createdAt = clock.now();
      const stored = await book.recordOnce({
        id: newId('ctx'),
        idempotencyKey: payout.idempotencyKey,
        asset: payout.asset.asset,
        network: payout.asset.network,
        address: payout.address,
        memo: payout.memo,
        amount: payout.amount.toFixed(),
        txHash: sandboxTxHash(payout.asset.network, payout.idempotencyKey),
        createdAt,
        confirmAt: new Date(createdAt.getTime() + confirmMs),
      });
      // A key names one payout: the same key for another one is a bug upstream, never a second send.
      if (!isSamePayout(stored, payout)) {
        throw new ChainRefusedError('IDEMPOTENCY_CONFLICT', 'this idempotency key was already used for a different payout');
      }
      return transferOf(stored);
    },

    async getTransfer(transferId) {
      const row = typeof transferId === 'string' && transferId.length <= 40 ? await book.findById(transferId) : undefined;
      if (!row) throw new ChainRefusedError('UNKNOWN_TRANSFER', 'the sandbox chain has no transfer with this id');
      return transferOf(row);
    },

    // No public explorer knows the sandbox's hashes: a link would lead to "not found".
    explorerUrl: () => null,

    ...createSandboxDeposits({ book, clock, confirmMs, blockMs: options.blockMs }),
  };
}

function isSamePayout(row: SandboxChainTransferRow, payout: CheckedPayout): boolean {
  return (
    row.asset === payout.asset.asset &&
    row.network === payout.asset.network &&
    row.address === payout.address &&
    row.memo === payout.memo &&
    new ExactDecimal(row.amount).equals(payout.amount)
  );
}
