import { describe, expect, it } from 'vitest';
import { isTradePage, tradePageFor, tradeTargetOf, withRiskStep } from './trade-routing';

describe('trade routing (docs/rules/order-states.md)', () => {
  it('sends card and online banking to the card page, and nothing stored too', () => {
    expect(tradePageFor('CARD', 'buy')).toBe('card-buy-sell');
    expect(tradePageFor('ONLINE_BANKING', 'sell')).toBe('card-buy-sell');
    expect(tradePageFor(undefined, undefined)).toBe('card-buy-sell');
  });

  it('sends bank transfer and Roma to banktransfer-buy for buy or deposit, else banktransfer-sell', () => {
    expect(tradePageFor('BANK_TRANSFER', 'buy')).toBe('banktransfer-buy');
    expect(tradePageFor('BANK_TRANSFER', 'deposit')).toBe('banktransfer-buy');
    expect(tradePageFor('BANK_TRANSFER', 'sell')).toBe('banktransfer-sell');
    expect(tradePageFor('EUR_ROMA_CORPORATE', 'WITHDRAW')).toBe('banktransfer-sell');
    expect(tradePageFor('EUR_ROMA', 'buy')).toBe('banktransfer-buy');
  });

  it('puts the risk reminder first unless the risk check says OK', () => {
    expect(withRiskStep('card-buy-sell', 'OK')).toBe('card-buy-sell');
    expect(withRiskStep('card-buy-sell', 'RISK_WARNING')).toBe('risk-reminder?next=card-buy-sell');
  });

  it("carries a deep link's query through the risk step, URL-encoded in next=", () => {
    expect(withRiskStep('buy-crypto', 'RISK_WARNING', '?fiatCurrency=EUR&cryptoCurrency=BTC')).toBe(
      'risk-reminder?next=buy-crypto%3FfiatCurrency%3DEUR%26cryptoCurrency%3DBTC',
    );
    expect(withRiskStep('buy-crypto', 'OK', '?fiatCurrency=EUR')).toBe('buy-crypto?fiatCurrency=EUR');
  });

  it('reads next= as a trade page and its query; anything else is the card page', () => {
    expect(tradeTargetOf('buy-crypto?fiatCurrency=EUR&cryptoCurrency=BTC')).toBe('buy-crypto?fiatCurrency=EUR&cryptoCurrency=BTC');
    expect(tradeTargetOf('banktransfer-buy')).toBe('banktransfer-buy');
    expect(tradeTargetOf('https://evil.example?fiatCurrency=EUR')).toBe('card-buy-sell');
    expect(tradeTargetOf('buy-crypto/../../x?a=1')).toBe('card-buy-sell');
    expect(tradeTargetOf(null)).toBe('card-buy-sell');
  });

  it('knows the trade pages (a next= from the address bar is checked against them)', () => {
    expect(isTradePage('buy-crypto')).toBe(true);
    expect(isTradePage('https://evil.example')).toBe(false);
    expect(isTradePage(null)).toBe(false);
  });
});
