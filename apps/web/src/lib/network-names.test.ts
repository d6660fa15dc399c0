import type { CurrencyItem } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { networkNameOf } from './network-names';

const network = (code: string, networkName: string) => ({ network: code, networkName, decimals: 6, memoRequired: false, memoName: null });
const CATALOGUE: CurrencyItem[] = [
  { currency: 'BTC', name: 'Bitcoin', assetType: 'crypto', decimals: 8, symbol: '₿', sort: 1, networks: [network('BTC', 'Bitcoin')] },
  {
    currency: 'USDT',
    name: 'Tether USD',
    assetType: 'crypto',
    decimals: 6,
    symbol: '₮',
    sort: 3,
    networks: [network('ETH', 'Ethereum (ERC-20)'), network('TRX', 'Tron (TRC-20)')],
  },
  { currency: 'TRX', name: 'Tron', assetType: 'crypto', decimals: 6, symbol: 'TRX', sort: 6, networks: [network('TRX', 'Tron')] },
];

describe('network names (one name per network of a coin, on every page)', () => {
  it("is the catalogue's name of the coin's network", () => {
    expect(networkNameOf(CATALOGUE, 'BTC', 'BTC')).toBe('Bitcoin');
    expect(networkNameOf(CATALOGUE, 'USDT', 'TRX')).toBe('Tron (TRC-20)');
    expect(networkNameOf(CATALOGUE, 'TRX', 'TRX')).toBe('Tron');
  });

  it('is the code while the catalogue is not there or does not know it', () => {
    expect(networkNameOf(undefined, 'BTC', 'BTC')).toBe('BTC');
    expect(networkNameOf(CATALOGUE, 'USDT', 'SOL')).toBe('SOL');
    expect(networkNameOf(CATALOGUE, 'DOGE', 'DOGE')).toBe('DOGE');
  });
});
