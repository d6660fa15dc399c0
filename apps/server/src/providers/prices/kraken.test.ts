import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock.ts';
import { createFakeKraken, type FakeKraken, krakenFixture } from './fixtures/kraken/fake-kraken.ts';
import { createKrakenPriceFeed, type KrakenPriceFeedOptions } from './kraken.ts';
import { KRAKEN_MARKETS } from './kraken-ticker.ts';
import { type CurrencyPair, PriceUnavailableError } from './price-feed.ts';

// Kraken through recorded answers (fixtures/kraken): the documentation's example, a full market
// snapshot served by a stand-in (fake-kraken.ts), and its documented error envelopes.
const BTC_EUR = { crypto: 'BTC', fiat: 'EUR' };
const BTC_USD = { crypto: 'BTC', fiat: 'USD' };

function setup(overrides: Partial<KrakenPriceFeedOptions> = {}) {
  const clock = createManualClock();
  const kraken = createFakeKraken();
  const feed = createKrakenPriceFeed({ clock, fetchImpl: kraken.fetchImpl, ...overrides });
  return { clock, kraken, feed };
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a PriceUnavailableError');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(PriceUnavailableError);
      return error as PriceUnavailableError;
    },
  );

const pairsAsked = (kraken: FakeKraken) => kraken.requests.map((url) => url.searchParams.get('pair'));

describe('Kraken price feed: reading the ticker', () => {
  it('asks the documented endpoint and takes the exact mid of the documentation’s example answer', async () => {
    const { kraken, feed } = setup();
    kraken.answerNext({ body: krakenFixture('ticker-xbtusd-docs-example') });
    const answer = await feed.referencePrice(BTC_USD);
    expect(kraken.requests[0]?.href).toBe('https://api.kraken.com/0/public/Ticker?pair=XBTUSD');
    // (30300.00000 + 30300.10000) / 2, exactly, not the last trade (30303.2).
    expect(answer.price.toFixed()).toBe('30300.05');
    expect(answer.source).toBe('kraken:XXBTZUSD');
  });

  it('reads the answer under the pair’s own name or its altname (XBTEUR → XXBTZEUR, USDTUSD → USDTZUSD, SOLEUR → SOLEUR)', async () => {
    const { feed } = setup();
    const results = await feed.referencePrices([BTC_EUR, { crypto: 'USDT', fiat: 'USD' }, { crypto: 'SOL', fiat: 'EUR' }]);
    expect(results.map((result) => (result.ok ? `${result.price.source} ${result.price.price.toFixed()}` : result.error.message))).toEqual([
      'kraken:XXBTZEUR 27950.05',
      'kraken:USDTZUSD 1.00005',
      'kraken:SOLEUR 21.44',
    ]);
  });

  it('prices every market of its table from the recorded snapshot', async () => {
    const { feed } = setup();
    const results = await feed.referencePrices([...KRAKEN_MARKETS.values()].map((market) => market.pair));
    expect(results.filter((result) => !result.ok)).toEqual([]);
  });

  it('answers pairs Kraken lacks (TRX/GBP, PLN, AED) as unsupported without asking it', async () => {
    const { kraken, feed } = setup();
    for (const pair of [
      { crypto: 'TRX', fiat: 'GBP' },
      { crypto: 'BTC', fiat: 'PLN' },
      { crypto: 'USDT', fiat: 'AED' },
    ]) {
      expect(await failureOf(feed.referencePrice(pair))).toMatchObject({ reason: 'unsupported-pair', pair });
    }
    expect(kraken.requests).toEqual([]);
  });
});

describe('Kraken price feed: requests and cache', () => {
  it('makes one request for a burst of quotes, and asks again once the cache time has passed', async () => {
    const { clock, kraken, feed } = setup();
    const burst = await Promise.all(Array.from({ length: 10 }, () => feed.referencePrice(BTC_EUR)));
    expect(new Set(burst.map((answer) => answer.price.toFixed()))).toEqual(new Set(['27950.05']));
    clock.advance(4_999);
    await feed.referencePrice(BTC_EUR);
    expect(kraken.requests).toHaveLength(1);
    clock.advance(1);
    await feed.referencePrice(BTC_EUR);
    expect(kraken.requests).toHaveLength(2);
  });

  it('fetches a batch in one request, each market once, and only those it lacks', async () => {
    const { kraken, feed } = setup();
    await feed.referencePrice(BTC_EUR);
    await feed.referencePrices([
      BTC_EUR,
      { crypto: 'ETH', fiat: 'EUR' },
      { crypto: 'XRP', fiat: 'GBP' },
      { crypto: 'ETH', fiat: 'EUR' },
      { crypto: 'TRX', fiat: 'GBP' },
    ]);
    expect(pairsAsked(kraken)).toEqual(['XBTEUR', 'ETHEUR,XRPGBP']);
  });

  it('asks market by market when a delisted one makes Kraken refuse the whole batch', async () => {
    const { kraken, feed } = setup();
    kraken.delist('TRXEUR');
    const results = await feed.referencePrices([BTC_EUR, { crypto: 'TRX', fiat: 'EUR' }]);
    expect(results[0]?.ok).toBe(true);
    expect(results[1]).toMatchObject({ ok: false, error: { reason: 'unsupported-pair' } });
    expect(pairsAsked(kraken)).toEqual(['XBTEUR,TRXEUR', 'XBTEUR', 'TRXEUR']);
  });
});

