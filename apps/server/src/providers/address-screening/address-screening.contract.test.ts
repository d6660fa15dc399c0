import { describe, expect, it } from 'vitest';
import type { AddressScreeningProvider } from './address-screening.ts';
import { createChainalysisScreening } from './chainalysis.ts';
import { createFakeChainalysis } from './fixtures/chainalysis/fake-chainalysis.ts';
import { createAddressScreening } from './index.ts';
import { SANDBOX_DENY_LIST } from './sandbox.ts';
import { canonicalScreeningAddress } from './screening-key.ts';

// One suite, every adapter: the sandbox's list, and Chainalysis (its stand-in lists the same addresses).
const adapters: Array<[string, () => AddressScreeningProvider]> = [
  ['sandbox', () => createAddressScreening({ kind: 'sandbox' })],
  [
    'chainalysis',
    () => {
      const fake = createFakeChainalysis({
        apiKey: 'contract-key',
        listed: SANDBOX_DENY_LIST.map((entry) => canonicalScreeningAddress(entry.network, entry.address)),
      });
      return createChainalysisScreening({ apiKey: 'contract-key', fetchImpl: fake.fetchImpl });
    },
  ],
];

const CLEAR = [
  { network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
  { network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
  { network: 'TRX', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
  { network: 'SOL', address: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T' },
  { network: 'XRP', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' },
];

describe.each(adapters)('AddressScreeningProvider: %s', (name, create) => {
  it.each(SANDBOX_DENY_LIST.map((entry) => [`${entry.network} ${entry.address}`, entry] as const))(
    'flags %s as a SEVERE sanctions listing',
    async (_label, entry) => {
      expect(await create().screen({ network: entry.network, address: entry.address })).toEqual({
        address: entry.address,
        network: entry.network,
        flagged: true,
        riskLevel: 'SEVERE',
        category: 'sanctions',
        source: name,
      });
    },
  );

  it('finds a listed address in any case where case does not matter (hex, bech32), and only there', async () => {
    const screening = create();
    expect((await screening.screen({ network: 'ETH', address: '0x098b716b8aaf21512996dc57eb0615e2383e2f96' })).flagged).toBe(true);
    expect((await screening.screen({ network: 'ETH', address: '0x1da5821544e25c636c1417Ba96Ade4Cf6D2f9B5A' })).flagged).toBe(true);
    expect((await screening.screen({ network: 'BTC', address: 'BC1QSXF77CVWCD6JV6J8D8J3UHH4G0XQW4MESWMWUC' })).flagged).toBe(true);
    // Base58 is case-sensitive: another case is another (here invalid) address.
    expect((await screening.screen({ network: 'TRX', address: 'ta3rh2a7ihnm6pkh8gr9ck1eznshnmzdfg' })).flagged).toBe(false);
  });

  it.each(CLEAR.map((entry) => [`${entry.network} ${entry.address}`, entry] as const))('clears %s', async (_label, entry) => {
    expect(await create().screen(entry)).toEqual({ ...entry, flagged: false, riskLevel: 'LOW', category: null, source: name });
  });
});
