import { formatAmount } from './decimal';

/**
 * The one way each kind of figure is written, on every page (quote, confirm, result, order
 * details, history): grouped in the page language, from the server's exact decimal strings.
 */

/** How many decimals an amount the server wrote has ("30.00" → 2): an order's fiat amount carries its currency's. */
export const decimalsOf = (amount: string): number => amount.split('.')[1]?.length ?? 0;

/** "61,234.50 EUR": a fiat amount with exactly its currency's minor units. */
export const formatFiat = (amount: string, currency: string, lng: string, decimals: number): string =>
  `${formatAmount(amount, lng, { minDecimals: decimals, maxDecimals: decimals })} ${currency}`;

/**
 * "60,121.85 EUR": the price of one coin, with the decimals of the fiat amounts, rounded to the
 * nearest (the server keeps more places to price cheap coins exactly; nobody reads them).
 */
export const formatPrice = (price: string, fiatCurrency: string, lng: string, fiatDecimals: number): string =>
  `${formatAmount(price, lng, { minDecimals: fiatDecimals, maxDecimals: fiatDecimals, nearest: true })} ${fiatCurrency}`;

/** "0.0004727 BTC": a crypto amount with every decimal it has, up to `maxDecimals` (the network's). */
export const formatCrypto = (amount: string, currency: string, lng: string, maxDecimals = 18): string =>
  `${formatAmount(amount, lng, { maxDecimals })} ${currency}`;
