import { describe, expect, it } from 'vitest';
import { isDecimalString } from './decimal';
import { type FeeLine, feeLines } from './fee-lines';

/**
 * The exact sum of decimal strings, each added or taken away (`minus`), with as many places as the
 * longest term: scaled integers (BigInt), never a float; a negative sum starts with "-". The page
 * never adds fees up (it shows the server's total): only this test does, to check the lines do.
 */
function sumDecimals(terms: ReadonlyArray<{ value: string; minus?: boolean }>): string {
  const places = Math.max(0, ...terms.map(({ value }) => value.split('.')[1]?.length ?? 0));
  const scaled = (value: string) => {
    if (!isDecimalString(value)) throw new Error(`not a decimal string: ${value}`);
    const [integer = '0', fraction = ''] = value.split('.');
    return BigInt(`${integer}${fraction.padEnd(places, '0')}`);
  };
  const total = terms.reduce((sum, term) => (term.minus ? sum - scaled(term.value) : sum + scaled(term.value)), 0n);
  const digits = (total < 0n ? -total : total).toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return total < 0n ? `-${text}` : text;
}

const sumOf = (lines: FeeLine[]) => sumDecimals(lines.map((line) => ({ value: line.amount, minus: line.minus })));

describe("sumDecimals (this test file's own adding up)", () => {
  it('adds and takes away decimal strings exactly', () => {
    expect(sumDecimals([{ value: '0.1' }, { value: '0.2' }])).toBe('0.3');
    expect(sumDecimals([{ value: '1.20' }, { value: '2.50' }, { value: '1.25', minus: true }])).toBe('2.45');
    expect(sumDecimals([{ value: '9007199254740993' }, { value: '0.01' }])).toBe('9007199254740993.01');
    expect(sumDecimals([{ value: '1' }, { value: '1.5', minus: true }])).toBe('-0.5');
    expect(sumDecimals([])).toBe('0');
  });
});

describe('feeLines', () => {
  it('network fee + our fee before the discount − the discount, and their sum', () => {
    const lines = feeLines({ networkFee: '1.20', ourFee: '1.25', ourFeeBeforeDiscount: '2.50', discount: '1.25' });
    expect(lines).toEqual([
      { kind: 'networkFee', amount: '1.20', minus: false },
      { kind: 'ourFee', amount: '2.50', minus: false },
      { kind: 'discount', amount: '1.25', minus: true },
    ]);
    expect(sumOf(lines)).toBe('2.45');
  });

  it('no discount line without a discount', () => {
    const lines = feeLines({ networkFee: '1.20', ourFee: '2.50', ourFeeBeforeDiscount: '2.50', discount: '0.00' });
    expect(lines).toEqual([
      { kind: 'networkFee', amount: '1.20', minus: false },
      { kind: 'ourFee', amount: '2.50', minus: false },
    ]);
    expect(sumOf(lines)).toBe('3.70');
  });

  // quote.service.ts writes these fees for a 100 EUR buy with a promotion (every field to the fiat's 2
  // places, total = ourFee + networkFee). If the server ever counts a fee the page does not show as
  // a line, the lines stop adding up to the total the page shows under them (the server's): this fails.
  it("the lines shown add up to the server's total for a real quote, with and without a promotion", () => {
    const withPromotion = {
      ourFee: '1.25',
      ourFeeBeforeDiscount: '2.50',
      networkFee: '1.87',
      spread: '0.61',
      spreadRate: '0.006',
      discount: '1.25',
      total: '3.12',
    };
    const withoutPromotion = { ...withPromotion, ourFee: '2.50', discount: '0.00', total: '4.37' };
    for (const fees of [withPromotion, withoutPromotion]) {
      expect(sumOf(feeLines(fees))).toBe(fees.total);
    }
  });
});
