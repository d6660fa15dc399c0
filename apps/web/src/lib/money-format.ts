import type { CurrencyItem } from '@causeway/contracts';
import { formatAmount } from './decimal';
import { keptPerKey } from './kept-per-key';

/**
 * The one way each kind of figure is written, on every page (quote, confirm, result, order
 * details, history): grouped in the page language, from the server's exact decimal strings.
 * A fiat figure takes its currency's own minor units (never the places the server happened to
 * write), a crypto figure every decimal it has.
 */

/**
 * A fiat currency's minor units: the catalogue's (list-currency, an operator may set them), else
 * ISO 4217's as the browser knows them (JPY 0, KWD 3), else 2.
 */
export function fiatDecimalsOf(currency: string, catalogue?: Iterable<CurrencyItem>): number {
  for (const item of catalogue ?? []) {
    if (item.assetType === 'fiat' && item.currency === currency) return item.decimals;
  }
  return isoDecimalsOf(currency);
}

/** ISO 4217 minor units as the browser knows them (JPY 0, KWD 3), asked once per currency. */
const isoDecimalsOf = keptPerKey((currency) => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2; // Not an ISO 4217 code the browser knows.
  }
});

/** "61,234.50 EUR": a fiat amount with exactly its currency's minor units (`decimals`, from {@link fiatDecimalsOf}). */
export const formatFiatAmount = (amount: string, currency: string, lng: string, decimals: number): string =>
  `${formatAmount(amount, lng, { minDecimals: decimals, maxDecimals: decimals })} ${currency}`;

/**
 * "60,121.85 EUR": the price of one coin, with the fiat's minor units, rounded to the nearest (the
 * server keeps more places to price cheap coins exactly; nobody reads them).
 */
export const formatPrice = (price: string, fiatCurrency: string, lng: string, fiatDecimals: number): string =>
  `${formatAmount(price, lng, { minDecimals: fiatDecimals, maxDecimals: fiatDecimals, nearest: true })} ${fiatCurrency}`;

/** "0.0004727 BTC": a crypto amount with every decimal it has, up to `maxDecimals` (the network's). */
export const formatCryptoAmount = (amount: string, currency: string, lng: string, maxDecimals = 18): string =>
  `${formatAmount(amount, lng, { maxDecimals })} ${currency}`;

/**
 * The three formats bound to a page language and the decimals at hand: the quote's (its fiat's
 * and network's), or an order page's (each fiat's from the catalogue, crypto as sent).
 */
export const moneyFormats = (lng: string, fiatDecimals: (currency: string) => number, cryptoDecimals?: number) => ({
  fiat: (amount: string, currency: string) => formatFiatAmount(amount, currency, lng, fiatDecimals(currency)),
  crypto: (amount: string, currency: string) => formatCryptoAmount(amount, currency, lng, cryptoDecimals),
  price: (price: string, fiatCurrency: string) => formatPrice(price, fiatCurrency, lng, fiatDecimals(fiatCurrency)),
});
