import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { AmountTooSmallError, priceBuy, priceSell, type PricingInput } from './quote-pricing.ts';

const base: Omit<PricingInput, 'amount'> = {
  referencePrice: new Decimal('50000'),
  spreadRate: new Decimal('0.01'),
  ourFeeRate: new Decimal('0.025'),
  discountRate: new Decimal(0),
  networkFee: new Decimal('1.004'),
  fiatDecimals: 2,
  cryptoDecimals: 8,
};

describe('priceBuy', () => {
  it('prices a fiat amount: fees itemised, crypto rounded down, everything adds up', () => {
    const quote = priceBuy({ ...base, amount: { type: 'fiat', value: new Decimal('100') } });
    expect(quote.price.toFixed()).toBe('50500');
    expect(quote.ourFee.toFixed(2)).toBe('2.50');
    expect(quote.networkFee.toFixed(2)).toBe('1.01');
    // (100 - 2.50 - 1.01) / 50500 = 0.00191069... → rounded down to 8 places
    expect(quote.cryptoAmount.toFixed()).toBe('0.00191069');
    expect(quote.cryptoAmount.times(quote.price).plus(quote.ourFee).plus(quote.networkFee).lte(quote.fiatAmount)).toBe(true);
    expect(quote.spread.toFixed(2)).toBe('0.96');
  });

  it('halves our fee with the promotion, never the network fee', () => {
    const quote = priceBuy({ ...base, discountRate: new Decimal('0.5'), amount: { type: 'fiat', value: new Decimal('100') } });
    expect(quote.ourFeeBeforeDiscount.toFixed(2)).toBe('2.50');
    expect(quote.discount.toFixed(2)).toBe('1.25');
    expect(quote.ourFee.toFixed(2)).toBe('1.25');
    expect(quote.networkFee.toFixed(2)).toBe('1.01');
  });

  it('prices a crypto amount: the charge covers exactly cost, network fee and our fee', () => {
    const quote = priceBuy({ ...base, amount: { type: 'crypto', value: new Decimal('0.002') } });
    expect(quote.cryptoAmount.toFixed()).toBe('0.002');
    const cost = new Decimal('0.002').times(quote.price).toDecimalPlaces(2, Decimal.ROUND_UP);
    expect(quote.fiatAmount.toFixed(2)).toBe(cost.plus(quote.networkFee).plus(quote.ourFee).toFixed(2));
    // our fee is the rate of what is charged, rounded up to the cent
    expect(quote.ourFee.toFixed(2)).toBe(quote.fiatAmount.times('0.025').toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2));
  });

  it('keeps exact decimals for cheap coins (no float drift)', () => {
    const quote = priceBuy({
      ...base,
      referencePrice: new Decimal('0.123456'),
      cryptoDecimals: 6,
      amount: { type: 'fiat', value: new Decimal('50') },
    });
    expect(quote.price.toFixed()).toBe('0.12469056');
    expect(quote.cryptoAmount.decimalPlaces()).toBeLessThanOrEqual(6);
  });

  it('refuses an amount the fees swallow', () => {
    expect(() => priceBuy({ ...base, amount: { type: 'fiat', value: new Decimal('1') } })).toThrow(AmountTooSmallError);
  });
});

describe('priceSell', () => {
  it('prices crypto sent: below the reference price by the spread, our fee off the proceeds, no network fee', () => {
    const quote = priceSell({ ...base, amount: { type: 'crypto', value: new Decimal('0.002') } });
    expect(quote.price.toFixed()).toBe('49500');
    // 0.002 × 49,500 = 99.00 proceeds; 2.5% = 2.475 → 2.48 (up); 99.00 − 2.48 = 96.52 paid out
    expect(quote.ourFee.toFixed(2)).toBe('2.48');
    expect(quote.fiatAmount.toFixed(2)).toBe('96.52');
    expect(quote.networkFee.toFixed(2)).toBe('0.00');
    expect(quote.spread.toFixed(2)).toBe('1.00');
    expect(quote.cryptoAmount.times(quote.price).minus(quote.ourFee).gte(quote.fiatAmount)).toBe(true);
  });

  it('asks for enough crypto to pay out at least the fiat amount typed', () => {
    for (const wanted of ['20', '96.52', '333.33', '1000', '4999.99']) {
      const quote = priceSell({ ...base, amount: { type: 'fiat', value: new Decimal(wanted) } });
      expect(quote.fiatAmount.gte(wanted)).toBe(true);
      // One satoshi less would no longer pay it out.
      const less = priceSell({ ...base, amount: { type: 'crypto', value: quote.cryptoAmount.minus('0.00000001') } });
      expect(less.fiatAmount.lt(wanted)).toBe(true);
    }
  });

  it('halves our fee with the promotion', () => {
    const quote = priceSell({ ...base, discountRate: new Decimal('0.5'), amount: { type: 'crypto', value: new Decimal('0.002') } });
    expect(quote.ourFeeBeforeDiscount.toFixed(2)).toBe('2.48');
    expect(quote.discount.toFixed(2)).toBe('1.24');
    expect(quote.fiatAmount.toFixed(2)).toBe('97.76');
  });

  it('refuses an amount the fee swallows', () => {
    expect(() => priceSell({ ...base, amount: { type: 'crypto', value: new Decimal('0.00000001') } })).toThrow(AmountTooSmallError);
  });
});
