import { describe, expect, it } from 'vitest';
import { decimalsOf, formatCrypto, formatFiat, formatPrice } from './money-format';

describe('money formats (one per kind of figure, used by the quote, confirm, result, details and history)', () => {
  it('a fiat amount shows exactly its minor units, grouped in the page language', () => {
    expect(formatFiat('30', 'EUR', 'en', 2)).toBe('30.00 EUR');
    expect(formatFiat('61234.5', 'EUR', 'en', 2)).toBe('61,234.50 EUR');
    expect(formatFiat('61234.5', 'EUR', 'de', 2)).toBe('61.234,50 EUR');
  });

  it('a price has the decimals of the fiat amounts, rounded to the nearest: the quote and the order say the same', () => {
    expect(formatPrice('60121.845812', 'EUR', 'en', 2)).toBe('60,121.85 EUR');
    expect(formatPrice('60121.844999', 'EUR', 'en', 2)).toBe('60,121.84 EUR');
    expect(formatPrice('78000', 'EUR', 'en', 2)).toBe('78,000.00 EUR');
    expect(formatPrice('0.2', 'EUR', 'en', 2)).toBe('0.20 EUR');
  });

  it('a crypto amount shows every decimal sent, up to the network\'s', () => {
    expect(formatCrypto('0.0004727', 'BTC', 'en')).toBe('0.0004727 BTC');
    expect(formatCrypto('0.123456789', 'BTC', 'en', 8)).toBe('0.12345678 BTC');
  });

  it('reads the decimals of an amount the server wrote', () => {
    expect(decimalsOf('30.00')).toBe(2);
    expect(decimalsOf('30')).toBe(0);
  });
});
