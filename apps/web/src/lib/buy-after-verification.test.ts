import { afterEach, describe, expect, it } from 'vitest';
import { BUY_TARGET_STORAGE_KEY, rememberBuyTarget, signInNextOf, takeBuyTarget } from './buy-after-verification';
import { storage } from './storage';

afterEach(() => storage.removeItem(BUY_TARGET_STORAGE_KEY));

describe("a sign-in page's next", () => {
  it('is a trade page with its query', () => {
    expect(signInNextOf('card-buy-sell?fiatCurrency=EUR&cryptoCurrency=BTC&network=BTC&fiatAmount=100')).toBe(
      'card-buy-sell?fiatCurrency=EUR&cryptoCurrency=BTC&network=BTC&fiatAmount=100',
    );
    expect(signInNextOf('buy-crypto')).toBe('buy-crypto');
  });

  it('is nothing when absent, or when it names any other page or place', () => {
    for (const next of [null, undefined, '', 'settings', 'https://evil.example/card-buy-sell', '//evil.example', '/card-buy-sell'])
      expect(signInNextOf(next), String(next)).toBeUndefined();
  });
});

describe('the buy remembered across verification', () => {
  it('is taken once, query and all', () => {
    rememberBuyTarget('card-buy-sell?fiatCurrency=EUR&fiatAmount=100');
    expect(takeBuyTarget()).toBe('card-buy-sell?fiatCurrency=EUR&fiatAmount=100');
    expect(takeBuyTarget()).toBe('card-buy-sell');
  });
});
