import { randomUUID } from 'node:crypto';
import { listOrderResultSchema, PATHS } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { addCard, buy, getQuote, orderDetail, settle, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

type Headers = Record<string, string>;
const iso = (ms: number) => new Date(ms).toISOString();
/** A range around now: `before` days back to `after` days ahead. */
const around = (before = 1, after = 1) => ({
  startTime: iso(t.clock.now().getTime() - before * DAY_MS),
  endTime: iso(t.clock.now().getTime() + after * DAY_MS),
});
const listOrders = (headers: Headers, body: Record<string, unknown>) => call(t.app, 'POST', PATHS.listOrder, { headers, body });

/**
 * A buyer with three orders a minute apart: a BTC buy that succeeded, an ETH buy that succeeded,
 * and a BTC buy whose card was declined (oldest first).
 */
let history: { headers: Headers; userId: string; btc: string; eth: string; declined: string };
beforeAll(async () => {
  const buyer = await verifiedBuyer(t, 'history-buyer@example.com');
  const visa = await addCard(t, buyer.headers, TEST_CARDS.visa);
  const declinedCard = await addCard(t, buyer.headers, TEST_CARDS.declined);
  const btc = await buy(t, buyer.headers, visa.cardId, { fiatAmount: '100' });
  await settle(t);
  t.clock.advance(60_000);
  const eth = await buy(t, buyer.headers, visa.cardId, {
    fiatAmount: '200',
    cryptoCurrency: 'ETH',
    network: 'ETH',
    walletAddress: ETH_ADDRESS,
  });
  await settle(t);
  t.clock.advance(60_000);
  const declined = await buy(t, buyer.headers, declinedCard.cardId, { fiatAmount: '300' });
  history = { headers: buyer.headers, userId: buyer.userId, btc: btc.orderId, eth: eth.orderId, declined: declined.orderId };
});

describe('order/list-order', () => {
  it('lists the orders newest first, with their summaries', async () => {
    const response = await listOrders(history.headers, around());
    expect(response.statusCode).toBe(200);
    const result = listOrderResultSchema.parse(response.body.data);
    expect(result).toMatchObject({ total: 3, pageNum: 1, pageSize: 20 });
    expect(result.list.map((order) => order.orderId)).toEqual([history.declined, history.eth, history.btc]);
    expect(result.list.map((order) => order.status)).toEqual(['FAILED', 'SUCCESS', 'SUCCESS']);
    const times = result.list.map((order) => new Date(order.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(result.list[0]).toMatchObject({
      fiatCurrency: 'EUR',
      fiatAmount: '300.00',
      cryptoCurrency: 'BTC',
      network: 'BTC',
      failReason: 'CARD_DECLINED',
      completedAt: expect.any(String),
    });
    expect(result.list[1]).toMatchObject({
      fiatAmount: '200.00',
      cryptoCurrency: 'ETH',
      network: 'ETH',
      transactionType: 'buy',
      failReason: null,
    });
  });

  it('pages through the list', async () => {
    const first = (await listOrders(history.headers, { ...around(), pageNum: 1, pageSize: 2 })).body.data;
    const second = (await listOrders(history.headers, { ...around(), pageNum: 2, pageSize: 2 })).body.data;
    const third = (await listOrders(history.headers, { ...around(), pageNum: 3, pageSize: 2 })).body.data;
    expect(first).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
    expect(first.list.map((order: { orderId: string }) => order.orderId)).toEqual([history.declined, history.eth]);
    expect(second).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(second.list.map((order: { orderId: string }) => order.orderId)).toEqual([history.btc]);
    expect(third).toMatchObject({ total: 3, list: [] });
    const tooBig = await listOrders(history.headers, { ...around(), pageSize: 101 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.body.code).toBe('REQ0000400');
  });

  it('filters by status and by coin', async () => {
    const ids = async (body: Record<string, unknown>) => {
      const response = await listOrders(history.headers, { ...around(), ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(200);
      expect(response.body.data.total).toBe(response.body.data.list.length);
      return response.body.data.list.map((order: { orderId: string }) => order.orderId);
    };
    expect(await ids({ statuses: ['FAILED'] })).toEqual([history.declined]);
    expect(await ids({ statuses: ['SUCCESS'] })).toEqual([history.eth, history.btc]);
    expect(await ids({ statuses: ['SUCCESS', 'FAILED'] })).toEqual([history.declined, history.eth, history.btc]);
    expect(await ids({ statuses: ['PROCESSING'] })).toEqual([]);
    expect(await ids({ cryptoCurrency: 'ETH' })).toEqual([history.eth]);
    expect(await ids({ cryptoCurrency: 'BTC' })).toEqual([history.declined, history.btc]);
    expect(await ids({ cryptoCurrency: 'BTC', statuses: ['SUCCESS'] })).toEqual([history.btc]);
    expect(await ids({ transactionType: 'sell' })).toEqual([]);
  });

  it('keeps to the range: an order outside it is not listed', async () => {
    const now = t.clock.now().getTime();
    const response = await listOrders(history.headers, { startTime: iso(now - 365 * DAY_MS), endTime: iso(now - DAY_MS) });
    expect(response.statusCode).toBe(200);
    expect(response.body.data).toMatchObject({ total: 0, list: [] });
  });

  it('refuses a range over 365 days, or one that ends before it starts, with ODR00001010', async () => {
    const now = t.clock.now().getTime();
    const exactlyAYear = await listOrders(history.headers, { startTime: iso(now - 365 * DAY_MS), endTime: iso(now) });
    expect(exactlyAYear.statusCode).toBe(200);
    for (const body of [
      { startTime: iso(now - 365 * DAY_MS - 1000), endTime: iso(now) },
      { startTime: iso(now - 366 * DAY_MS), endTime: iso(now) },
      { startTime: iso(now), endTime: iso(now - 1000) },
    ]) {
      const response = await listOrders(history.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ code: 'ODR00001010', data: null });
    }
  });

  it("never lists another person's orders", async () => {
    const other = await verifiedBuyer(t, 'history-other@example.com');
    const response = await listOrders(other.headers, around());
    expect(response.statusCode).toBe(200);
    expect(response.body.data).toMatchObject({ total: 0, list: [] });
  });
});

describe('order/get-detail', () => {
  it('answers the owner with the full order', async () => {
    const detail = await orderDetail(t, history.headers, history.btc);
    expect(detail).toMatchObject({
      orderId: history.btc,
      status: 'SUCCESS',
      fiatAmount: '100.00',
      card: { maskedNumber: '4242 **** **** 4242', cardProcessor: 'VISA' },
      refunded: false,
    });
  });

  it('a declined order says no refund was made: its card was never charged', async () => {
    expect(await orderDetail(t, history.headers, history.declined)).toMatchObject({
      status: 'FAILED',
      failReason: 'CARD_DECLINED',
      refunded: false,
    });
  });

  it("refuses another person's order with ODR00001007 and shows nothing of it", async () => {
    const other = await verifiedBuyer(t, 'history-snoop@example.com');
    for (const orderId of [history.btc, history.declined]) {
      const response = await call(t.app, 'POST', PATHS.getOrderDetail, { headers: other.headers, body: { orderId } });
      expect(response.statusCode).toBe(404);
      expect(response.body).toMatchObject({ code: 'ODR00001007', data: null });
    }
    const threeDs = await call(t.app, 'POST', PATHS.get3dsStatus, { headers: other.headers, body: { orderId: history.btc } });
    expect(threeDs.body).toMatchObject({ code: 'ODR00001007', data: null });
  });
});

describe('KYC limits (user/kyc/limit/query)', () => {
  it('counts a successful order in usedAmount (EUR, equal to its fiatAmount), never a declined one', async () => {
    const buyer = await verifiedBuyer(t, 'history-limits@example.com');
    const visa = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const declinedCard = await addCard(t, buyer.headers, TEST_CARDS.declined);
    const success = await buy(t, buyer.headers, visa.cardId, { fiatAmount: '123.45' });
    await settle(t);
    expect((await orderDetail(t, buyer.headers, success.orderId)).status).toBe('SUCCESS');
    const declined = await buy(t, buyer.headers, declinedCard.cardId, { fiatAmount: '500' });
    expect(declined.submit.body.data.status).toBe('FAILED');

    const response = await call(t.app, 'GET', PATHS.kycLimits, { headers: buyer.headers });
    expect(response.statusCode).toBe(200);
    expect(response.body.data.kycLevel).toBe(1);
    const own = response.body.data.userKycLimitVos.filter((row: { current: boolean }) => row.current);
    expect(own.map((row: { period: string }) => row.period).sort()).toEqual(['DAILY', 'MONTHLY', 'YEARLY']);
    for (const row of own) {
      expect(row, row.period).toMatchObject({ kycLevel: 1, currency: 'EUR', usedAmount: success.quote.fiatAmount });
    }
    expect(success.quote.fiatAmount).toBe('123.45');
    expect(own.find((row: { period: string }) => row.period === 'DAILY')).toMatchObject({
      limitAmount: '10000.00',
      availableAmount: '9876.55',
    });
  });

  it("with a pair, answers the person's own room before any quote: the pair's range cut to what their limits leave, as the quote says it", async () => {
    const buyer = await verifiedBuyer(t, 'history-room@example.com');
    const limitsFor = (query: string) => call(t.app, 'GET', `${PATHS.kycLimits}${query}`, { headers: buyer.headers });
    const eurBtc = '?fiatCurrency=EUR&cryptoCurrency=BTC&network=BTC';
    // The pair allows 20 to 20,000 EUR; the tier's day allows 10,000.
    const fresh = await limitsFor(eurBtc);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body.data.amountRange).toEqual({ currency: 'EUR', minAmount: '20.00', maxAmount: '10000.00' });
    expect(fresh.body.data.userKycLimitVos.length).toBeGreaterThan(0);

    const visa = await addCard(t, buyer.headers, TEST_CARDS.visa);
    await buy(t, buyer.headers, visa.cardId, { fiatAmount: '2500' });
    await settle(t);
    expect((await limitsFor(eurBtc)).body.data.amountRange).toEqual({ currency: 'EUR', minAmount: '20.00', maxAmount: '7500.00' });

    // Another fiat: the room in EUR converted as the quote converts it.
    const gbp = (await limitsFor('?fiatCurrency=GBP&cryptoCurrency=BTC&network=BTC')).body.data.amountRange;
    const quote = (await getQuote(t, buyer.headers, { orderId: randomUUID(), fiatCurrency: 'GBP', fiatAmount: '100' })).body.data;
    expect(gbp).toEqual({ currency: 'GBP', minAmount: quote.minAmount, maxAmount: quote.maxAmount });

    // Without a pair the answer is as before; half a pair, or a pair not offered, is refused.
    expect((await limitsFor('')).body.data).not.toHaveProperty('amountRange');
    expect((await limitsFor('?fiatCurrency=EUR')).statusCode).toBe(400);
    expect((await limitsFor('?fiatCurrency=EUR&cryptoCurrency=BTC&network=ETH')).body.code).toBe('ODR00001002');
  });
});
