import { WALLET_NETWORKS } from '@causeway/wallet-address';
import { describe, expect, it } from 'vitest';
import { CRYPTO_SEEDS } from './catalogue.ts';

// The address check (packages/wallet-address) knows its networks; the catalogue must sell on no
// other, and ask for a memo exactly where that check requires one (XRP's destination tag).
describe('the crypto catalogue and the address check', () => {
  it('covers every network of the catalogue, with a memo exactly where the catalogue requires one', () => {
    for (const currency of CRYPTO_SEEDS) {
      for (const entry of currency.networks) {
        expect(WALLET_NETWORKS).toContain(entry.network);
        const memoRequired = 'memoRequired' in entry && entry.memoRequired;
        expect(memoRequired, `${currency.code} on ${entry.network}`).toBe(entry.network === 'XRP');
      }
    }
  });
});
