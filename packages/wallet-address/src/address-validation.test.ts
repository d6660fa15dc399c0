import { describe, expect, it } from 'vitest';
import { validateWalletAddress, type WalletAddressInput } from './address-validation.ts';

// Every vector below was decoded when this file was written (payload hex in the comments), not
// taken on trust: EIP-55 vectors from the EIP; segwit ones from BIP-173/BIP-350's test lists.
const validate = (network: string, address: string, memo?: string | null) => validateWalletAddress({ network, address, memo });
const reasonOf = (input: WalletAddressInput) => {
  const result = validateWalletAddress(input);
  return result.ok ? 'OK' : result.reason;
};

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const XRP_BASE58 = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** Every string that differs from `text` in one character of `alphabet`, from `start` on. */
function singleSubstitutions(text: string, alphabet: string, start = 0): string[] {
  const out: string[] = [];
  for (let index = start; index < text.length; index += 1) {
    for (const character of alphabet) {
      if (character !== text[index]) out.push(text.slice(0, index) + character + text.slice(index + 1));
    }
  }
  return out;
}

describe('ETH: EIP-55', () => {
  it.each([
    // EIP-55's own test vectors: mixed case, all upper case, all lower case.
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0xdAC17F958D2ee523a2206206994597C13D831ec7', // USDT's ERC-20 contract
  ])('accepts %s and answers it checksummed', (address) => {
    const result = validate('ETH', address);
    expect(result).toEqual({ ok: true, network: 'ETH', address: expect.any(String), memo: null });
    if (result.ok) expect(result.address.toLowerCase()).toBe(address.toLowerCase());
  });

  it('normalises single-case input to the EIP-55 spelling', () => {
    expect(validate('ETH', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toMatchObject({
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    expect(validate('ETH', '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toMatchObject({
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
  });

  it('refuses mixed case that breaks the checksum, for every single flipped letter', () => {
    expect(reasonOf({ network: 'ETH', address: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' })).toBe('CHECKSUM');
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
      '0x52908400098527886E0F7030069857D2E4169EE7',
    ]) {
      for (let index = 2; index < address.length; index += 1) {
        const character = address[index] as string;
        const flipped = character === character.toLowerCase() ? character.toUpperCase() : character.toLowerCase();
        if (flipped === character) continue; // a digit
        expect(reasonOf({ network: 'ETH', address: address.slice(0, index) + flipped + address.slice(index + 1) })).toBe('CHECKSUM');
      }
    }
  });

  it.each([
    ['5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'no 0x'],
    ['0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'upper-case 0X'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', '39 digits'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd', '41 digits'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg', 'a non-hex digit'],
  ])('refuses %s (%s) as FORMAT', (address) => {
    expect(reasonOf({ network: 'ETH', address })).toBe('FORMAT');
  });

  it('refuses the zero address, which nobody can spend from', () => {
    expect(reasonOf({ network: 'ETH', address: `0x${'0'.repeat(40)}` })).toBe('BURN_ADDRESS');
  });
});

describe('BTC: base58check, BIP-173 and BIP-350', () => {
  it.each([
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'P2PKH, the genesis block coinbase (00 62e907b1…8f18)'],
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'P2PKH (00 77bff20c…839a)'],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'P2SH (05 b472a266…9fcb)'],
    ['bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', 'P2WSH, BIP-173'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'P2TR, BIP-350 (the generator point x)'],
  ])('accepts %s (%s)', (address) => {
    expect(validate('BTC', address)).toEqual({ ok: true, network: 'BTC', address, memo: null });
  });

  it('accepts upper-case bech32 and answers it in lower case', () => {
    expect(validate('BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toMatchObject({
      ok: true,
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    });
  });

  it.each([
    ['mpXwg4jMtRhuSpVq4xS3HFHmCmWp9NyGKt', 'P2PKH 0x6f of the genesis key hash'],
    ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'P2PKH 0x6f'],
    ['2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', 'P2SH 0xc4'],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'P2WSH, BIP-173'],
    ['tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', 'P2TR, BIP-350'],
    ['bcrt1qs758ursh4q9z627kt3pp5yysm78ddny6txaqgw', 'regtest P2WPKH'],
  ])('refuses %s (%s) as TESTNET', (address) => {
    expect(reasonOf({ network: 'BTC', address })).toBe('TESTNET');
  });

  it.each([
    // BIP-350's invalid list.
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'CHECKSUM', 'v1 with a bech32 checksum'],
    ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'CHECKSUM', 'v16 with a bech32 checksum'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'CHECKSUM', 'v0 with a bech32m checksum'],
    ['tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', 'CHECKSUM', 'v2 with a bech32 checksum'],
    ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', 'FORMAT', 'unknown prefix'],
    ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', 'FORMAT', "'o' in the checksum"],
    ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'FORMAT', 'witness version 17'],
    ['bc1pw5dgrnzv', 'FORMAT', '1-byte program'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', 'FORMAT', '41-byte program'],
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'FORMAT', 'v0 with 16 bytes (BIP-141)'],
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', 'FORMAT', 'mixed case'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'FORMAT', 'more than 4 bits of padding'],
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', 'FORMAT', 'non-zero padding'],
    ['bc1gmk9yu', 'FORMAT', 'empty data'],
    // BIP-173's v1 vector, bech32-encoded: valid before BIP-350, a checksum error since.
    ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx', 'CHECKSUM', 'BIP-173 v1 vector'],
    // Valid per BIP-350 but no spending rule exists for them yet.
    ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', 'UNSUPPORTED_TYPE', 'v1 with 40 bytes'],
    ['BC1SW50QGDZ25J', 'UNSUPPORTED_TYPE', 'v16 with 2 bytes'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'UNSUPPORTED_TYPE', 'v2 with 16 bytes'],
    // Ours.
    ['bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'FORMAT', 'mixed case'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'CHECKSUM', 'last character changed'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'CHECKSUM', 'last character changed'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0', 'FORMAT', "'0' is not base58"],
    ['1111111111111111111114oLvT2', 'BURN_ADDRESS', 'P2PKH of an all-zero hash'],
  ])('refuses %s as %s (%s)', (address, reason) => {
    expect(reasonOf({ network: 'BTC', address })).toBe(reason);
  });

  it('catches every single-character substitution', () => {
    for (const address of singleSubstitutions('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', BASE58)) {
      expect(validate('BTC', address).ok, address).toBe(false);
    }
    for (const address of singleSubstitutions('bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', BECH32, 3)) {
      expect(reasonOf({ network: 'BTC', address }), address).toBe('CHECKSUM');
    }
  });
});

