import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';

/**
 * Transaction hashes in each network's own spelling, and where the public can look them up.
 *
 * - BTC: the txid, 64 lower-case hex digits.
 * - ETH (and ERC-20): 0x + 64 lower-case hex digits.
 * - TRX (and TRC-20): the transaction id, 64 hex digits without 0x.
 * - SOL (and SPL): the transaction's first signature, base58 of 64 bytes (86 to 88 characters).
 * - XRP: the transaction hash, 64 upper-case hex digits.
 */
const HASH_FORMATS: Record<string, RegExp> = {
  BTC: /^[0-9a-f]{64}$/,
  ETH: /^0x[0-9a-f]{64}$/i,
  TRX: /^[0-9a-f]{64}$/i,
  SOL: /^[1-9A-HJ-NP-Za-km-z]{86,88}$/,
  XRP: /^[0-9A-F]{64}$/i,
};

export const isTxHashOf = (network: string, txHash: string): boolean => HASH_FORMATS[network]?.test(txHash) ?? false;

/**
 * The sandbox's hash for a payout: derived from the idempotency key alone, so a retried send (or
 * a restarted server) answers the very same hash. Realistic in shape only; no chain holds it.
 */
export function sandboxTxHash(network: string, idempotencyKey: string): string {
  const seed = utf8ToBytes(`causeway-sandbox-chain:${network}:${idempotencyKey}`);
  switch (network) {
    case 'ETH':
      return `0x${bytesToHex(sha256(seed))}`;
    case 'SOL':
      return base58.encode(sha512(seed));
    case 'XRP':
      return bytesToHex(sha256(seed)).toUpperCase();
    default:
      return bytesToHex(sha256(seed));
  }
}

/** The explorers people use per network; each takes the hash as the last path segment. */
const EXPLORERS: Record<string, string> = {
  BTC: 'https://mempool.space/tx/',
  ETH: 'https://etherscan.io/tx/',
  TRX: 'https://tronscan.org/#/transaction/',
  SOL: 'https://solscan.io/tx/',
  XRP: 'https://xrpscan.com/tx/',
};

/** A public explorer link, or null for an unknown network or anything not shaped like its hashes (never a link built from junk). */
export function publicExplorerUrl(network: string, txHash: string): string | null {
  const base = EXPLORERS[network];
  return base && isTxHashOf(network, txHash) ? base + txHash : null;
}
