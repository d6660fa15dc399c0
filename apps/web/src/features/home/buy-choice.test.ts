import type { CurrencyPairItem } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { amountProblem, buyTargetOf, type BuyOffer, choiceForCoin, choiceForFiat, initialChoice } from './buy-choice';
import { CURRENCIES, PAIRS } from './home-test-kit';

const offer = (pairs: Record<string, CurrencyPairItem[]> = PAIRS): BuyOffer => ({
  fiats: CURRENCIES.filter((item) => item.assetType === 'fiat' && (pairs[item.currency] ?? []).length > 0),
  cryptos: new Map(CURRENCIES.filter((item) => item.assetType === 'crypto').map((item) => [item.currency, item])),
  pairsByFiat: new Map(Object.entries(pairs)),
});
const none = new URLSearchParams();

describe("the start page's buy choice", () => {
  it('starts with the first fiat, Bitcoin on its network and 100', () => {
    expect(initialChoice(offer(), none, undefined)).toEqual({ fiat: 'EUR', crypto: 'BTC', network: 'BTC', amount: '100' });
  });

  it("starts the amount within the pair's range", () => {
    const narrow = { ...PAIRS, EUR: PAIRS.EUR!.map((pair) => ({ ...pair, minAmount: '150', maxAmount: '1000' })) };
    expect(initialChoice(offer(narrow), none, undefined)?.amount).toBe('150');
    const low = { ...PAIRS, EUR: PAIRS.EUR!.map((pair) => ({ ...pair, minAmount: '5', maxAmount: '50' })) };
    expect(initialChoice(offer(low), none, undefined)?.amount).toBe('50');
  });

  it('starts with the first coin when the fiat buys no Bitcoin, and with nothing when nothing is sold', () => {
    const noBitcoin = { EUR: PAIRS.EUR!.filter((pair) => pair.cryptoCurrency !== 'BTC') };
    expect(initialChoice(offer(noBitcoin), none, undefined)).toMatchObject({ crypto: 'USDT', network: 'ETH' });
    expect(initialChoice(offer({}), none, undefined)).toBeUndefined();
  });

  it('keeps the coin and network across fiats that offer them, and the network across coins that have it', () => {
    const usdtOnTron = { fiat: 'EUR', crypto: 'USDT', network: 'TRX', amount: '100' };
    expect(choiceForFiat(offer(), usdtOnTron, 'GBP')).toEqual({ fiat: 'GBP', crypto: 'BTC', network: 'BTC', amount: '100' });
    expect(choiceForFiat(offer(), { ...usdtOnTron, fiat: 'GBP', crypto: 'BTC', network: 'BTC' }, 'EUR')).toMatchObject({ crypto: 'BTC' });
    expect(choiceForCoin(offer(), { ...usdtOnTron, crypto: 'BTC', network: 'BTC' }, 'USDT')).toMatchObject({ network: 'ETH' });
  });

  it('checks the amount against the pair', () => {
    const range = { minAmount: '20', maxAmount: '20000' };
    expect(amountProblem('', range)).toBe('empty');
    expect(amountProblem('0', range)).toBe('empty');
    expect(amountProblem('19.99', range)).toBe('range');
    expect(amountProblem('20000.01', range)).toBe('range');
    expect(amountProblem('20', range)).toBeNull();
  });

  it('goes on to the card trade page with the choice, the amount only when there is one', () => {
    expect(buyTargetOf({ fiat: 'EUR', crypto: 'BTC', network: 'BTC', amount: '12.5' })).toBe(
      'card-buy-sell?fiatCurrency=EUR&cryptoCurrency=BTC&network=BTC&fiatAmount=12.5',
    );
    expect(buyTargetOf({ fiat: 'EUR', crypto: 'BTC', network: 'BTC', amount: '' })).toBe(
      'card-buy-sell?fiatCurrency=EUR&cryptoCurrency=BTC&network=BTC',
    );
  });
});
