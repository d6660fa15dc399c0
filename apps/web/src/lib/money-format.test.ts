import type { CurrencyItem } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { fiatDecimalsOf, formatCryptoAmount, formatFiatAmount, formatPrice, moneyFormats } from './money-format';

describe('money formats (one per kind of figure, used by the quote, confirm, result, details and history)', () => {
  // One row per figure shown; the comments say why it reads so.
  it.each([
    // A fiat amount shows exactly its minor units, grouped in the page language.
    { shown: () => formatFiatAmount('30', 'EUR', 'en', 2), expected: '30.00 EUR' },
    { shown: () => formatFiatAmount('61234.5', 'EUR', 'en', 2), expected: '61,234.50 EUR' },
    { shown: () => formatFiatAmount('61234.5', 'EUR', 'de', 2), expected: '61.234,50 EUR' },
    // The server writes fiat with 2 places; a 0-decimal fiat shows none.
    { shown: () => formatFiatAmount('15000.00', 'JPY', 'en', 0), expected: '15,000 JPY' },
    // docs/trust.md: money is never a JS number: every digit stays exact.
    { shown: () => formatFiatAmount('9007199254740993.01', 'EUR', 'en', 2), expected: '9,007,199,254,740,993.01 EUR' },
    // A price has the decimals of the fiat amounts, rounded to the nearest: the quote and the order say the same.
    { shown: () => formatPrice('60121.845812', 'EUR', 'en', 2), expected: '60,121.85 EUR' },
    { shown: () => formatPrice('60121.844999', 'EUR', 'en', 2), expected: '60,121.84 EUR' },
    { shown: () => formatPrice('78000', 'EUR', 'en', 2), expected: '78,000.00 EUR' },
    { shown: () => formatPrice('0.2', 'EUR', 'en', 2), expected: '0.20 EUR' },
    { shown: () => formatPrice('9876543.6', 'JPY', 'en', 0), expected: '9,876,544 JPY' },
    // A crypto amount shows every decimal sent, up to the network's.
    { shown: () => formatCryptoAmount('0.0004727', 'BTC', 'en'), expected: '0.0004727 BTC' },
    { shown: () => formatCryptoAmount('0.123456789', 'BTC', 'en', 8), expected: '0.12345678 BTC' },
    { shown: () => formatCryptoAmount('0.000000000000000001', 'ETH', 'en'), expected: '0.000000000000000001 ETH' },
    { shown: () => formatCryptoAmount('1e3', 'BTC', 'en'), expected: '1e3 BTC' },
  ])('shows $expected', ({ shown, expected }) => {
    expect(shown()).toBe(expected);
  });

  it('bound to a language and the decimals at hand, each fiat takes its own minor units', () => {
    const money = moneyFormats('en', (currency) => (currency === 'JPY' ? 0 : 2), 8);
    expect(money.fiat('15000.00', 'JPY')).toBe('15,000 JPY');
    expect(money.fiat('30', 'EUR')).toBe('30.00 EUR');
    expect(money.price('9876543.6', 'JPY')).toBe('9,876,544 JPY');
    expect(money.crypto('0.123456789', 'BTC')).toBe('0.12345678 BTC');
  });

  it("a fiat's minor units: the catalogue's, else ISO 4217's, else 2", () => {
    const catalogue: CurrencyItem[] = [
      { currency: 'EUR', name: 'Euro', assetType: 'fiat', decimals: 3, symbol: '€', sort: 0, networks: [] },
    ];
    expect(fiatDecimalsOf('EUR', catalogue)).toBe(3);
    expect(fiatDecimalsOf('EUR')).toBe(2);
    expect(fiatDecimalsOf('JPY')).toBe(0);
    expect(fiatDecimalsOf('KWD')).toBe(3);
    expect(fiatDecimalsOf('not a code')).toBe(2);
  });
});
