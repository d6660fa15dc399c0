import { base58, base58xrp } from '@scure/base';
import { accept, decodeBase58Check, isAllZero, refuse, type ChainCheck } from './common.ts';

const SOLANA_KEY_LENGTH = 32;

/**
 * A Solana (and SPL) address: an ed25519 public key or program-derived address, base58 (Bitcoin
 * alphabet) of exactly 32 bytes. Solana addresses carry no checksum, so a typo that still decodes
 * to 32 bytes cannot be caught here.
 */
export function checkSolanaAddress(text: string): ChainCheck {
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(text);
  } catch {
    return refuse('FORMAT');
  }
  if (bytes.length !== SOLANA_KEY_LENGTH) return refuse('FORMAT');
  if (isAllZero(bytes)) return refuse('BURN_ADDRESS'); // 1111…1111: the System Program's id, not a wallet
  return accept(text);
}

const TRON_VERSION = 0x41;

/**
 * A Tron (and TRC-20) address: Base58Check (Bitcoin alphabet) of 0x41 + a 20-byte account id, so
 * it starts with T. Tron's test networks use the same prefix: they cannot be told apart.
 */
export function checkTronAddress(text: string): ChainCheck {
  const decoded = decodeBase58Check(base58, text, [21]);
  if (!decoded.ok) return refuse(decoded.reason);
  if (decoded.payload[0] !== TRON_VERSION) return refuse('FORMAT');
  if (isAllZero(decoded.payload.subarray(1))) return refuse('BURN_ADDRESS');
  return accept(text);
}

const XRP_ACCOUNT_VERSION = 0x00;
const X_ADDRESS_MAINNET = [0x05, 0x44]; // XLS-5d prefixes: X… on mainnet, T… on test networks
const X_ADDRESS_TESTNET = [0x04, 0x93];

/** xrpl.org "Special addresses" marked black hole: no key is known, XRP sent there is lost. */
const XRP_BLACK_HOLES = new Set([
  'rrrrrrrrrrrrrrrrrrrrrhoLvTp', // ACCOUNT_ZERO
  'rrrrrrrrrrrrrrrrrrrrBZbvji', // ACCOUNT_ONE
  'rrrrrrrrrrrrrrrrrNAMEtxvNvQ', // Ripple name reservation black hole
  'rrrrrrrrrrrrrrrrrrrn5RM1rHd', // NaN address
]);

/**
 * An XRP Ledger classic address: Base58Check in the XRP alphabet of 0x00 + a 20-byte account id,
 * so it starts with r. X-addresses (XLS-5d: account and tag in one string) are recognised and
 * refused, so the person is asked for the classic address and the tag separately.
 */
export function checkXrpAddress(text: string): ChainCheck {
  const decoded = decodeBase58Check(base58xrp, text, [21, 31]);
  if (!decoded.ok) return refuse(decoded.reason);
  const { payload } = decoded;
  if (payload.length === 31) {
    if (payload[0] === X_ADDRESS_MAINNET[0] && payload[1] === X_ADDRESS_MAINNET[1]) return refuse('X_ADDRESS');
    if (payload[0] === X_ADDRESS_TESTNET[0] && payload[1] === X_ADDRESS_TESTNET[1]) return refuse('TESTNET');
    return refuse('FORMAT');
  }
  if (payload[0] !== XRP_ACCOUNT_VERSION) return refuse('FORMAT');
  if (XRP_BLACK_HOLES.has(text)) return refuse('BURN_ADDRESS');
  return accept(text);
}
