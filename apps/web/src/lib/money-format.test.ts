import type { CurrencyItem } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { fiatDecimalsOf, formatCryptoAmount, formatFiatAmount, formatPrice } from './money-format';

describe('money formats (one per kind of figure, used by the quote, confirm, result, details and history)', () => {
  it('a fiat amount shows exactly its minor units, grouped in the page language', () => {
    expect(formatFiatAmount('30', 'EUR', 'en', 2)).toBe('30.00 EUR');
    expect(formatFiatAmount('61234.5', 'EUR', 'en', 2)).toBe('61,234.50 EUR');
    expect(formatFiatAmount('61234.5', 'EUR', 'de', 2)).toBe('61.234,50 EUR');
    // The server writes fiat with 2 places; a 0-decimal fiat shows none.
    expect(formatFiatAmount('15000.00', 'JPY', 'en', 0)).toBe('15,000 JPY');
    // trust.md: money is never a JS number: every digit stays exact.
    expect(formatFiatAmount('9007199254740993.01', 'EUR', 'en', 2)).toBe('9,007,199,254,740,993.01 EUR');
  });

  it('a price has the decimals of the fiat amounts, rounded to the nearest: the quote and the order say the same', () => {
    expect(formatPrice('60121.845812', 'EUR', 'en', 2)).toBe('60,121.85 EUR');
    expect(formatPrice('60121.844999', 'EUR', 'en', 2)).toBe('60,121.84 EUR');
    expect(formatPrice('78000', 'EUR', 'en', 2)).toBe('78,000.00 EUR');
    expect(formatPrice('0.2', 'EUR', 'en', 2)).toBe('0.20 EUR');
    expect(formatPrice('9876543.6', 'JPY', 'en', 0)).toBe('9,876,544 JPY');
  });

  it("a crypto amount shows every decimal sent, up to the network's", () => {
    expect(formatCryptoAmount('0.0004727', 'BTC', 'en')).toBe('0.0004727 BTC');
    expect(formatCryptoAmount('0.123456789', 'BTC', 'en', 8)).toBe('0.12345678 BTC');
    expect(formatCryptoAmount('0.000000000000000001', 'ETH', 'en')).toBe('0.000000000000000001 ETH');
    expect(formatCryptoAmount('1e3', 'BTC', 'en')).toBe('1e3 BTC');
  });

  it("a fiat's minor units: the catalogue's, else ISO 4217's, else 2", () => {
    const catalogue: CurrencyItem[] = [{ currency: 'EUR', name: 'Euro', assetType: 'fiat', decimals: 3, symbol: '€', sort: 0, networks: [] }];
    expect(fiatDecimalsOf('EUR', catalogue)).toBe(3);
    expect(fiatDecimalsOf('EUR')).toBe(2);
    expect(fiatDecimalsOf('JPY')).toBe(0);
    expect(fiatDecimalsOf('KWD')).toBe(3);
    expect(fiatDecimalsOf('not a code')).toBe(2);
  });
});
