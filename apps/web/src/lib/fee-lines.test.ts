import { describe, expect, it } from 'vitest';
import { sumDecimals } from './decimal';
import { feeLines } from './fee-lines';

describe('sumDecimals', () => {
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
    expect(feeLines({ networkFee: '1.20', ourFee: '1.25', ourFeeBeforeDiscount: '2.50', discount: '1.25', total: '2.45' })).toEqual({
      lines: [
        { kind: 'networkFee', amount: '1.20', minus: false },
        { kind: 'ourFee', amount: '2.50', minus: false },
        { kind: 'discount', amount: '1.25', minus: true },
      ],
      total: '2.45',
      addsUp: true,
    });
  });

  it('no discount line without a discount', () => {
    expect(feeLines({ networkFee: '1.20', ourFee: '2.50', ourFeeBeforeDiscount: '2.50', discount: '0.00', total: '3.70' })).toEqual({
      lines: [{ kind: 'networkFee', amount: '1.20', minus: false }, { kind: 'ourFee', amount: '2.50', minus: false }],
      total: '3.70',
      addsUp: true,
    });
  });

  // quote.service.ts writes these fees for a 100 EUR buy with a promotion (every field to the fiat's 2
  // places, total = ourFee + networkFee). If the server ever counts a fee the page does not show as
  // a line, the lines stop adding up to the total: this fails, and the page below still shows the
  // server's total.
  it("the lines shown add up to the server's total for a real quote, with and without a promotion", () => {
    const withPromotion = { ourFee: '1.25', ourFeeBeforeDiscount: '2.50', networkFee: '1.87', spread: '0.61', spreadRate: '0.006', discount: '1.25', total: '3.12' };
    const withoutPromotion = { ...withPromotion, ourFee: '2.50', discount: '0.00', total: '4.37' };
    for (const fees of [withPromotion, withoutPromotion]) {
      const { lines, total, addsUp } = feeLines(fees);
      expect(sumDecimals(lines.map((line) => ({ value: line.amount, minus: line.minus })))).toBe(fees.total);
      expect(total).toBe(fees.total);
      expect(addsUp).toBe(true);
    }
  });

  it("when the lines do not add up to the server's total, the total shown is the server's, flagged", () => {
    // A fee the page has no line for (say a card surcharge of 0.40) would leave the lines 0.40 short.
    expect(feeLines({ networkFee: '1.20', ourFee: '2.50', ourFeeBeforeDiscount: '2.50', discount: '0.00', total: '4.10' })).toMatchObject({ total: '4.10', addsUp: false });
  });
});
