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
    expect(feeLines({ networkFee: '1.20', ourFee: '1.25', ourFeeBeforeDiscount: '2.50', discount: '1.25' })).toEqual({
      lines: [
        { kind: 'networkFee', amount: '1.20', minus: false },
        { kind: 'ourFee', amount: '2.50', minus: false },
        { kind: 'discount', amount: '1.25', minus: true },
      ],
      total: '2.45',
    });
  });

  it('no discount line without a discount', () => {
    expect(feeLines({ networkFee: '1.20', ourFee: '2.50', ourFeeBeforeDiscount: '2.50', discount: '0.00' })).toEqual({
      lines: [{ kind: 'networkFee', amount: '1.20', minus: false }, { kind: 'ourFee', amount: '2.50', minus: false }],
      total: '3.70',
    });
  });
});
