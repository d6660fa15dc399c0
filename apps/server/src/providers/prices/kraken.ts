import Decimal from 'decimal.js';
import type { Clock } from '../../platform/clock.ts';
import { KRAKEN_MARKETS, type KrakenMarket, readEnvelope, readMidPrice, UNKNOWN_PAIR_ERROR } from './kraken-ticker.ts';
import {
  assertFresh,
  assertPair,
  type CurrencyPair,
  DEFAULT_MAX_AGE_MS,
  pairKey,
  type PriceFeed,
  type PriceResult,
  PriceUnavailableError,
  type ReferencePrice,
  requireMilliseconds,
} from './price-feed.ts';

/**
 * Reference prices from Kraken's public ticker (kraken-ticker.ts says how it is read).
 *
 * - Only pairs Kraken trades directly are priced. A pair it lacks (TRX/GBP, anything in PLN or AED)
 *   is `unsupported-pair`, not a cross through USD: a cross compounds two books' spreads and, for
 *   PLN and AED, would need an FX source Kraken does not have. Quoting such a pair is the catalogue's
 *   call (hide it, or add another feed), not something to improvise here.
 * - Cache: a price fetched less than `cacheTtlMs` ago is answered again without a request, and
 *   concurrent requests for one market share one fetch, so a burst of quotes costs one request.
 * - If a refresh fails (timeout, Kraken's own error, garbage), the last good price is answered while
 *   it is within `maxAgeMs`, so a blip does not stop checkout; beyond that the failure is the answer.
 * - A price's `at` is when its request was sent: the ticker carries no time of its own, and the
 *   earlier instant errs on the side of calling a price old.
 */

export interface KrakenPriceFeedOptions {
  clock: Clock;
  /** KRAKEN_API_URL: https://api.kraken.com unless set (a proxy, or a stand-in for tests). */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** How long a fetched price is answered again without asking Kraken (5 s). */
  cacheTtlMs?: number;
  /** PRICE_MAX_AGE_MS: the oldest price ever answered (60 s). */
  maxAgeMs?: number;
  /** The widest bid/ask spread, as a fraction of the mid, still trusted as a reference (0.02). */
  maxSpread?: string;
}

type Outcome = ReferencePrice | PriceUnavailableError;

