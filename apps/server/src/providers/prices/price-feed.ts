import type Decimal from 'decimal.js';

/**
 * Reference prices for quotes: what one unit of a crypto is worth in a fiat right now, before any
 * spread or fee of ours. The sandbox computes them (seeded, reproducible); the real adapters read a
 * public exchange ticker. A price is a decimal.js value parsed from decimal strings, never a float.
 */

/** A crypto priced in a fiat, with the catalogue's codes (BTC, EUR). */
export interface CurrencyPair {
  readonly crypto: string;
  readonly fiat: string;
}

export interface ReferencePrice {
  pair: CurrencyPair;
  /** Units of `fiat` per 1 unit of `crypto`, exact. Always > 0. */
  price: Decimal;
  /** When the price was observed (our clock). A feed never answers one older than its max age. */
  at: Date;
  /** Where the price came from, for the quote's audit trail: `sandbox`, `kraken:XXBTZEUR`. */
  source: string;
}

/** One pair's outcome in a batch: a price, or why there is none. */
export type PriceResult =
  { pair: CurrencyPair; ok: true; price: ReferencePrice } | { pair: CurrencyPair; ok: false; error: PriceUnavailableError };

export interface PriceFeed {
  readonly kind: 'sandbox' | 'kraken';
  /**
   * Whether this feed can price the pair at all (no I/O). False means every request for it ends in
   * PriceUnavailableError `unsupported-pair`; true does not promise the feed is up.
   */
  supports(pair: CurrencyPair): boolean;
  /**
   * The current reference price of one pair. Read-only and safe to call as often as wanted: real
   * feeds cache briefly, so a burst of quotes makes one upstream request.
   * @throws PriceUnavailableError when the pair is unsupported, the feed is down, answers garbage,
   *   or the only price at hand is older than the max age.
   * @throws TypeError when `pair` is not two upper-case currency codes (a bug in the caller).
   */
  referencePrice(pair: CurrencyPair): Promise<ReferencePrice>;
  /**
   * Several pairs at once (one upstream request where the vendor allows it), answered in the
   * order asked. A pair without a price is an `ok: false` entry; the others still get theirs.
   * @throws TypeError when any pair is malformed (a bug in the caller), before any request.
   */
  referencePrices(pairs: readonly CurrencyPair[]): Promise<PriceResult[]>;
}

/**
 * - `unsupported-pair`: the feed has no market for the pair (or the vendor no longer knows it).
 * - `feed-unavailable`: timeout, network or HTTP failure, the vendor's own error, a book too thin to trust.
 * - `malformed-answer`: the vendor answered something we cannot read as a price.
 * - `stale`: the price at hand is older than the max age.
 */
export type PriceUnavailableReason = 'unsupported-pair' | 'feed-unavailable' | 'malformed-answer' | 'stale';

/** No usable price for a pair right now. Expected in operation: the caller refuses the quote, it is not a bug. */
export class PriceUnavailableError extends Error {
  constructor(
    readonly reason: PriceUnavailableReason,
    readonly pair: CurrencyPair,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${pairKey(pair)}: ${message}`, options);
    this.name = 'PriceUnavailableError';
  }
}

/** How old a price may be before it is refused, unless configured (PRICE_MAX_AGE_MS). */
export const DEFAULT_MAX_AGE_MS = 60_000;

export const pairKey = (pair: CurrencyPair) => `${pair.crypto}/${pair.fiat}`;

const CURRENCY_CODE = /^[A-Z0-9]{2,10}$/;

/** Refuses anything but two upper-case codes: a malformed pair is the caller's bug, not an unavailable price. */
export function assertPair(pair: CurrencyPair): void {
  const candidate = pair as unknown as { crypto?: unknown; fiat?: unknown } | null;
  const isCode = (value: unknown) => typeof value === 'string' && CURRENCY_CODE.test(value);
  if (typeof candidate !== 'object' || candidate === null || !isCode(candidate.crypto) || !isCode(candidate.fiat)) {
    throw new TypeError(`not a currency pair: ${JSON.stringify(pair)} (expected {crypto, fiat} as upper-case catalogue codes)`);
  }
}

/** The price itself, or PriceUnavailableError `stale` when it was observed more than maxAgeMs before `now`. */
export function assertFresh(price: ReferencePrice, now: Date, maxAgeMs: number): ReferencePrice {
  const ageMs = now.getTime() - price.at.getTime();
  if (ageMs > maxAgeMs) {
    throw new PriceUnavailableError(
      'stale',
      price.pair,
      `the price from ${price.source} is ${Math.round(ageMs / 1000)} s old (at most ${maxAgeMs / 1000} s allowed)`,
    );
  }
  return price;
}

/** A whole number of milliseconds within bounds, or an error naming the variable that set it. */
export function requireMilliseconds(value: number, variable: string, bounds: { min: number; max: number }): number {
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    throw new Error(`${variable} must be a whole number of milliseconds from ${bounds.min} to ${bounds.max} (got ${value})`);
  }
  return value;
}
