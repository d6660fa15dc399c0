import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { accept, refuse, type ChainCheck } from './common.ts';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;

/**
 * EIP-55: a letter of the hex address is upper case exactly when the matching nibble of
 * keccak256(lower-case hex, as ASCII) is 8 or more.
 */
export function toChecksumAddress(lowerHex: string): string {
  const hash = keccak_256(utf8ToBytes(lowerHex));
  let out = '0x';
  for (let index = 0; index < lowerHex.length; index += 1) {
    const hashByte = hash[index >> 1] as number;
    const nibble = index % 2 === 0 ? hashByte >> 4 : hashByte & 0x0f;
    const character = lowerHex[index] as string;
    out += nibble >= 8 ? character.toUpperCase() : character;
  }
  return out;
}

/**
 * An Ethereum (and ERC-20) address: `0x` and 40 hex digits. All-lower or all-upper case carries
 * no checksum and is accepted; mixed case is an EIP-55 checksum and must match. The answer is
 * always the checksummed spelling.
 */
export function checkEvmAddress(text: string): ChainCheck {
  if (!EVM_ADDRESS.test(text)) return refuse('FORMAT');
  const digits = text.slice(2);
  const checksummed = toChecksumAddress(digits.toLowerCase());
  const isSingleCase = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  if (!isSingleCase && text !== checksummed) return refuse('CHECKSUM');
  if (checksummed === ZERO_ADDRESS) return refuse('BURN_ADDRESS');
  return accept(checksummed);
}
