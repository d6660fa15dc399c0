/**
 * The sandbox chain's clock of blocks, shared by payouts and deposits (docs/sandbox.md "Chain"):
 * a transfer is in a block SANDBOX_CHAIN_CONFIRM_MS after it was sent, then gains one confirmation
 * per block time of its network, so a BTC transfer stays at 1 confirmation for ten minutes, like
 * the real one.
 */
export const BLOCK_TIME_MS: Readonly<Record<string, number>> = { BTC: 600_000, ETH: 12_000, TRX: 3_000, SOL: 400, XRP: 3_500 };

/**
 * Confirmations at `now` of a transfer first in a block at `confirmAt`: 0 before, then 1 + one per
 * block time. `blockMs` (SANDBOX_CHAIN_BLOCK_MS) makes every network's blocks that fast: a demo or
 * an end-to-end test need not wait ten minutes for Bitcoin's second confirmation.
 */
export function sandboxConfirmations(network: string, confirmAt: Date, now: Date, blockMs?: number): number {
  const sinceConfirm = now.getTime() - confirmAt.getTime();
  if (sinceConfirm < 0) return 0;
  return 1 + Math.floor(sinceConfirm / (blockMs ?? BLOCK_TIME_MS[network] ?? 10_000));
}
