/**
 * Wallet address validation, per network of the catalogue (apps/server/src/db/seed/catalogue.ts).
 *
 * What each rule follows:
 * - ETH (and ERC-20): 0x + 40 hex digits; mixed case must match the EIP-55 checksum
 *   (keccak256); answered in the EIP-55 spelling.
 * - BTC: Base58Check P2PKH (version 0x00, "1…") and P2SH (0x05, "3…"); native segwit v0
 *   (P2WPKH/P2WSH, BIP-173 bech32, BIP-141 program lengths) and taproot (v1, 32 bytes, BIP-350
 *   bech32m, BIP-341). Mixed case is refused (BIP-173); answered in lower case. Testnet,
 *   signet and regtest (0x6f, 0xc4, tb1, bcrt1) read TESTNET; segwit v2+ reads UNSUPPORTED_TYPE.
 * - TRX (and TRC-20): Base58Check, 21-byte payload starting 0x41 ("T…").
 * - SOL (and SPL): base58 of exactly 32 bytes (no checksum exists).
 * - XRP: classic address, Base58Check in the XRP alphabet, payload 0x00 + 20 bytes ("r…");
 *   X-addresses (XLS-5d) are refused. The destination tag (the catalogue's memoRequired) is
 *   required: a decimal unsigned 32-bit integer, 0 to 4294967295.
 * - Every network: surrounding whitespace is trimmed; inner whitespace and more than 128
 *   characters are refused before decoding. Hashes and keys of all zeros, and the XRP Ledger's
 *   documented black holes, read BURN_ADDRESS: nobody holds their key.
 *
 * Libraries: @noble/hashes (keccak_256, sha256) and @scure/base (base58, base58xrp, bech32,
 * bech32m), both audited and dependency-free.
 */
import { checkSolanaAddress, checkTronAddress, checkXrpAddress } from './chains/base58-chains.ts';
import { checkBitcoinAddress } from './chains/bitcoin.ts';
import type { ChainCheck } from './chains/common.ts';
import type { WalletAddressReason } from './reasons.ts';
import { checkEvmAddress } from './chains/evm.ts';

export const WALLET_NETWORKS = ['BTC', 'ETH', 'TRX', 'SOL', 'XRP'] as const;
export type WalletNetwork = (typeof WALLET_NETWORKS)[number];

export { WALLET_ADDRESS_REASONS, type WalletAddressReason } from './reasons.ts';

export interface WalletAddressInput {
  /** The catalogue's network code, e.g. 'ETH' for Ether and every ERC-20 token. */
  network: string;
  address: string;
  /** XRP's destination tag; absent, null or blank means none. */
  memo?: string | null;
}

export type WalletAddressResult =
  | { ok: true; network: WalletNetwork; address: string; memo: string | null }
  | {
      ok: false;
      reason: WalletAddressReason;
      /** Which input the message belongs under. */
      field: 'network' | 'address' | 'memo';
      /** With WRONG_NETWORK: the network the address belongs to. */
      detectedNetwork?: WalletNetwork;
    };

export const MAX_ADDRESS_LENGTH = 128;
const XRP_MAX_DESTINATION_TAG = 0xffff_ffff;

const CHECK_ADDRESS: Record<WalletNetwork, (text: string) => ChainCheck> = {
  BTC: checkBitcoinAddress,
  ETH: checkEvmAddress,
  TRX: checkTronAddress,
  SOL: checkSolanaAddress,
  XRP: checkXrpAddress,
};

const isWalletNetwork = (network: string): network is WalletNetwork => (WALLET_NETWORKS as readonly string[]).includes(network);

/**
 * Checks a payout address (and memo) for a network, offline, and answers it in canonical form
 * (EIP-55 for ETH, lower case for bech32, as typed otherwise; the tag without leading zeros).
 * Pure and deterministic; never throws. It proves the address is well formed for the network,
 * not that anyone controls it. A refused input may be a pasted private key: do not log it.
 */
export function validateWalletAddress(input: WalletAddressInput): WalletAddressResult {
  const { network } = input;
  if (!isWalletNetwork(network)) return { ok: false, reason: 'NETWORK_UNSUPPORTED', field: 'network' };

  const address = input.address.trim();
  if (address === '') return { ok: false, reason: 'EMPTY', field: 'address' };
  if (address.length > MAX_ADDRESS_LENGTH) return { ok: false, reason: 'TOO_LONG', field: 'address' };
  if (/\s/.test(address)) return { ok: false, reason: 'WHITESPACE', field: 'address' };

  const check = CHECK_ADDRESS[network](address);
  if (!check.ok) {
    const detectedNetwork = check.reason === 'FORMAT' || check.reason === 'CHECKSUM' ? detectOtherNetwork(network, address) : undefined;
    if (detectedNetwork) return { ok: false, reason: 'WRONG_NETWORK', field: 'address', detectedNetwork };
    return { ok: false, reason: check.reason, field: 'address' };
  }

  const memo = input.memo?.trim() ?? '';
  if (network !== 'XRP') {
    if (memo !== '') return { ok: false, reason: 'MEMO_NOT_ALLOWED', field: 'memo' };
    return { ok: true, network, address: check.address, memo: null };
  }
  if (memo === '') return { ok: false, reason: 'MEMO_REQUIRED', field: 'memo' };
  const tag = normaliseDestinationTag(memo);
  if (tag === undefined) return { ok: false, reason: 'MEMO_FORMAT', field: 'memo' };
  return { ok: true, network, address: check.address, memo: tag };
}

/**
 * A valid address of another network explains the refusal better than FORMAT (a TRC-20 address
 * pasted for ERC-20 is the classic mistake). Each network's format and checksum are distinct, so at
 * most one matches in practice.
 */
function detectOtherNetwork(network: WalletNetwork, address: string): WalletNetwork | undefined {
  return WALLET_NETWORKS.find((other) => other !== network && CHECK_ADDRESS[other](address).ok);
}

/** ASCII digits only (no sign, spaces, decimals or exponent), value at most 2^32 - 1; leading zeros dropped. */
function normaliseDestinationTag(memo: string): string | undefined {
  if (memo.length > MAX_ADDRESS_LENGTH || !/^[0-9]+$/.test(memo)) return undefined;
  const digits = memo.replace(/^0+(?=[0-9])/, '');
  if (digits.length > 10 || Number(digits) > XRP_MAX_DESTINATION_TAG) return undefined;
  return digits;
}
