import { validateWalletAddress } from '@causeway/wallet-address';
import { describe, expect, it } from 'vitest';
import { createSandboxScreening, SANDBOX_DENY_LIST } from './sandbox.ts';

describe('sandbox screening deny list', () => {
  it.each(SANDBOX_DENY_LIST.map((entry) => [entry.network, entry.address, entry] as const))(
    '%s %s passes our own address validation',
    (_network, _address, entry) => {
      // XRP needs a destination tag to be a valid payout; any tag will do for the address itself.
      const checked = validateWalletAddress({ network: entry.network, address: entry.address, memo: entry.network === 'XRP' ? '1' : null });
      expect(checked.ok).toBe(true);
    },
  );

  it('keeps to the list: no marker, prefix or pattern flags an address', async () => {
    const screening = createSandboxScreening();
    for (const address of ['0x0000000000000000000000000000000000000bad', 'sanctioned', '0x098B716B8Aaf21512996dC57EB0615e2383E2f97']) {
      expect((await screening.screen({ network: 'ETH', address })).flagged).toBe(false);
    }
    // A listed address on another network is not that network's address.
    expect((await screening.screen({ network: 'TRX', address: '0x098B716B8Aaf21512996dC57EB0615e2383E2f96' })).flagged).toBe(false);
  });

  it('leaves Tornado Cash out: OFAC delisted it on 2025-03-21', async () => {
    expect((await createSandboxScreening().screen({ network: 'ETH', address: '0xd90e2f925DA726b50C4Ed8D0Fb90Ad053324F31b' })).flagged).toBe(
      false,
    );
  });
});
