import { sha256 } from '@noble/hashes/sha2.js';
import type { BytesCoder } from '@scure/base';

/** Why one chain's rules refuse an address (a subset of the public reasons). */
export type ChainRefusal = 'FORMAT' | 'CHECKSUM' | 'TESTNET' | 'UNSUPPORTED_TYPE' | 'X_ADDRESS' | 'BURN_ADDRESS';

/** One chain's verdict: the address in its canonical spelling, or why it is refused. */
export type ChainCheck = { ok: true; address: string } | { ok: false; reason: ChainRefusal };

export const accept = (address: string): ChainCheck => ({ ok: true, address });
export const refuse = (reason: ChainRefusal): ChainCheck => ({ ok: false, reason });

/** True when every byte is zero: a hash or key nobody holds the secret for, so funds sent there are lost. */
export const isAllZero = (bytes: Uint8Array): boolean => bytes.every((byte) => byte === 0);

const CHECKSUM_LENGTH = 4;

/**
 * Base58Check as Bitcoin defines it (and Tron and the XRP Ledger reuse, each with its own alphabet):
 * payload followed by the first 4 bytes of SHA-256(SHA-256(payload)).
 *
 * The length is checked before the checksum so that text which is not an address at all reads
 * FORMAT, and only a near miss (right length, wrong check bytes: a typo) reads CHECKSUM.
 */
export function decodeBase58Check(
  coder: BytesCoder,
  text: string,
  payloadLengths: readonly number[],
): { ok: true; payload: Uint8Array } | { ok: false; reason: 'FORMAT' | 'CHECKSUM' } {
  let bytes: Uint8Array;
  try {
    bytes = coder.decode(text);
  } catch {
    return { ok: false, reason: 'FORMAT' }; // a character outside the alphabet
  }
  const payloadLength = bytes.length - CHECKSUM_LENGTH;
  if (!payloadLengths.includes(payloadLength)) return { ok: false, reason: 'FORMAT' };
  const payload = bytes.subarray(0, payloadLength);
  const expected = sha256(sha256(payload)).subarray(0, CHECKSUM_LENGTH);
  const actual = bytes.subarray(payloadLength);
  if (!expected.every((byte, index) => byte === actual[index])) return { ok: false, reason: 'CHECKSUM' };
  return { ok: true, payload };
}