describe('Kraken price feed: failures', () => {
  it.each([
    ['error-unknown-asset-pair', 'unsupported-pair', 'EQuery:Unknown asset pair'],
    ['error-service-unavailable', 'feed-unavailable', 'EService:Unavailable'],
    ['error-too-many-requests', 'feed-unavailable', 'EGeneral:Too many requests'],
    ['malformed-number-prices', 'malformed-answer', 'no readable best bid and ask'],
    ['malformed-no-result', 'malformed-answer', 'has no result'],
  ])('answers %s as %s', async (fixture, reason, message) => {
    const { kraken, feed } = setup();
    kraken.answerNext({ body: krakenFixture(fixture) });
    const failure = await failureOf(feed.referencePrice(BTC_EUR));
    expect(failure.reason).toBe(reason);
    expect(failure.message).toContain(message);
  });

  it.each([
    [
      'an HTTP error (a Cloudflare 503)',
      { status: 503, text: '<html>503 Service Temporarily Unavailable</html>' },
      'feed-unavailable',
      'HTTP 503',
    ],
    ['an answer that is not JSON', { text: '<html>maintenance</html>' }, 'malformed-answer', 'not JSON'],
    ['JSON that is not the envelope', { body: { result: {} } }, 'malformed-answer', 'envelope'],
    ['a network failure', { networkError: true as const }, 'feed-unavailable', 'could not be reached'],
    ['an answer without the asked market', { body: { error: [], result: { XETHZEUR: {} } } }, 'malformed-answer', 'no ticker for XXBTZEUR'],
  ])('answers %s as %s', async (_name, answer, reason, message) => {
    const { kraken, feed } = setup();
    kraken.answerNext(answer);
    const failure = await failureOf(feed.referencePrice(BTC_EUR));
    expect(failure).toMatchObject({ reason });
    expect(failure.message).toContain(message);
  });

  it('gives up after its timeout', async () => {
    const { kraken, feed } = setup({ timeoutMs: 30 });
    kraken.answerNext({ hang: true });
    const failure = await failureOf(feed.referencePrice(BTC_EUR));
    expect(failure).toMatchObject({ reason: 'feed-unavailable' });
    expect(failure.message).toContain('did not answer within 30 ms');
  });

  it('ignores warnings (W…) in the error array', async () => {
    const { kraken, feed } = setup();
    const answer = krakenFixture<{ result: unknown }>('ticker-xbtusd-docs-example');
    kraken.answerNext({ body: { error: ['WGeneral:Deprecated'], result: answer.result } });
    expect((await feed.referencePrice(BTC_USD)).price.toFixed()).toBe('30300.05');
  });

  it('refuses an empty, crossed or too thin book rather than invent a mid', async () => {
    const { kraken, feed, clock } = setup();
    const book = (ask: string, bid: string) => ({ a: [ask, '1', '1.000'], b: [bid, '1', '1.000'], c: ['27950.0', '0.1'] });
    for (const [ask, bid, expected] of [
      ['27950.1', '0.00000', 'empty'],
      ['27950.0', '27951.0', 'crossed'],
      ['28600.0', '27400.0', 'wider than 2 %'],
    ] as const) {
      clock.advance(120_000);
      kraken.setTicker('XXBTZEUR', book(ask, bid));
      const failure = await failureOf(feed.referencePrice(BTC_EUR));
      expect(failure).toMatchObject({ reason: 'feed-unavailable' });
      expect(failure.message).toContain(expected);
    }
  });
});

describe('Kraken price feed: freshness', () => {
  it('rides out a failed refresh on the last good price while it is within the max age, then refuses', async () => {
    const { clock, kraken, feed } = setup();
    const good = await feed.referencePrice(BTC_EUR);
    clock.advance(30_000);
    kraken.answerNext({ body: krakenFixture('error-service-unavailable') });
    expect(await feed.referencePrice(BTC_EUR)).toEqual(good);
    clock.advance(30_001);
    kraken.answerNext({ body: krakenFixture('error-service-unavailable') });
    expect(await failureOf(feed.referencePrice(BTC_EUR))).toMatchObject({ reason: 'feed-unavailable' });
    expect(kraken.requests).toHaveLength(3);
  });

  it('does not ride out a delisting: unsupported is the answer at once', async () => {
    const { clock, kraken, feed } = setup();
    await feed.referencePrice(BTC_EUR);
    clock.advance(6_000);
    kraken.delist('XBTEUR');
    expect(await failureOf(feed.referencePrice(BTC_EUR))).toMatchObject({ reason: 'unsupported-pair' });
  });

  it('refuses an answer that arrives older than the max age (a price is as old as its request)', async () => {
    const { clock, kraken, feed } = setup({ maxAgeMs: 10_000, cacheTtlMs: 1_000 });
    kraken.onRequest = () => clock.advance(10_001);
    expect(await failureOf(feed.referencePrice(BTC_EUR))).toMatchObject({ reason: 'stale' });
  });

  it('validates its options and names the variable', () => {
    const clock = createManualClock();
    expect(() => createKrakenPriceFeed({ clock, baseUrl: 'not a url' })).toThrow('KRAKEN_API_URL');
    expect(() => createKrakenPriceFeed({ clock, maxAgeMs: 5_000, cacheTtlMs: 6_000 })).toThrow('cache');
    expect(createKrakenPriceFeed({ clock, maxAgeMs: 2_000 }).kind).toBe('kraken');
  });

  it('asks the configured base URL', async () => {
    const { kraken, feed } = setup({ baseUrl: 'http://127.0.0.1:9/kraken/' });
    await feed.referencePrice({ crypto: 'XRP', fiat: 'USD' } satisfies CurrencyPair).catch(() => undefined);
    expect(kraken.requests[0]?.href).toBe('http://127.0.0.1:9/kraken/0/public/Ticker?pair=XRPUSD');
  });
});
