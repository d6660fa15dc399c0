import { base58, bech32, bech32m, type Bech32Decoded } from '@scure/base';
import { accept, decodeBase58Check, isAllZero, refuse, type ChainCheck } from './common.ts';

// Base58Check version bytes (Bitcoin Core chainparams: PUBKEY_ADDRESS, SCRIPT_ADDRESS).
const P2PKH_MAINNET = 0x00; // 1…
const P2SH_MAINNET = 0x05; // 3…
const P2PKH_TESTNET = 0x6f; // m… or n… (testnet, signet and regtest share it)
const P2SH_TESTNET = 0xc4; // 2…

const SEGWIT_PREFIXES = new Set(['bc', 'tb', 'bcrt']); // mainnet; testnet and signet; regtest
const LOOKS_SEGWIT = /^(bc|tb|bcrt)1/i;
const BECH32_DATA = /^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,}$/; // BIP-173 charset; the checksum alone is 6
const BECH32_MAX_LENGTH = 90;

/** A Bitcoin mainnet address: base58 P2PKH / P2SH, or native segwit v0 (bech32) and taproot (bech32m). */
export function checkBitcoinAddress(text: string): ChainCheck {
  return LOOKS_SEGWIT.test(text) ? checkSegwitAddress(text) : checkBase58Address(text);
}

function checkBase58Address(text: string): ChainCheck {
  const decoded = decodeBase58Check(base58, text, [21]);
  if (!decoded.ok) return refuse(decoded.reason);
  const [version] = decoded.payload;
  if (version === P2PKH_TESTNET || version === P2SH_TESTNET) return refuse('TESTNET');
  // Other version bytes are other coins' (or Tron's 0x41): not a Bitcoin address.
  if (version !== P2PKH_MAINNET && version !== P2SH_MAINNET) return refuse('FORMAT');
  if (isAllZero(decoded.payload.subarray(1))) return refuse('BURN_ADDRESS');
  return accept(text);
}

const decodeWith = (codec: typeof bech32, text: string): Bech32Decoded | undefined => {
  try {
    return codec.decode(text as `${string}1${string}`, BECH32_MAX_LENGTH);
  } catch {
    return undefined;
  }
};

/**
 * BIP-173 (bech32, witness v0) as amended by BIP-350 (bech32m, witness v1 to v16). Answered in
 * lower case, the canonical form; upper case is valid (QR codes) but mixed case never is.
 */
function checkSegwitAddress(text: string): ChainCheck {
  const lower = text.toLowerCase();
  if (text !== lower && text !== text.toUpperCase()) return refuse('FORMAT');
  if (lower.length > BECH32_MAX_LENGTH) return refuse('FORMAT');
  const separator = lower.lastIndexOf('1'); // the data charset has no '1', so the last one separates
  if (!SEGWIT_PREFIXES.has(lower.slice(0, separator)) || !BECH32_DATA.test(lower.slice(separator + 1))) {
    return refuse('FORMAT');
  }

  const asBech32 = decodeWith(bech32, lower);
  const decoded = asBech32 ?? decodeWith(bech32m, lower);
  if (!decoded) return refuse('CHECKSUM');
  const [version, ...programWords] = decoded.words;
  if (version === undefined || version > 16) return refuse('FORMAT');
  // BIP-350: v0 must carry the bech32 checksum and v1+ the bech32m one; the other is a checksum error.
  if ((version === 0) !== (asBech32 !== undefined)) return refuse('CHECKSUM');
  const program = bech32.fromWordsUnsafe(programWords) || undefined; // undefined: bad padding
  if (!program || program.length < 2 || program.length > 40) return refuse('FORMAT');
  if (version === 0 && program.length !== 20 && program.length !== 32) return refuse('FORMAT'); // BIP-141

  if (decoded.prefix !== 'bc') return refuse('TESTNET');
  // v0 is P2WPKH (20) or P2WSH (32); v1 with 32 bytes is taproot (BIP-341). Other programs are valid
  // per BIP-350 but carry no spending rule yet (anyone could take the coins), so no wallet hands them out.
  const isKnownType = version === 0 || (version === 1 && program.length === 32);
  if (!isKnownType) return refuse('UNSUPPORTED_TYPE');
  if (isAllZero(program)) return refuse('BURN_ADDRESS');
  return accept(lower);
}
