import Decimal from 'decimal.js';

/**
 * The fiat currencies a card can pay in (the catalogue's fiat list) and their ISO 4217 minor
 * units. Processors speak minor units ("2000" for 20.00 EUR); we speak decimal strings.
 */
export const CARD_CURRENCY_DECIMALS: Readonly<Record<string, number>> = { EUR: 2, GBP: 2, USD: 2, PLN: 2, AED: 2 };

export function decimalsOf(currency: string): number {
  const decimals = CARD_CURRENCY_DECIMALS[currency];
  if (decimals === undefined) throw new Error(`card payments are not available in ${currency}`);
  return decimals;
}

/**
 * Reads an amount for a card call: a positive decimal string with no more digits than the
 * currency has (a card cannot carry 20.005 EUR). Throws a plain Error otherwise (a caller bug).
 */
export function parseCardAmount(amount: string, currency: string): Decimal {
  const decimals = decimalsOf(currency);
  if (!/^\d{1,18}(\.\d{1,18})?$/.test(amount)) throw new Error(`card amount "${amount}" is not a decimal string`);
  const value = new Decimal(amount);
  if (value.lte(0)) throw new Error(`card amount must be positive, got ${amount}`);
  if (value.decimalPlaces() > decimals) throw new Error(`${currency} has ${decimals} decimals; ${amount} has more`);
  return value;
}

/** "20.00" for 20 EUR: the currency's own number of decimals, the way every card amount is answered. */
export const formatCardAmount = (value: Decimal.Value, currency: string): string => new Decimal(value).toFixed(decimalsOf(currency));

/** 20.00 EUR → 2000 (an integer, as a JS number only because JSON bodies carry it so; at most 18 digits). */
export function toMinorUnits(amount: string, currency: string): number {
  const minor = parseCardAmount(amount, currency).times(new Decimal(10).pow(decimalsOf(currency)));
  if (!minor.lte(Number.MAX_SAFE_INTEGER)) throw new Error(`card amount ${amount} ${currency} is too large`);
  return minor.toNumber();
}

/** 2000 EUR minor units → "20.00". */
export function fromMinorUnits(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`processor amount ${minor} is not a whole number of minor units`);
  return new Decimal(minor).div(new Decimal(10).pow(decimalsOf(currency))).toFixed(decimalsOf(currency));
}
