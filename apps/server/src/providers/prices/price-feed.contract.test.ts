import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { CRYPTO_SEEDS, FIAT_SEEDS } from '../../db/seed/catalogue.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createFakeKraken } from './fixtures/kraken/fake-kraken.ts';
import { createPriceFeed } from './index.ts';
import { type CurrencyPair, DEFAULT_MAX_AGE_MS, type PriceFeed, PriceUnavailableError } from './price-feed.ts';

// One suite, every adapter: the sandbox as it runs, Kraken through its recorded answers.
const adapters: Array<[PriceFeed['kind'], () => { feed: PriceFeed; clock: ReturnType<typeof createManualClock> }]> = [
  [
    'sandbox',
    () => {
      const clock = createManualClock();
      return { feed: createPriceFeed({ kind: 'sandbox', seed: 'contract', clock }), clock };
    },
  ],
  [
    'kraken',
    () => {
      const clock = createManualClock();
      return { feed: createPriceFeed({ kind: 'kraken', clock, fetchImpl: createFakeKraken().fetchImpl }), clock };
    },
  ],
];

const CATALOGUE_PAIRS: CurrencyPair[] = CRYPTO_SEEDS.flatMap((crypto) =>
  FIAT_SEEDS.map((fiat) => ({ crypto: crypto.code, fiat: fiat.code })),
);
const BTC_EUR = { crypto: 'BTC', fiat: 'EUR' };
const USDT_EUR = { crypto: 'USDT', fiat: 'EUR' };

describe.each(adapters)('PriceFeed contract: %s', (kind, create) => {
  it('prices a pair as fiat per one crypto, an exact Decimal observed now', async () => {
    const { feed, clock } = create();
    expect(feed.kind).toBe(kind);
    const answer = await feed.referencePrice(BTC_EUR);
    expect(answer.pair).toEqual(BTC_EUR);
    expect(Decimal.isDecimal(answer.price)).toBe(true);
    // Fiat per crypto, not the other way round: a bitcoin costs thousands of euros, a tether about one.
    expect(answer.price.greaterThan(10_000) && answer.price.lessThan(1_000_000)).toBe(true);
    const usdt = await feed.referencePrice(USDT_EUR);
    expect(usdt.price.greaterThan('0.5') && usdt.price.lessThan('1.5')).toBe(true);
    expect(answer.source).toMatch(/\S/);
    expect(answer.at.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    expect(clock.now().getTime() - answer.at.getTime()).toBeLessThanOrEqual(DEFAULT_MAX_AGE_MS);
  });

  it('answers the same price twice at the same instant', async () => {
    const { feed } = create();
    const [first, second] = await Promise.all([feed.referencePrice(BTC_EUR), feed.referencePrice(BTC_EUR)]);
    expect(second.price.equals(first.price)).toBe(true);
    expect((await feed.referencePrice(BTC_EUR)).price.equals(first.price)).toBe(true);
  });

  it('never answers a price older than the max age, however long it sits idle', async () => {
    const { feed, clock } = create();
    await feed.referencePrice(BTC_EUR);
    clock.advance(10 * 60_000);
    const later = await feed.referencePrice(BTC_EUR);
    expect(clock.now().getTime() - later.at.getTime()).toBeLessThanOrEqual(DEFAULT_MAX_AGE_MS);
  });

  it('refuses a pair it cannot price with PriceUnavailableError unsupported-pair, and says so in supports()', async () => {
    const { feed } = create();
    for (const pair of [
      { crypto: 'DOGE', fiat: 'EUR' },
      { crypto: 'BTC', fiat: 'JPY' },
    ]) {
      expect(feed.supports(pair)).toBe(false);
      const failure = await feed.referencePrice(pair).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PriceUnavailableError);
      expect(failure).toMatchObject({ reason: 'unsupported-pair', pair });
    }
  });

  it('agrees with supports() on every catalogue pair', async () => {
    const { feed } = create();
    const results = await feed.referencePrices(CATALOGUE_PAIRS);
    for (const [index, result] of results.entries()) {
      const pair = CATALOGUE_PAIRS[index] as CurrencyPair;
      expect(result.pair, 'answers in the order asked').toEqual(pair);
      if (feed.supports(pair)) expect(result.ok, `${pair.crypto}/${pair.fiat}`).toBe(true);
      else expect(result).toMatchObject({ ok: false, error: { reason: 'unsupported-pair' } });
    }
  });

  it('answers a batch pair by pair: an unsupported pair does not sink the others', async () => {
    const { feed } = create();
    const results = await feed.referencePrices([BTC_EUR, { crypto: 'DOGE', fiat: 'EUR' }, USDT_EUR, BTC_EUR]);
    expect(results.map((result) => result.ok)).toEqual([true, false, true, true]);
    const [first, , , again] = results;
    expect(first?.ok && again?.ok && again.price.price.equals(first.price.price)).toBe(true);
    expect(await feed.referencePrices([])).toEqual([]);
  });

  it('treats a malformed pair as the caller’s bug (TypeError), not as an unavailable price', async () => {
    const { feed } = create();
    for (const pair of [{ crypto: 'btc', fiat: 'EUR' }, { crypto: 'BTC', fiat: '' }, { crypto: 'BTC' }, null]) {
      await expect(feed.referencePrice(pair as CurrencyPair)).rejects.toBeInstanceOf(TypeError);
      await expect(feed.referencePrices([BTC_EUR, pair as CurrencyPair])).rejects.toBeInstanceOf(TypeError);
      expect(() => feed.supports(pair as CurrencyPair)).toThrow(TypeError);
    }
  });
});

describe('createPriceFeed', () => {
  it('names the variable behind a bad option', () => {
    const clock = createManualClock();
    expect(() => createPriceFeed({ kind: 'sandbox', clock })).toThrow('SANDBOX_PRICE_SEED');
    expect(() => createPriceFeed({ kind: 'kraken', clock, maxAgeMs: 0 })).toThrow('PRICE_MAX_AGE_MS');
    expect(() => createPriceFeed({ kind: 'kraken', clock, krakenBaseUrl: 'ftp://example.test' })).toThrow('KRAKEN_API_URL');
    expect(() => createPriceFeed({ kind: 'binance' as 'kraken', clock })).toThrow('PRICE_FEED');
  });
});
