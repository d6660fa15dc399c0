/**
 * Klarna speaks minor units ("order_amount": 2500 for 25.00 EUR, docs: Payments API order_amount),
 * we speak decimal strings. The conversion is string arithmetic, never a float: the only JS number
 * is the integer a JSON body carries, and it stays below Klarna's documented maximum.
 */

/**
 * The currencies of Klarna's markets (docs: "Supported countries, currencies and locales"), each
 * with two decimals, the way Klarna counts their minor units.
 */
export const KLARNA_CURRENCIES: readonly string[] = [
  'AUD',
  'CAD',
  'CHF',
  'CZK',
  'DKK',
  'EUR',
  'GBP',
  'NOK',
  'NZD',
  'PLN',
  'RON',
  'SEK',
  'USD',
];
const DECIMALS = 2;

/** The Payments API's largest order line total_amount / unit_price (minor units). */
export const KLARNA_MAX_MINOR = 200_000_000n;

/**
 * "25.5" EUR → 2550n. Throws a plain Error (a caller bug) for a currency Klarna does not take, a
 * string that is not a positive decimal with at most two decimals, or more than Klarna's maximum.
 */
export function toKlarnaMinor(amount: string, currency: string): bigint {
  if (!KLARNA_CURRENCIES.includes(currency)) throw new Error(`Klarna does not take ${currency}`);
  const match = /^(\d{1,16})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new Error(`Klarna amount "${amount.slice(0, 40)}" is not a decimal string with at most ${DECIMALS} decimals`);
  const minor = BigInt(`${match[1]}${(match[2] ?? '').padEnd(DECIMALS, '0')}`);
  if (minor <= 0n) throw new Error(`Klarna amount must be positive, got ${amount}`);
  if (minor > KLARNA_MAX_MINOR) throw new Error(`Klarna amount ${amount} ${currency} is above Klarna's maximum`);
  return minor;
}

/** The integer a JSON body carries: safe, since toKlarnaMinor keeps it at most 200000000. */
export const jsonMinor = (minor: bigint): number => Number(minor);

/** 2550n → "25.50": the currency's two decimals, the way every amount is answered. */
export function fromKlarnaMinor(minor: bigint): string {
  if (minor < 0n) throw new Error(`Klarna amount ${minor} is negative`);
  const digits = minor.toString().padStart(DECIMALS + 1, '0');
  return `${digits.slice(0, -DECIMALS)}.${digits.slice(-DECIMALS)}`;
}

/** A minor-unit amount from Klarna's JSON (an integer): undefined when it is not a whole, non-negative number. */
export const minorFromJson = (value: unknown): bigint | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined;
