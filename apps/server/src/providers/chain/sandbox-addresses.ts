import { randomBytes, randomInt } from 'node:crypto';
import { validateWalletAddress } from '@causeway/wallet-address';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, base58xrp, bech32 } from '@scure/base';

/**
 * Addresses the sandbox chain makes: each spelled and checksummed exactly as its network does, so
 * they pass packages/wallet-address like any real one. Made from bytes nobody holds a key for,
 * which is right for a chain that only exists in our database.
 *
 * - BTC: native segwit v0 P2WPKH, bech32 `bc1q…` (BIP-173) of a 20-byte program.
 * - ETH: 0x + 20 bytes, in its EIP-55 spelling.
 * - TRX: Base58Check of 0x41 + 20 bytes (`T…`).
 * - SOL: base58 of 32 bytes.
 * - XRP: Base58Check, XRP alphabet, of 0x00 + 20 bytes (`r…`); deposits share one and differ by tag.
 */
const doubleSha256Checksum = (payload: Uint8Array) => sha256(sha256(payload)).subarray(0, 4);
const withChecksum = (payload: Uint8Array) => Uint8Array.from([...payload, ...doubleSha256Checksum(payload)]);

function spell(network: string, bytes: Uint8Array): string {
  switch (network) {
    case 'BTC':
      return bech32.encode('bc', [0, ...bech32.toWords(bytes.subarray(0, 20))]);
    case 'ETH':
      return `0x${bytesToHex(bytes.subarray(0, 20))}`;
    case 'TRX':
      return base58.encode(withChecksum(Uint8Array.from([0x41, ...bytes.subarray(0, 20)])));
    case 'SOL':
      return base58.encode(bytes.subarray(0, 32));
    case 'XRP':
      return base58xrp.encode(withChecksum(Uint8Array.from([0x00, ...bytes.subarray(0, 20)])));
    default:
      throw new Error(`the sandbox chain makes no addresses on ${network}`);
  }
}

/** The canonical spelling (EIP-55 for ETH), checked by the same validation every address meets. */
function canonical(network: string, address: string): string {
  const checked = validateWalletAddress({ network, address, memo: network === 'XRP' ? '1' : null });
  if (!checked.ok) throw new Error(`the sandbox chain made an invalid ${network} address (${checked.reason})`);
  return checked.address;
}

/** A fresh address: 32 random bytes, the network's spelling. */
export const newSandboxAddress = (network: string): string => canonical(network, spell(network, randomBytes(32)));

/** An address that is the same in every process and restart: bytes from a fixed seed. */
const seededAddress = (network: string, seed: string) => canonical(network, spell(network, sha256(utf8ToBytes(seed))));

/** The one XRP account every sandbox deposit goes to; each reference has its own destination tag. */
export const SANDBOX_XRP_DEPOSIT_ADDRESS = seededAddress('XRP', 'causeway-sandbox-chain:xrp-deposits');

/** A destination tag from 1 to 2^32 - 1 (0 reads as "no tag" to some wallets). */
export const newDestinationTag = (): string => String(randomInt(1, 0xffff_ffff));

/**
 * The sender the page and the call use when none is given: one clean address per network, the
 * same everywhere (docs/sandbox.md "Chain"). The screening deny list makes a screened one.
 */
export const SANDBOX_SENDERS: Readonly<Record<string, string>> = Object.fromEntries(
  ['BTC', 'ETH', 'TRX', 'SOL', 'XRP'].map((network) => [network, seededAddress(network, `causeway-sandbox-chain:sender:${network}`)]),
);
