import { randomUUID } from 'node:crypto';
import { buyEstimateSchema, PATHS } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { getQuote, verifiedBuyer } from '../../../test/order-helpers.ts';
import { PriceUnavailableError } from '../../providers/prices/index.ts';
import type { Catalogue } from '../reference/index.ts';
import {
  CHANNEL_FEE_SEEDS,
  DEFAULT_SPREAD_RATE_SEED,
  NETWORK_FEE_SEEDS,
  PROMOTION_SEED,
  SPREAD_RATE_SEEDS,
} from '../../db/seed/pricing.ts';
import { ESTIMATE_LIMITS } from './estimate.routes.ts';
import { feeScheduleOf } from './fee-schedule.ts';
import { createQuoteEstimator } from './quote-estimate.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

/** Every test its own address: the per-address limit counts each apart. */
let nextHost = 1;
const freshIp = () => `198.18.0.${nextHost++}`;

const estimate = (query: Record<string, string>, options: { ip?: string; headers?: Record<string, string> } = {}) =>
  call(t.app, 'GET', `${PATHS.estimateBuy}?${new URLSearchParams(query)}`, { ip: options.ip ?? freshIp(), ...options });

const BTC_EUR = { fiatCurrency: 'EUR', cryptoCurrency: 'BTC', network: 'BTC' };

