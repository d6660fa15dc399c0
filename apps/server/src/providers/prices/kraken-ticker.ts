import Decimal from 'decimal.js';
import { type CurrencyPair, PriceUnavailableError } from './price-feed.ts';

/**
 * Reading Kraken's public ticker. Which documentation each part follows:
 *
 * - Endpoint: https://docs.kraken.com/api/docs/rest-api/get-ticker-information — GET
 *   https://api.kraken.com/0/public/Ticker?pair=XBTUSD, no authentication. The answer is
 *   {error: [], result: {PAIR: {a: [ask price, whole lot volume, lot volume], b: [bid …],
 *   c: [last trade price, lot volume], v, p, t, l, h, o}}} with every price a decimal string.
 *   Several pairs go comma-separated in one request.
 * - Pair names: the request takes the pair's altname (XBTEUR), but the result is keyed by the pair's
 *   own name, which for Kraken's oldest markets carries the X (crypto) and Z (fiat) prefixes:
 *   pair=XBTUSD answers under XXBTZUSD (the documentation's own example), XRPEUR under XXRPZEUR,
 *   USDTUSD under USDTZUSD, while newer markets (SOLEUR, USDCUSD, XRPGBP) use the altname as is.
 *   So each market below names both, and the answer is read under either.
 * - Errors: https://support.kraken.com/hc/en-us/articles/360001491786-API-error-messages — always
 *   an `error` array of "<severity><category>:<message>" strings, severity E (error) or W (warning),
 *   e.g. "EQuery:Unknown asset pair", "EService:Unavailable", "EService:Busy",
 *   "EGeneral:Too many requests"; a non-empty array of E entries means the request failed, usually
 *   still with HTTP 200. Warnings alone do not fail a request.
 *
 * The reference price is the mid of the best bid and ask. The last trade (c) is not used: on a thin
 * market it can be hours old, while the book is the price one could deal at now.
 */

export interface KrakenMarket {
  pair: CurrencyPair;
  /** What the request's `pair=` names. */
  altname: string;
  /** What the answer's `result` is keyed by. */
  resultKey: string;
}

const market = (crypto: string, fiat: string, altname: string, resultKey = altname): [string, KrakenMarket] => [
  `${crypto}/${fiat}`,
  { pair: { crypto, fiat }, altname, resultKey },
];

/**
 * Our catalogue's pairs that Kraken trades directly. Kraken has no PLN or AED markets and no TRX/GBP:
 * those pairs are unsupported here rather than crossed through USD (see kraken.ts).
 */
export const KRAKEN_MARKETS: ReadonlyMap<string, KrakenMarket> = new Map([
  market('BTC', 'EUR', 'XBTEUR', 'XXBTZEUR'),
  market('BTC', 'USD', 'XBTUSD', 'XXBTZUSD'),
  market('BTC', 'GBP', 'XBTGBP', 'XXBTZGBP'),
  market('ETH', 'EUR', 'ETHEUR', 'XETHZEUR'),
  market('ETH', 'USD', 'ETHUSD', 'XETHZUSD'),
  market('ETH', 'GBP', 'ETHGBP', 'XETHZGBP'),
  market('USDT', 'EUR', 'USDTEUR'),
  market('USDT', 'USD', 'USDTUSD', 'USDTZUSD'),
  market('USDT', 'GBP', 'USDTGBP'),
  market('USDC', 'EUR', 'USDCEUR'),
  market('USDC', 'USD', 'USDCUSD'),
  market('USDC', 'GBP', 'USDCGBP'),
  market('SOL', 'EUR', 'SOLEUR'),
  market('SOL', 'USD', 'SOLUSD'),
  market('SOL', 'GBP', 'SOLGBP'),
  market('TRX', 'EUR', 'TRXEUR'),
  market('TRX', 'USD', 'TRXUSD'),
  market('XRP', 'EUR', 'XRPEUR', 'XXRPZEUR'),
  market('XRP', 'USD', 'XRPUSD', 'XXRPZUSD'),
  market('XRP', 'GBP', 'XRPGBP'),
]);

export const UNKNOWN_PAIR_ERROR = 'EQuery:Unknown asset pair';

/** The envelope read: the result object, or Kraken's own errors (E entries only), or null when it is no envelope at all. */
export function readEnvelope(body: unknown): { errors: string[]; result: Record<string, unknown> | undefined } | null {
  if (!isRecord(body) || !Array.isArray(body.error) || !body.error.every((entry) => typeof entry === 'string')) return null;
  const errors = (body.error as string[]).filter((entry) => entry.startsWith('E'));
  return { errors, result: isRecord(body.result) ? body.result : undefined };
}

/** Prices are unsigned decimal strings; anything else (a JSON number, exponent, NaN) is refused rather than guessed at. */
const DECIMAL_STRING = /^\d{1,20}(\.\d{1,20})?$/;

/** Arithmetic here never depends on the global Decimal settings another module might change. */
const Exact = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

function firstPrice(side: unknown): Decimal | undefined {
  if (!Array.isArray(side) || typeof side[0] !== 'string' || !DECIMAL_STRING.test(side[0])) return undefined;
  return new Exact(side[0]);
}

/**
 * The mid price of one market from a successful answer, exact: (bid + ask) / 2 has at most one
 * more decimal than the book. Refused when the market is missing or unreadable (malformed), or the
 * book is empty, crossed, or its spread is wider than `maxSpread` of the mid (too thin to trust).
 */
export function readMidPrice(result: Record<string, unknown>, market: KrakenMarket, maxSpread: Decimal): Decimal | PriceUnavailableError {
  const entry = result[market.resultKey] ?? result[market.altname];
  if (!isRecord(entry))
    return new PriceUnavailableError('malformed-answer', market.pair, `Kraken's answer has no ticker for ${market.resultKey}`);
  const ask = firstPrice(entry.a);
  const bid = firstPrice(entry.b);
  if (!ask || !bid)
    return new PriceUnavailableError(
      'malformed-answer',
      market.pair,
      `Kraken's ${market.resultKey} ticker has no readable best bid and ask`,
    );
  if (bid.isZero() || ask.isZero())
    return new PriceUnavailableError('feed-unavailable', market.pair, `Kraken's ${market.resultKey} book is empty on one side`);
  if (bid.greaterThan(ask))
    return new PriceUnavailableError(
      'feed-unavailable',
      market.pair,
      `Kraken's ${market.resultKey} book is crossed (bid ${bid} > ask ${ask})`,
    );
  const mid = bid.plus(ask).dividedBy(2);
  if (ask.minus(bid).dividedBy(mid).greaterThan(maxSpread)) {
    return new PriceUnavailableError(
      'feed-unavailable',
      market.pair,
      `Kraken's ${market.resultKey} spread (${bid} / ${ask}) is wider than ${maxSpread.times(100)} % of the mid`,
    );
  }
  return new Decimal(mid.toFixed());
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
