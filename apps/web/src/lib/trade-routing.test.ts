import { describe, expect, it } from 'vitest';
import { isTradePage, tradePageFor, withRiskStep } from './trade-routing';

describe('trade routing (spec §4)', () => {
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

  it('knows the trade pages (a next= from the address bar is checked against them)', () => {
    expect(isTradePage('buy-crypto')).toBe(true);
    expect(isTradePage('https://evil.example')).toBe(false);
    expect(isTradePage(null)).toBe(false);
  });
});
