import { describe, expect, it } from 'vitest';
import { formatMoney } from './order-format';

// trust.md: money is never a JS number. The order pages show every digit the server sent.
describe('formatMoney', () => {
  it('keeps the exact digits and trailing zeros of the decimal string', () => {
    expect(formatMoney('61234.50', 'EUR', 'en')).toBe('61,234.50 EUR');
    expect(formatMoney('0.000000000000000001', 'BTC', 'en')).toBe('0.000000000000000001 BTC');
    expect(formatMoney('9007199254740993.01', 'EUR', 'en')).toBe('9,007,199,254,740,993.01 EUR');
  });

  it('shows what is not a decimal string as it came, never NaN', () => {
    expect(formatMoney('1e3', 'EUR', 'en')).toBe('1e3 EUR');
  });
});
