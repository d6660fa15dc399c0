import { describe, expect, it } from 'vitest';
import { cardLast4, depositQrPayload, formatMinutesSeconds, isAwaitingDeposit, sellLineKey } from './sell-format';

describe('sell words and values', () => {
  it('the QR code holds a BIP21 URI with the amount for bitcoin, the bare address elsewhere', () => {
    const btc = { address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', amount: '0.00123456', cryptoCurrency: 'BTC', network: 'BTC' };
    expect(depositQrPayload(btc)).toBe('bitcoin:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh?amount=0.00123456');
    // More places than a bitcoin amount has: not a valid BIP21 amount, so the address alone.
    expect(depositQrPayload({ ...btc, amount: '0.000000001' })).toBe(btc.address);
    expect(depositQrPayload({ address: '0xabc', amount: '1.5', cryptoCurrency: 'USDT', network: 'ETH' })).toBe('0xabc');
    expect(depositQrPayload({ address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', amount: '40', cryptoCurrency: 'XRP', network: 'XRP' })).toBe(
      'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
    );
  });

  it('the countdown reads mm:ss', () => {
    expect(formatMinutesSeconds(1800)).toBe('30:00');
    expect(formatMinutesSeconds(1781)).toBe('29:41');
    expect(formatMinutesSeconds(9)).toBe('00:09');
    expect(formatMinutesSeconds(0)).toBe('00:00');
    expect(formatMinutesSeconds(-3)).toBe('00:00');
  });

  it("a card's last four digits from its masked number", () => {
    expect(cardLast4('4242 **** **** 4242')).toBe('4242');
    expect(cardLast4('555555******4444')).toBe('4444');
    expect(cardLast4('**** ****')).toBeNull();
    expect(cardLast4(null)).toBeNull();
  });

  it('a sell awaits its deposit only while OrderSubmitted', () => {
    expect(isAwaitingDeposit({ transactionType: 'sell', status: 'OrderSubmitted' })).toBe(true);
    expect(isAwaitingDeposit({ transactionType: 'sell', status: 'PROCESSING' })).toBe(false);
    expect(isAwaitingDeposit({ transactionType: 'buy', status: 'OrderSubmitted' })).toBe(false);
  });

  it('a sell in a list reads sold, selling, not sold, or sold with its payout not through', () => {
    expect(sellLineKey('done', null)).toBe('orders.outcome.sold');
    expect(sellLineKey('pending', null)).toBe('orders.outcome.selling');
    expect(sellLineKey('ended', 'DEPOSIT_NOT_RECEIVED')).toBe('orders.outcome.notSold');
    expect(sellLineKey('ended', 'PAYOUT_DECLINED')).toBe('orders.outcome.notPaidOut');
  });
});
