import Decimal from 'decimal.js';
import type { Clock } from '../../platform/clock.ts';
import {
  assertPair,
  type CurrencyPair,
  type PriceFeed,
  type PriceResult,
  PriceUnavailableError,
  type ReferencePrice,
} from './price-feed.ts';
import { bucketOf, walkOffset } from './sandbox-walk.ts';

/**
 * The sandbox price feed (docs/sandbox.md, "Prices"): each crypto starts from a round USD price and
 * drifts by a seeded walk (sandbox-walk.ts) within its swing; fiat prices follow from fixed FX
 * rates. The walk is per crypto, not per pair, so BTC/EUR and BTC/GBP move together and their
 * ratio stays the FX rate, as on a real market. Same SANDBOX_PRICE_SEED and same 10-second bucket:
 * same price, in any process, so a quote can be reproduced from its time alone.
 */

/** Round USD starting prices, and how far each may drift from them (a stablecoin barely moves). */
export const SANDBOX_BASE_PRICES: ReadonlyMap<string, { usd: string; swing: string }> = new Map([
  ['BTC', { usd: '65000', swing: '0.05' }],
  ['ETH', { usd: '3200', swing: '0.05' }],
  ['USDT', { usd: '1', swing: '0.002' }],
  ['USDC', { usd: '1', swing: '0.002' }],
  ['SOL', { usd: '150', swing: '0.05' }],
  ['TRX', { usd: '0.25', swing: '0.05' }],
  ['XRP', { usd: '0.6', swing: '0.05' }],
]);

/** Fixed FX: units of the fiat per 1 USD (AED is pegged at 3.6725). */
export const SANDBOX_FX_PER_USD: ReadonlyMap<string, string> = new Map([
  ['USD', '1'],
  ['EUR', '0.92'],
  ['GBP', '0.79'],
  ['PLN', '3.95'],
  ['AED', '3.6725'],
]);

export const SANDBOX_PRICE_SOURCE = 'sandbox';

/**
 * Rounds a reference price to what a ticker would show: at least 6 significant digits and at least
 * 2 decimals (65123.46, 152.345, 0.921734, 0.231457). Two decimals alone would move a price near 1
 * (USDT/USD 1.004 → 1.00) by 0.4 %, far more than a quote's spread can absorb.
 */
export function roundReferencePrice(price: Decimal): Decimal {
  if (price.lessThan(1)) return price.toSignificantDigits(6, Decimal.ROUND_HALF_UP);
  const integerDigits = price.truncated().toFixed(0).length;
  return price.toDecimalPlaces(Math.max(2, 6 - integerDigits), Decimal.ROUND_HALF_UP);
}

export interface SandboxPriceFeedOptions {
  /** SANDBOX_PRICE_SEED: any non-empty text; another seed, another walk. */
  seed: string;
  clock: Clock;
}

export function createSandboxPriceFeed(options: SandboxPriceFeedOptions): PriceFeed {
  if (typeof options.seed !== 'string' || options.seed.length === 0)
    throw new Error('SANDBOX_PRICE_SEED must be a non-empty text for the sandbox price feed');
  const { seed, clock } = options;

  const supports = (pair: CurrencyPair) => SANDBOX_BASE_PRICES.has(pair.crypto) && SANDBOX_FX_PER_USD.has(pair.fiat);
  // A batch prices one crypto in every fiat: walk it once per bucket.
  const lastOffsets = new Map<string, { bucket: number; offset: Decimal }>();
  const offsetOf = (crypto: string, bucket: number) => {
    const last = lastOffsets.get(crypto);
    if (last?.bucket === bucket) return last.offset;
    const offset = walkOffset(seed, crypto, bucket);
    lastOffsets.set(crypto, { bucket, offset });
    return offset;
  };

  function priceOf(pair: CurrencyPair): ReferencePrice {
    const base = SANDBOX_BASE_PRICES.get(pair.crypto);
    const fx = SANDBOX_FX_PER_USD.get(pair.fiat);
    if (!base || !fx) throw new PriceUnavailableError('unsupported-pair', pair, 'the sandbox price feed has no price for this pair');
    const at = clock.now();
    const offset = offsetOf(pair.crypto, bucketOf(at));
    const drifted = offset.times(base.swing).plus(1).times(base.usd).times(fx);
    return {
      pair: { crypto: pair.crypto, fiat: pair.fiat },
      price: new Decimal(roundReferencePrice(drifted).toFixed()),
      at,
      source: SANDBOX_PRICE_SOURCE,
    };
  }

  return {
    kind: 'sandbox',
    supports(pair) {
      assertPair(pair);
      return supports(pair);
    },
    async referencePrice(pair) {
      assertPair(pair);
      return priceOf(pair);
    },
    async referencePrices(pairs) {
      pairs.forEach(assertPair);
      return pairs.map((pair): PriceResult => {
        try {
          return { pair, ok: true, price: priceOf(pair) };
        } catch (error) {
          if (error instanceof PriceUnavailableError) return { pair, ok: false, error };
          throw error;
        }
      });
    },
  };
}
