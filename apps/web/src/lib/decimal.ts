/**
 * Decimal strings without JS numbers: amounts stay exact strings from the input to the server
 * and back (docs/ARCHITECTURE.md: money is never a `number`). Only what the page needs: shape checks,
 * comparison, input clean-up and display.
 */

/** The contracts' decimalStringSchema: up to 20 integer digits, up to 18 decimals. */
const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;

export const isDecimalString = (value: string): boolean => DECIMAL.test(value);

/** Splits "0012.3400" into its significant integer ("12") and fraction ("34") digits. */
function partsOf(value: string): [string, string] {
  const [integer = '', fraction = ''] = value.split('.');
  return [integer.replace(/^0+/, ''), fraction.replace(/0+$/, '')];
}

/** -1, 0 or 1 as `a` is below, equal to or above `b` (both decimal strings). */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const [aInt, aFrac] = partsOf(a);
  const [bInt, bFrac] = partsOf(b);
  if (aInt.length !== bInt.length) return aInt.length < bInt.length ? -1 : 1;
  if (aInt !== bInt) return aInt < bInt ? -1 : 1;
  const width = Math.max(aFrac.length, bFrac.length);
  const [x, y] = [aFrac.padEnd(width, '0'), bFrac.padEnd(width, '0')];
  if (x === y) return 0;
  return x < y ? -1 : 1;
}

export const isZeroDecimal = (value: string): boolean => isDecimalString(value) && compareDecimal(value, '0') === 0;
export const isPositiveDecimal = (value: string): boolean => isDecimalString(value) && compareDecimal(value, '0') > 0;

/**
 * Cleans what a person types into an amount: a comma counts as the decimal point, anything but
 * digits and the first point is dropped, and decimals beyond `maxDecimals` are cut (never rounded).
 */
export function cleanAmountInput(raw: string, maxDecimals: number): string {
  const text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = text.indexOf('.');
  if (point === -1) return text.slice(0, 20);
  const integer = text.slice(0, point).slice(0, 20) || '0';
  if (maxDecimals <= 0) return integer;
  const fraction = text
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, maxDecimals);
  return `${integer}.${fraction}`;
}

/** A rate such as "0.5" as a percentage string ("50"), by moving the decimal point. */
export function ratePercent(rate: string): string {
  if (!isDecimalString(rate)) return rate;
  const [integer = '0', fraction = ''] = rate.split('.');
  const digits = `${integer}${fraction.padEnd(2, '0')}`;
  const whole = digits.slice(0, integer.length + 2).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(integer.length + 2).replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}

/**
 * An amount for display in the page language, grouped, exactly as given (never turned into a float).
 * Fiat shows its minor units (`minDecimals`). Extra decimals are cut (an amount never shows more
 * than it is), or rounded half up (`nearest`, for a price).
 */
export function formatAmount(
  value: string,
  lng: string,
  { minDecimals = 0, maxDecimals = 18, nearest = false }: { minDecimals?: number; maxDecimals?: number; nearest?: boolean } = {},
): string {
  if (!isDecimalString(value)) return value;
  const places = Math.max(minDecimals, maxDecimals);
  if (!WRITTEN_LIKE_ENGLISH.has(lng)) {
    // A language that writes numbers otherwise (none yet): as Intl writes them.
    const format = new Intl.NumberFormat(lng, {
      minimumFractionDigits: minDecimals,
      maximumFractionDigits: places,
      roundingMode: nearest ? 'halfExpand' : 'trunc',
    });
    return format.format(value as Intl.StringNumericLiteral);
  }
  const [integer, fraction] = roundedParts(value, places, nearest);
  const shown = fraction.replace(/0+$/, '').padEnd(minDecimals, '0');
  return shown ? `${groupThousands(integer)}.${shown}` : groupThousands(integer);
}

/**
 * The languages whose numbers Intl writes as English does (digits 0-9, "," between thousands, "."
 * before decimals): the page's two. They are written here by hand, because the first Intl formatter
 * of a page costs tens of milliseconds (the browser loads its locale data) on the main thread.
 */
const WRITTEN_LIKE_ENGLISH = new Set(['en', 'zh']);

/** "1234567" → "1,234,567". */
const groupThousands = (integer: string): string => integer.replace(/\B(?=(\d{3})+$)/g, ',');

/** The integer and fraction digits of `value` to `places` decimals: cut, or rounded half up (`nearest`). */
function roundedParts(value: string, places: number, nearest: boolean): [string, string] {
  const [rawInteger = '0', rawFraction = ''] = value.split('.');
  const integer = rawInteger.replace(/^0+(?=\d)/, '');
  const kept = rawFraction.slice(0, places);
  if (!nearest || (rawFraction[places] ?? '0') < '5') return [integer, kept];
  // Half up: add one to the last kept digit, carrying into the integer when the fraction is all 9s.
  const digits = addOne(`${integer}${kept.padEnd(places, '0')}`);
  const integerLength = digits.length - places;
  return [digits.slice(0, integerLength), digits.slice(integerLength)];
}

/** A string of digits plus one ("199" → "200", "99" → "100"). */
function addOne(digits: string): string {
  let index = digits.length - 1;
  while (index >= 0 && digits[index] === '9') index -= 1;
  if (index < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, index)}${Number(digits[index]) + 1}${'0'.repeat(digits.length - index - 1)}`;
}
