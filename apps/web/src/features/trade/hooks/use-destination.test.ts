import { describe, expect, it } from 'vitest';
import { loadAddressValidator, loadedAddressValidator } from './use-address-validator';
import { localAddressProblem } from './use-destination';

// BIP-173's example address, and the same with its last character changed.
const VALID = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BAD_CHECKSUM = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5';
const entry = (address: string, memo = '', memoRequired = false) => ({ network: 'BTC', address, memo, memoRequired });

describe('the page’s own address check (docs/rules/validation.md)', () => {
  it('before the full check has loaded, answers what needs no code: empty, whitespace, a missing memo', () => {
    expect(localAddressProblem(entry('  '), null)).toEqual({ reason: 'EMPTY', field: 'address' });
    expect(localAddressProblem(entry('bc1q abc'), null)).toEqual({ reason: 'WHITESPACE', field: 'address' });
    expect(localAddressProblem({ ...entry('rAddress'), network: 'XRP', memoRequired: true }, null)).toEqual({
      reason: 'MEMO_REQUIRED',
      field: 'memo',
    });
    // A checksum needs the full check: until it is there, the address passes this one.
    expect(localAddressProblem(entry(BAD_CHECKSUM), null)).toBeNull();
  });

  it('loads the full check once, then refuses what the server would', async () => {
    const validate = await loadAddressValidator();
    expect(validate).not.toBeNull();
    expect(loadedAddressValidator()).toBe(validate);
    expect(await loadAddressValidator()).toBe(validate);
    expect(localAddressProblem(entry(BAD_CHECKSUM), validate)).toEqual({ reason: 'CHECKSUM', field: 'address' });
    expect(localAddressProblem(entry(VALID), validate)).toBeNull();
  });
});