const rowsIn = async (table: string) =>
  ((await t.db.execute(sql.raw(`select count(*)::int as n from "${table}"`))) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;

describe('GET order/estimate-buy', () => {
  it("answers a card buy's figures for an amount in fiat, itemised and adding up, marked indicative, without a session", async () => {
    const response = await estimate({ ...BTC_EUR, fiatAmount: '100' });
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    const answer = buyEstimateSchema.strict().parse(response.body.data);
    expect(answer).toMatchObject({
      indicative: true,
      transactionType: 'buy',
      channelCode: 'CHECKOUT',
      ...BTC_EUR,
      fiatAmount: '100.00',
      minAmount: '20.00',
      maxAmount: '20000.00',
    });
    // No promotion for an unknown person: our fee is the card channel's whole 2.5%.
    expect(answer.fees.ourFeeRate).toBe('0.025');
    expect(answer.fees.ourFee).toBe('2.50');
    expect(new Decimal(answer.fees.ourFee).plus(answer.fees.networkFee).toFixed(2)).toBe(answer.fees.total);
    // What is left after the fees buys the crypto at the price, rounded down to the satoshi.
    const net = new Decimal('100').minus(answer.fees.total);
    expect(answer.cryptoAmount).toBe(net.dividedBy(answer.price).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed());
    expect(new Decimal(answer.price).gt(answer.referencePrice)).toBe(true);
    expect(Number.isNaN(Date.parse(answer.pricedAt))).toBe(false);
  });

  it('answers the fiat a crypto amount would cost', async () => {
    const response = await estimate({ fiatCurrency: 'USD', cryptoCurrency: 'USDT', network: 'TRX', cryptoAmount: '150' });
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    const answer = response.body.data;
    expect(answer.cryptoAmount).toBe('150');
    const cost = new Decimal('150').times(answer.price).toDecimalPlaces(2, Decimal.ROUND_UP);
    expect(cost.plus(answer.fees.networkFee).plus(answer.fees.ourFee).toFixed(2)).toBe(answer.fiatAmount);
  });

  it("prices as a firm quote does at the same moment, but for the promotion, which it never promises (a signed-in person's too)", async () => {
    const buyer = await verifiedBuyer(t, 'estimate-vs-quote@example.com');
    const quote = (await getQuote(t, buyer.headers, { orderId: randomUUID(), ...BTC_EUR, fiatAmount: '250' })).body.data;
    expect(quote.promotionApplied).toBe(true);
    const answer = (await estimate({ ...BTC_EUR, fiatAmount: '250' }, { headers: buyer.headers })).body.data;
    expect(answer.price).toBe(quote.price);
    expect(answer.referencePrice).toBe(quote.referencePrice);
    expect(answer.fees.networkFee).toBe(quote.fees.networkFee);
    expect(answer.fees.ourFee).toBe(quote.fees.ourFeeBeforeDiscount);
    expect(new Decimal(answer.cryptoAmount).lt(quote.cryptoAmount)).toBe(true);
  });

  it('stores nothing: no quote, no order', async () => {
    const before = { quotes: await rowsIn('quotes'), orders: await rowsIn('orders') };
    for (const fiatAmount of ['20', '99.99', '20000']) expect((await estimate({ ...BTC_EUR, fiatAmount })).statusCode).toBe(200);
    expect({ quotes: await rowsIn('quotes'), orders: await rowsIn('orders') }).toEqual(before);
  });

  it("refuses an amount outside the pair's range as a quote does, with the range", async () => {
    for (const query of [
      { ...BTC_EUR, fiatAmount: '19.99' },
      { ...BTC_EUR, fiatAmount: '20000.01' },
      { ...BTC_EUR, cryptoAmount: '100' },
      // Nothing left once the fees are paid.
      { ...BTC_EUR, fiatAmount: '0.01' },
    ]) {
      const response = await estimate(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.body).toMatchObject({ code: 'ODR00001001', data: { minAmount: '20.00', maxAmount: '20000.00', currency: 'EUR' } });
    }
  });

  it('refuses a pair the card channel does not offer', async () => {
    for (const query of [
      { fiatCurrency: 'AED', cryptoCurrency: 'BTC', network: 'BTC', fiatAmount: '100' },
      { fiatCurrency: 'EUR', cryptoCurrency: 'BTC', network: 'ETH', fiatAmount: '100' },
      { fiatCurrency: 'EUR', cryptoCurrency: 'DOGE', network: 'DOGE', fiatAmount: '100' },
    ]) {
      const response = await estimate(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.body.code).toBe('ODR00001002');
    }
  });

  it('checks every input before anything is read: codes, one amount, its size and decimals', async () => {
    const malformed: Array<Record<string, string>> = [
      { ...BTC_EUR },
      { ...BTC_EUR, fiatAmount: '100', cryptoAmount: '0.001' },
      { ...BTC_EUR, fiatAmount: '1000000000000' },
      { ...BTC_EUR, fiatAmount: '100.12345' },
      { ...BTC_EUR, fiatAmount: '-5' },
      { ...BTC_EUR, fiatAmount: '1e3' },
      { ...BTC_EUR, fiatAmount: '0' },
      { ...BTC_EUR, cryptoAmount: '0.0000000000000000001' },
      { ...BTC_EUR, fiatCurrency: 'eur', fiatAmount: '100' },
      { ...BTC_EUR, network: 'X'.repeat(17), fiatAmount: '100' },
      { ...BTC_EUR, cryptoCurrency: 'B T C', fiatAmount: '100' },
      { fiatCurrency: 'EUR', cryptoCurrency: 'BTC', fiatAmount: '100' },
      // Within the schema, beyond the currency: EUR has 2 decimals, BTC is quoted to 8.
      { ...BTC_EUR, fiatAmount: '100.123' },
      { ...BTC_EUR, cryptoAmount: '0.123456789' },
    ];
    for (const query of malformed) {
      const response = await estimate(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.body.code, JSON.stringify(query)).toBe('REQ0000400');
    }
  });

  it(`answers at most ${ESTIMATE_LIMITS.perIpPerMinute} a minute per address, then 429 with Retry-After; other addresses go on`, async () => {
    const ip = freshIp();
    for (let i = 0; i < ESTIMATE_LIMITS.perIpPerMinute; i += 1) {
      const response = await estimate({ ...BTC_EUR, fiatAmount: String(20 + i) }, { ip });
      expect(response.statusCode).toBe(200);
    }
    const refused = await t.app.inject({
      method: 'GET',
      url: `/prod-api${PATHS.estimateBuy}?${new URLSearchParams({ ...BTC_EUR, fiatAmount: '100' })}`,
      remoteAddress: ip,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('REQ0000429');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Malformed asks count too (the limit runs before the query is read).
    expect((await estimate({ junk: 'x' }, { ip })).statusCode).toBe(429);
    expect((await estimate({ ...BTC_EUR, fiatAmount: '100' })).statusCode).toBe(200);
    // A minute later the address may ask again.
    t.clock.advance(60_000);
    expect((await estimate({ ...BTC_EUR, fiatAmount: '100' }, { ip })).statusCode).toBe(200);
  });
});

describe('the estimator', () => {
  const catalogue: Catalogue = {
    listPairOffers: async () => [
      {
        pairId: 'p1',
        baseCurrency: 'EUR',
        cryptoCurrency: 'BTC',
        network: 'BTC',
        minAmount: '20',
        maxAmount: '20000',
        channelCode: 'CHECKOUT',
        transactionType: 'buy',
        sort: 1,
      },
    ],
    listEnabledCurrencies: async () => [{ code: 'EUR', decimals: 2 }],
    listEnabledNetworks: async () => [{ currencyCode: 'BTC', network: 'BTC', decimals: 8 }],
  };

  it('refuses with PricesUnavailable (503) when the feed has no price', async () => {
    const schedule = feeScheduleOf({
      channels: CHANNEL_FEE_SEEDS,
      defaultSpreadRate: DEFAULT_SPREAD_RATE_SEED,
      spreads: SPREAD_RATE_SEEDS,
      networks: NETWORK_FEE_SEEDS,
      promotion: PROMOTION_SEED,
    });
    const estimator = createQuoteEstimator({
      catalogue,
      fees: { current: async () => schedule },
      prices: {
        kind: 'sandbox',
        supports: () => true,
        referencePrice: async (pair) => {
          throw new PriceUnavailableError('feed-unavailable', pair, 'down');
        },
        referencePrices: async () => [],
      },
    });
    await expect(estimator.estimate({ ...BTC_EUR, fiatAmount: '100' })).rejects.toMatchObject({
      errorName: 'PricesUnavailable',
      httpStatus: 503,
    });
  });
});
