import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { CRYPTO_SEEDS, FIAT_SEEDS } from '../../db/seed/catalogue.ts';
import { createManualClock } from '../../platform/clock.ts';
import type { CurrencyPair } from './price-feed.ts';
import { createSandboxPriceFeed, roundReferencePrice, SANDBOX_BASE_PRICES, SANDBOX_FX_PER_USD } from './sandbox.ts';
import { BUCKET_MS, bucketOf, walkOffset, WINDOW_BUCKETS } from './sandbox-walk.ts';

const START = new Date('2026-11-21T12:00:00Z');
const feedAt = (seed: string, at = START) => createSandboxPriceFeed({ seed, clock: createManualClock(at) });
const priceOf = async (seed: string, pair: CurrencyPair, at = START) => (await feedAt(seed, at).referencePrice(pair)).price;
const BTC_USD = { crypto: 'BTC', fiat: 'USD' };

describe('sandbox price feed', () => {
  it('prices every pair of the seeded catalogue', async () => {
    const pairs = CRYPTO_SEEDS.flatMap((crypto) => FIAT_SEEDS.map((fiat) => ({ crypto: crypto.code, fiat: fiat.code })));
    const results = await feedAt('causeway').referencePrices(pairs);
    expect(results.filter((result) => !result.ok)).toEqual([]);
  });

  it('answers the same price for the same seed and instant in any instance (reproducible quotes)', async () => {
    // Pinned, so a change to the walk that would alter recorded sandbox quotes fails here first.
    expect((await priceOf('causeway', { crypto: 'BTC', fiat: 'EUR' })).toFixed()).toBe('58185.4');
    expect((await priceOf('causeway', { crypto: 'USDT', fiat: 'USD' })).toFixed()).toBe('1.00057');
    expect((await priceOf('causeway', { crypto: 'TRX', fiat: 'EUR' })).toFixed()).toBe('0.232024');
    const at = new Date('2031-02-03T04:05:06Z');
    expect((await priceOf('seed-a', BTC_USD, at)).equals(await priceOf('seed-a', BTC_USD, at))).toBe(true);
  });

  it('walks another way under another seed', async () => {
    const differing = [...SANDBOX_BASE_PRICES.keys()].filter(
      (crypto) => walkOffset('seed-a', crypto, 1000).equals(walkOffset('seed-b', crypto, 1000)) === false,
    );
    expect(differing.length).toBeGreaterThanOrEqual(6);
    expect((await priceOf('seed-a', BTC_USD)).equals(await priceOf('seed-b', BTC_USD))).toBe(false);
  });

  it('holds a price for a 10-second bucket, then moves it', async () => {
    const clock = createManualClock(new Date(Math.floor(START.getTime() / BUCKET_MS) * BUCKET_MS));
    const feed = createSandboxPriceFeed({ seed: 'causeway', clock });
    const first = await feed.referencePrice(BTC_USD);
    clock.advance(BUCKET_MS - 1);
    expect((await feed.referencePrice(BTC_USD)).price.equals(first.price)).toBe(true);
    const seen = new Set<string>();
    for (let i = 0; i < 30; i += 1) {
      clock.advance(BUCKET_MS);
      seen.add((await feed.referencePrice(BTC_USD)).price.toFixed());
    }
    expect(seen.size).toBeGreaterThan(20);
  });

  it('keeps BTC/EUR and BTC/USD at the fixed FX ratio (the walk is per crypto, not per pair)', async () => {
    const feed = feedAt('causeway');
    const [eur, usd] = await feed.referencePrices([{ crypto: 'BTC', fiat: 'EUR' }, BTC_USD]);
    if (!eur?.ok || !usd?.ok) throw new Error('expected both prices');
    const ratio = eur.price.price.dividedBy(usd.price.price);
    expect(
      ratio
        .minus(SANDBOX_FX_PER_USD.get('EUR') as string)
        .abs()
        .lessThan('0.0001'),
    ).toBe(true);
  });

  it('refuses an empty seed, naming the variable', () => {
    expect(() => createSandboxPriceFeed({ seed: '', clock: createManualClock() })).toThrow('SANDBOX_PRICE_SEED');
  });
});

describe('the seeded walk', () => {
  it('stays within its bounds and moves in small steps, across window edges too', () => {
    const first = bucketOf(START);
    let previous = walkOffset('causeway', 'BTC', first);
    for (let bucket = first + 1; bucket < first + 3 * WINDOW_BUCKETS; bucket += 1) {
      const offset = walkOffset('causeway', 'BTC', bucket);
      expect(offset.abs().lessThanOrEqualTo(1)).toBe(true);
      // One bucket moves at most a step plus the anchor line's slope: well under 2 % of the swing.
      expect(offset.minus(previous).abs().lessThan('0.02'), `bucket ${bucket}`).toBe(true);
      previous = offset;
    }
  });

  it('keeps every sandbox price within its swing of the base over a day', async () => {
    const clock = createManualClock(START);
    const feed = createSandboxPriceFeed({ seed: 'bounds', clock });
    const pairs = [...SANDBOX_BASE_PRICES.keys()].map((crypto) => ({ crypto, fiat: 'USD' }));
    for (let i = 0; i < 24 * 6; i += 1) {
      clock.advance(10 * 60_000);
      for (const result of await feed.referencePrices(pairs)) {
        if (!result.ok) throw result.error;
        const base = SANDBOX_BASE_PRICES.get(result.pair.crypto);
        if (!base) throw new Error('no base');
        const drift = result.price.price.dividedBy(base.usd).minus(1).abs();
        // Rounding to 6 significant digits may add a hair beyond the swing.
        expect(drift.lessThanOrEqualTo(new Decimal(base.swing).plus('0.00001')), result.pair.crypto).toBe(true);
      }
    }
  });
});

describe('roundReferencePrice', () => {
  it.each([
    ['65123.456789', '65123.46'],
    ['3201.2349', '3201.23'],
    ['152.34549', '152.345'],
    ['1.0045678', '1.00457'],
    ['0.92173449', '0.921734'],
    ['0.0012345678', '0.00123457'],
    ['58185.4', '58185.4'],
  ])('rounds %s to %s', (raw, rounded) => {
    expect(roundReferencePrice(new Decimal(raw)).toFixed()).toBe(rounded);
  });
});
