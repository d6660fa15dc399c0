import { randomUUID } from 'node:crypto';
import { PATHS, wireCodeOf } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp, nextIp } from '../../../test/identity-helpers.ts';
import { getQuote, verifiedBuyer } from '../../../test/order-helpers.ts';

/**
 * docs/rules/entities.md "Reference data": pairs and their channels are data an operator changes through the
 * reference module's face; the catalogue this process caches forgets at once, so the next list, quote and
 * estimate see the change.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const pairs = () => t.app.faces.get('reference').pairs;
const OPERATOR = 'opr_pairs_admin';
const EUR_BTC = 'EUR-BTC-BTC';

const listedCryptos = async (query: string) =>
  (await call(t.app, 'GET', `${PATHS.listCurrencyPairByBaseCurrency}?${query}`)).body.data.map(
    (pair: { cryptoCurrency: string }) => pair.cryptoCurrency,
  );
const estimate = async () =>
  (await call(t.app, 'GET', `${PATHS.estimateBuy}?fiatCurrency=EUR&cryptoCurrency=BTC&network=BTC&fiatAmount=100`, { ip: nextIp() })).body;

describe('pairs as data', () => {
  it('lists every pair with its range and channels, enabled or not', async () => {
    const listing = await pairs().listPairs({ baseCurrency: 'EUR' });
    const btc = listing.find((pair) => pair.pairId === EUR_BTC);
    expect(btc).toMatchObject({
      baseCurrency: 'EUR',
      cryptoCurrency: 'BTC',
      network: 'BTC',
      minAmount: '20',
      maxAmount: '20000',
      enabled: true,
    });
    expect(btc!.channels).toContainEqual(expect.objectContaining({ channelCode: 'CHECKOUT', transactionType: 'buy', enabled: true }));
    // The seed's exclusion is listed too, switched off.
    const xrp = listing.find((pair) => pair.pairId === 'EUR-XRP-XRP');
    expect(xrp!.channels).toContainEqual(expect.objectContaining({ channelCode: 'CHECKOUT', transactionType: 'sell', enabled: false }));
    expect(listing.every((pair) => pair.baseCurrency === 'EUR')).toBe(true);
  });

  it('a disabled pair is not listed, not quoted and not estimated, from the next call on; enabled again, it is', async () => {
    const buyer = await verifiedBuyer(t, 'pairs-disable@example.com');
    expect((await getQuote(t, buyer.headers, { orderId: randomUUID() })).statusCode).toBe(200);
    expect(await listedCryptos('baseCurrency=EUR')).toContain('BTC');
    try {
      const change = await pairs().changePair(OPERATOR, { pairId: EUR_BTC, enabled: false });
      expect(change).toMatchObject({
        setting: `pairs.${EUR_BTC}`,
        actor: OPERATOR,
        before: { pairId: EUR_BTC, enabled: true, minAmount: '20', maxAmount: '20000' },
        after: { pairId: EUR_BTC, enabled: false, minAmount: '20', maxAmount: '20000' },
      });
      expect(await listedCryptos('baseCurrency=EUR')).not.toContain('BTC');
      expect((await getQuote(t, buyer.headers, { orderId: randomUUID() })).body.code).toBe(wireCodeOf('TradingPairUnsupported'));
      expect((await estimate()).code).toBe(wireCodeOf('TradingPairUnsupported'));
      // Another base's BTC is another pair: still offered.
      expect((await getQuote(t, buyer.headers, { orderId: randomUUID(), fiatCurrency: 'GBP' })).statusCode).toBe(200);
    } finally {
      await pairs().changePair(OPERATOR, { pairId: EUR_BTC, enabled: true });
    }
    expect((await getQuote(t, buyer.headers, { orderId: randomUUID() })).statusCode).toBe(200);
    expect((await estimate()).code).toBe('000000');
  });

  it('a new range is the next quote’s; one channel switched off refuses that channel only', async () => {
    const buyer = await verifiedBuyer(t, 'pairs-range@example.com');
    try {
      await pairs().changePair(OPERATOR, { pairId: EUR_BTC, minAmount: '150', maxAmount: '5000.50' });
      const refused = await getQuote(t, buyer.headers, { orderId: randomUUID(), fiatAmount: '100' });
      expect(refused.body).toMatchObject({
        code: wireCodeOf('TransactionLimitExceeded'),
        data: { minAmount: '150.00', maxAmount: '5000.50' },
      });
      expect((await getQuote(t, buyer.headers, { orderId: randomUUID(), fiatAmount: '200' })).body.data).toMatchObject({
        minAmount: '150.00',
        maxAmount: '5000.50',
      });

      const off = await pairs().changePairChannel(OPERATOR, {
        pairId: EUR_BTC,
        channelCode: 'CHECKOUT',
        transactionType: 'buy',
        enabled: false,
      });
      expect(off).toMatchObject({
        setting: `pairs.${EUR_BTC}.CHECKOUT.buy`,
        before: { enabled: true },
        after: { enabled: false },
      });
      expect((await getQuote(t, buyer.headers, { orderId: randomUUID(), fiatAmount: '200' })).body.code).toBe(
        wireCodeOf('TradingPairUnsupported'),
      );
      expect(await listedCryptos('baseCurrency=EUR&channelCode=CHECKOUT&transactionType=buy')).not.toContain('BTC');
      expect(await listedCryptos('baseCurrency=EUR&channelCode=CLEAR_JUNCTION&transactionType=buy')).toContain('BTC');
    } finally {
      await pairs().changePair(OPERATOR, { pairId: EUR_BTC, minAmount: '20', maxAmount: '20000' });
      await pairs().changePairChannel(OPERATOR, { pairId: EUR_BTC, channelCode: 'CHECKOUT', transactionType: 'buy', enabled: true });
    }
    expect((await getQuote(t, buyer.headers, { orderId: randomUUID(), fiatAmount: '100' })).body.data).toMatchObject({
      minAmount: '20.00',
    });
  });

  it('refuses bad input with a code naming the field, and changes nothing', async () => {
    const listed = await pairs().listPairs();
    const invalid = (field: string) => ({ errorName: 'SettingValueInvalid', httpStatus: 400, message: expect.stringContaining(field) });
    const notFound = { errorName: 'SettingNotFound', httpStatus: 404 };
    const change = (input: object) => () => pairs().changePair(OPERATOR, input as { pairId: string });
    const refusals: Array<[() => Promise<unknown>, object]> = [
      // The minimum above the maximum, given together or against the one that stands (20,000).
      [change({ pairId: EUR_BTC, minAmount: '500', maxAmount: '100' }), invalid('minAmount')],
      [change({ pairId: EUR_BTC, minAmount: '25000' }), invalid('minAmount')],
      [change({ pairId: EUR_BTC, minAmount: '0' }), invalid('minAmount')],
      // Money as a decimal string in the base currency's decimals (EUR: 2), never a number.
      [change({ pairId: EUR_BTC, maxAmount: 30000 }), invalid('maxAmount')],
      [change({ pairId: EUR_BTC, maxAmount: '30000.001' }), invalid('maxAmount')],
      [change({ pairId: EUR_BTC, maxAmount: '3e4' }), invalid('maxAmount')],
      [change({ pairId: EUR_BTC, enabled: 'false' }), invalid('enabled')],
      [change({ pairId: EUR_BTC }), invalid('input')],
      [() => pairs().changePair('', { pairId: EUR_BTC, enabled: false }), invalid('actor')],
      [change({ pairId: 'EUR-DOGE-DOGE', enabled: false }), notFound],
      [
        () => pairs().changePairChannel(OPERATOR, { pairId: EUR_BTC, channelCode: 'KLARNA', transactionType: 'sell', enabled: true }),
        notFound,
      ],
      [
        () => pairs().changePairChannel(OPERATOR, { pairId: EUR_BTC, channelCode: 'CHECKOUT', transactionType: 'buy' } as never),
        invalid('enabled'),
      ],
    ];
    for (const [attempt, refusal] of refusals) await expect(attempt()).rejects.toMatchObject(refusal);
    expect(await pairs().listPairs()).toEqual(listed);
  });
});