export function createKrakenPriceFeed(options: KrakenPriceFeedOptions): PriceFeed {
  const base = parseBaseUrl(options.baseUrl ?? 'https://api.kraken.com');
  const maxAgeMs = requireMilliseconds(options.maxAgeMs ?? DEFAULT_MAX_AGE_MS, 'PRICE_MAX_AGE_MS', { min: 1_000, max: 3_600_000 });
  const cacheTtlMs = requireMilliseconds(options.cacheTtlMs ?? Math.min(5_000, maxAgeMs), 'the Kraken cache time', {
    min: 0,
    max: maxAgeMs,
  });
  const timeoutMs = requireMilliseconds(options.timeoutMs ?? 3_000, 'the Kraken timeout', { min: 1, max: 60_000 });
  const maxSpread = new Decimal(options.maxSpread ?? '0.02');
  const { clock } = options;
  const fetchImpl = options.fetchImpl ?? fetch;
  const lastGood = new Map<string, ReferencePrice>();
  const inFlight = new Map<string, Promise<ReferencePrice>>();

  /** One GET for several markets, read into one outcome per market. Never throws for Kraken's sake. */
  async function requestTicker(markets: KrakenMarket[]): Promise<Map<string, Outcome>> {
    const failAll = (reason: 'feed-unavailable' | 'malformed-answer', message: string, cause?: unknown) =>
      new Map(markets.map((market) => [market.altname, new PriceUnavailableError(reason, market.pair, message, { cause })]));
    const sentAt = clock.now();
    let body: unknown;
    try {
      const response = await fetchImpl(`${base}/0/public/Ticker?pair=${markets.map((market) => market.altname).join(',')}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return failAll('feed-unavailable', `Kraken answered HTTP ${response.status}`);
      const text = await response.text();
      try {
        body = JSON.parse(text);
      } catch {
        return failAll('malformed-answer', 'Kraken answered something that is not JSON');
      }
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return failAll('feed-unavailable', timedOut ? `Kraken did not answer within ${timeoutMs} ms` : 'Kraken could not be reached', error);
    }

    const envelope = readEnvelope(body);
    if (!envelope) return failAll('malformed-answer', "Kraken's answer is not its {error, result} envelope");
    if (envelope.errors.includes(UNKNOWN_PAIR_ERROR)) {
      // One delisted market fails the whole request: ask for each alone so the others still get a price.
      if (markets.length > 1)
        return new Map((await Promise.all(markets.map((market) => requestTicker([market])))).flatMap((outcomes) => [...outcomes]));
      const [market] = markets as [KrakenMarket];
      return new Map([
        [
          market.altname,
          new PriceUnavailableError('unsupported-pair', market.pair, `Kraken no longer knows ${market.altname} (${UNKNOWN_PAIR_ERROR})`),
        ],
      ]);
    }
    if (envelope.errors.length > 0) return failAll('feed-unavailable', `Kraken answered ${envelope.errors.join(', ')}`);
    const { result } = envelope;
    if (!result) return failAll('malformed-answer', "Kraken's answer has no result");
    return new Map(
      markets.map((market): [string, Outcome] => {
        const mid = readMidPrice(result, market, maxSpread);
        return [
          market.altname,
          mid instanceof PriceUnavailableError ? mid : { pair: market.pair, price: mid, at: sentAt, source: `kraken:${market.resultKey}` },
        ];
      }),
    );
  }

  /** Keeps a fresh price; on a failure, falls back to the last good one while it is within the max age. */
  function settle(market: KrakenMarket, outcome: Outcome | undefined): ReferencePrice {
    if (outcome && !(outcome instanceof PriceUnavailableError)) {
      lastGood.set(market.altname, outcome);
      return outcome;
    }
    const failure = outcome ?? new PriceUnavailableError('malformed-answer', market.pair, 'no outcome for this market');
    const last = lastGood.get(market.altname);
    if (failure.reason === 'unsupported-pair') lastGood.delete(market.altname);
    else if (last && clock.now().getTime() - last.at.getTime() <= maxAgeMs) return last;
    throw failure;
  }

  /** Starts one request for every market that has neither a cached price nor a fetch under way. */
  function ensureFetches(markets: KrakenMarket[]): void {
    const now = clock.now().getTime();
    const distinct = [...new Map(markets.map((market) => [market.altname, market])).values()];
    const needed = distinct.filter((market) => {
      const cached = lastGood.get(market.altname);
      return !inFlight.has(market.altname) && (!cached || now - cached.at.getTime() >= cacheTtlMs);
    });
    if (needed.length === 0) return;
    const request = requestTicker(needed);
    for (const market of needed) {
      const pending = request.then((outcomes) => settle(market, outcomes.get(market.altname)));
      inFlight.set(market.altname, pending);
      const forget = () => {
        if (inFlight.get(market.altname) === pending) inFlight.delete(market.altname);
      };
      pending.then(forget, forget);
    }
  }

  async function resultFor(pair: CurrencyPair, market: KrakenMarket | undefined): Promise<PriceResult> {
    try {
      if (!market) throw new PriceUnavailableError('unsupported-pair', pair, 'Kraken has no market for this pair');
      const price = inFlight.get(market.altname) ?? lastGood.get(market.altname);
      if (!price) throw new PriceUnavailableError('feed-unavailable', pair, 'no price was fetched');
      return { pair, ok: true, price: assertFresh(await price, clock.now(), maxAgeMs) };
    } catch (error) {
      if (error instanceof PriceUnavailableError) return { pair, ok: false, error };
      throw error;
    }
  }

  async function referencePrices(pairs: readonly CurrencyPair[]): Promise<PriceResult[]> {
    pairs.forEach(assertPair);
    const markets = pairs.map((pair) => KRAKEN_MARKETS.get(pairKey(pair)));
    ensureFetches(markets.filter((market): market is KrakenMarket => market !== undefined));
    return Promise.all(pairs.map((pair, index) => resultFor(pair, markets[index])));
  }

  return {
    kind: 'kraken',
    supports(pair) {
      assertPair(pair);
      return KRAKEN_MARKETS.has(pairKey(pair));
    },
    referencePrices,
    async referencePrice(pair) {
      const [result] = (await referencePrices([pair])) as [PriceResult];
      if (!result.ok) throw result.error;
      return result.price;
    },
  };
}

function parseBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`KRAKEN_API_URL must be an http(s) URL (got ${JSON.stringify(value)})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`KRAKEN_API_URL must be an http(s) URL (got ${JSON.stringify(value)})`);
  return url.href.replace(/\/+$/, '');
}