describe('SOL: base58 of 32 bytes', () => {
  it.each([
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', // SPL Token program
    'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', // USDC mint
    'So11111111111111111111111111111111111111112', // wrapped SOL mint
  ])('accepts %s', (address) => {
    expect(validate('SOL', address)).toEqual({ ok: true, network: 'SOL', address, memo: null });
  });

  it.each([
    ['1111111111111111111111111111111', 'FORMAT', '31 bytes'],
    ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DAA', 'FORMAT', 'more than 32 bytes'],
    ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ50A', 'FORMAT', "'0' is not base58"],
    ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5lA', 'FORMAT', "'l' is not base58"],
    ['11111111111111111111111111111111', 'BURN_ADDRESS', '32 zero bytes: the System Program id'],
  ])('refuses %s as %s (%s)', (address, reason) => {
    expect(reasonOf({ network: 'SOL', address })).toBe(reason);
  });

  it('cannot catch a typo that still decodes to 32 bytes: Solana addresses have no checksum', () => {
    expect(validate('SOL', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DB').ok).toBe(true);
  });
});

describe('TRX: base58check with 0x41', () => {
  it.each([
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', "USDT's TRC-20 contract (41 a614f803…d13c)"],
    ['TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', "USDC's TRC-20 contract (41 3487b63d…1abe)"],
  ])('accepts %s (%s)', (address) => {
    expect(validate('TRX', address)).toEqual({ ok: true, network: 'TRX', address, memo: null });
  });

  it.each([
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'CHECKSUM', 'last character changed'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', 'CHECKSUM', 'last character dropped: still 25 bytes'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgj', 'FORMAT', 'cut short: 22 bytes'],
    ['T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', 'BURN_ADDRESS', '0x41 and 20 zero bytes'],
  ])('refuses %s as %s (%s)', (address, reason) => {
    expect(reasonOf({ network: 'TRX', address })).toBe(reason);
  });

  it('catches every single-character substitution', () => {
    for (const address of singleSubstitutions('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', BASE58)) {
      expect(validate('TRX', address).ok, address).toBe(false);
    }
  });
});

describe('XRP: classic address and destination tag', () => {
  it.each([
    ['rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', 'the genesis account (00 b5f76279…37e8)'],
    ['rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf', '(00 aa066c98…2a0a)'],
    ['r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59', '(00 5e7b1125…9304)'],
  ])('accepts %s (%s) with a tag', (address) => {
    expect(validate('XRP', address, '12345')).toEqual({ ok: true, network: 'XRP', address, memo: '12345' });
  });

  it.each([
    ['rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi', 'CHECKSUM', 'last character changed'],
    ['rrrrrrrrrrrrrrrrrrrrrhoLvTq', 'CHECKSUM', 'ACCOUNT_ZERO with its last character changed'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'WRONG_NETWORK', 'a Bitcoin address'],
    ['rrrrrrrrrrrrrrrrrrrrrhoLvTp', 'BURN_ADDRESS', 'ACCOUNT_ZERO'],
    ['rrrrrrrrrrrrrrrrrrrrBZbvji', 'BURN_ADDRESS', 'ACCOUNT_ONE'],
    ['rrrrrrrrrrrrrrrrrNAMEtxvNvQ', 'BURN_ADDRESS', 'the name reservation black hole'],
    ['rrrrrrrrrrrrrrrrrrrn5RM1rHd', 'BURN_ADDRESS', 'the NaN address'],
    ['X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ', 'X_ADDRESS', 'X-address of r9cZA1…, no tag'],
    ['X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu', 'X_ADDRESS', 'X-address of r9cZA1…, tag 1'],
    ['T719a5UwUCnEs54UsxG9CJYYDhwmFCqkr7wxCcNcfZ6p5GZ', 'TESTNET', 'test-network X-address of r9cZA1…'],
  ])('refuses %s as %s (%s)', (address, reason) => {
    expect(reasonOf({ network: 'XRP', address, memo: '1' })).toBe(reason);
  });

  it('catches every single-character substitution', () => {
    for (const address of singleSubstitutions('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', XRP_BASE58)) {
      expect(validate('XRP', address, '1').ok, address).toBe(false);
    }
  });

  it.each([
    ['0', '0'],
    ['4294967295', '4294967295'],
    ['  42\n', '42'],
    ['007', '7'],
  ])('accepts the tag %j as %j', (memo, tag) => {
    expect(validate('XRP', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', memo)).toMatchObject({ ok: true, memo: tag });
  });

  it.each([undefined, null, '', '   '])('requires a tag (%j)', (memo) => {
    expect(validate('XRP', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', memo)).toEqual({ ok: false, reason: 'MEMO_REQUIRED', field: 'memo' });
  });

  it.each(['4294967296', '99999999999', '+1', '-1', '1 2', '1.0', '1e3', '0x10', '١٢', 'abc', '1'.repeat(200)])(
    'refuses the tag %j',
    (memo) => {
      expect(validate('XRP', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', memo)).toEqual({ ok: false, reason: 'MEMO_FORMAT', field: 'memo' });
    },
  );
});

describe('every network', () => {
  it('trims surrounding whitespace and refuses it inside', () => {
    expect(validate('BTC', ' \t1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa\n ')).toMatchObject({
      ok: true,
      address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    });
    expect(reasonOf({ network: 'BTC', address: '1A1zP1eP5QGefi2D MPTfTL5SLmv7DivfNa' })).toBe('WHITESPACE');
    expect(reasonOf({ network: 'ETH', address: '0x5aAeb6053F3E94C9b9A0\u00a09f33669435E7Ef1BeAed' })).toBe('WHITESPACE');
  });

  it('refuses empty and over-long input before decoding', () => {
    expect(validate('SOL', '   ')).toEqual({ ok: false, reason: 'EMPTY', field: 'address' });
    expect(reasonOf({ network: 'SOL', address: '1'.repeat(129) })).toBe('TOO_LONG');
    expect(reasonOf({ network: 'SOL', address: '1'.repeat(128) })).toBe('FORMAT');
  });

  it('refuses a network it does not know', () => {
    expect(validate('LTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toEqual({ ok: false, reason: 'NETWORK_UNSUPPORTED', field: 'network' });
    expect(reasonOf({ network: 'eth', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' })).toBe('NETWORK_UNSUPPORTED');
  });

  it('refuses a memo on a network that has none, since it would be lost', () => {
    expect(validate('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '123')).toEqual({
      ok: false,
      reason: 'MEMO_NOT_ALLOWED',
      field: 'memo',
    });
    expect(validate('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', ' ')).toMatchObject({ ok: true, memo: null });
  });

  it.each([
    ['ETH', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TRX'],
    ['TRX', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'ETH'],
    ['BTC', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TRX'],
    ['BTC', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'SOL'],
    ['SOL', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'BTC'],
    ['SOL', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', 'XRP'],
    ['ETH', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'BTC'],
  ])('on %s, names the network of %s (%s)', (network, address, detectedNetwork) => {
    expect(validate(network, address)).toEqual({ ok: false, reason: 'WRONG_NETWORK', field: 'address', detectedNetwork });
  });
});
