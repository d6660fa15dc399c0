import { describe, expect, it } from 'vitest';
import { CRYPTO_SEEDS } from '../../db/seed/catalogue.ts';
import { BITGO_COINS } from './bitgo-transfers.ts';
import { CHAIN_ASSETS, checkPayout, toBaseUnits } from './payout-input.ts';
import { isTxHashOf, sandboxTxHash } from './tx-hashes.ts';

const btc = {
  idempotencyKey: 'k-1',
  asset: 'BTC',
  network: 'BTC',
  address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  memo: null,
  amount: '1',
};

describe('what a payout can be', () => {
  it('carries every asset and network of the seeded catalogue, with the same decimals, and BitGo names each', () => {
    for (const crypto of CRYPTO_SEEDS) {
      for (const network of crypto.networks) {
        const entry = CHAIN_ASSETS.find((asset) => asset.asset === crypto.code && asset.network === network.network);
        expect(entry, `${crypto.code} on ${network.network}`).toMatchObject({ decimals: network.decimals });
      }
    }
    for (const entry of CHAIN_ASSETS)
      expect(BITGO_COINS[`${entry.asset}/${entry.network}`], `${entry.asset}/${entry.network}`).toBeDefined();
  });

  it('turns amounts into exact base units, far beyond 20 significant digits', () => {
    expect(toBaseUnits(checkPayout({ ...btc, amount: '0.00000001' }))).toBe('1');
    expect(toBaseUnits(checkPayout({ ...btc, amount: '20999999.9769' }))).toBe('2099999997690000');
    const wei = checkPayout({
      ...btc,
      asset: 'ETH',
      network: 'ETH',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      amount: '12345678901234567890.123456789012345678',
    });
    expect(toBaseUnits(wei)).toBe('12345678901234567890123456789012345678');
  });

  it.each(['', '1e3', '0x10', ' 1', '1.', '.5', '-1', '0.000', '1.000000001', '123456789012345678901'])(
    'refuses the amount %j',
    (amount) => {
      expect(() => checkPayout({ ...btc, amount })).toThrow(expect.objectContaining({ reason: 'INVALID_AMOUNT' }));
    },
  );

  it('accepts trailing zeros beyond the decimals (the same amount), and refuses a bad key as a bug', () => {
    expect(checkPayout({ ...btc, amount: '1.50000000000' }).amount.toFixed()).toBe('1.5');
    expect(() => checkPayout({ ...btc, idempotencyKey: '' })).toThrow('idempotency key');
    expect(() => checkPayout({ ...btc, idempotencyKey: 'k'.repeat(161) })).toThrow('idempotency key');
  });

  it('shapes sandbox hashes like each network’s own', () => {
    for (const network of ['BTC', 'ETH', 'TRX', 'SOL', 'XRP'])
      expect(isTxHashOf(network, sandboxTxHash(network, 'key')), network).toBe(true);
    expect(sandboxTxHash('SOL', 'key')).not.toBe(sandboxTxHash('SOL', 'other key'));
  });
});
