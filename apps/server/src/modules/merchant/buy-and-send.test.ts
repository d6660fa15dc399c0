import { randomUUID } from 'node:crypto';
import { canonicalEntryQuery, PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryConfigs, orders } from '../../db/schema/index.ts';
import { hmacHex } from '../../platform/crypto.ts';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { addCard, BTC_ADDRESS, getQuote, settle, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';

/**
 * Buy-and-send (docs/rules/merchant-linking.md): a merchant's BUY_SEND transaction has the person buy
 * crypto that goes straight to the merchant's own wallet; the order settles like a buy and ends in
 * its own words, BuySendSuccess or BuySendFailed. Only an entry that offers it (enable-buy-send) may create one.
 */
const DEMO = { apiKey: 'pk_sandbox_demo', secret: 'sk_sandbox_demo' };
/** The merchant's own receiving address. */
const MERCHANT_WALLET = BTC_ADDRESS;

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

function signed(fields: Record<string, string>) {
  const params = { apiKey: DEMO.apiKey, timestamp: String(t.clock.now().getTime()), ...fields };
  return { ...params, signature: hmacHex(Buffer.from(DEMO.secret), canonicalEntryQuery(params)) };
}
const create = (body: object) => call(t.app, 'POST', PATHS.merchantTransactionCreate, { body });
const buySend = (tranId: string, extra: Record<string, string> = {}) => ({
  tranId,
  tranType: 'BUY_SEND',
  fiatCurrency: 'EUR',
  fiatAmount: '60',
  cryptoCurrency: 'BTC',
  network: 'BTC',
  walletAddress: MERCHANT_WALLET,
  ...extra,
});

describe('buy-and-send', () => {
  it('enable-buy-send says which entries offer it: the sandbox demo merchant does, the default entry and unknown codes do not', async () => {
    const offered = async (merchantCode?: string) =>
      (await call(t.app, 'GET', `${PATHS.enableBuySend}${merchantCode ? `?merchantCode=${merchantCode}` : ''}`)).body.data;
    expect(await offered('sandbox-demo')).toEqual({ enable: true, merchantName: 'Sandbox Demo Shop' });
    expect(await offered()).toMatchObject({ enable: false });
    expect(await offered('no-such-merchant')).toEqual({ enable: false, merchantName: '' });
  });

  it("a BUY_SEND transaction is bought by card and sent to the merchant's wallet: the order ends BuySendSuccess, the transaction Success", async () => {
    const created = await create(signed(buySend('send-1001')));
    expect(created.body.data).toMatchObject({ tranId: 'send-1001', tranType: 'BUY_SEND', walletFixed: true, amountFixed: true });
    const buyer = await verifiedBuyer(t, 'buy-send@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const orderId = randomUUID();
    const quote = await getQuote(t, buyer.headers, { orderId, tranId: 'send-1001', fiatAmount: '60', walletAddress: MERCHANT_WALLET });
    expect(quote.statusCode).toBe(200);
    const submit = await call(t.app, 'POST', PATHS.submitBuy, {
      headers: buyer.headers,
      body: { orderId, quoteId: quote.body.data.quoteId, cardId: card.cardId },
    });
    expect(submit.body.data.status).toBe('PROCESSING');
    await settle(t);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ transactionType: 'BUY_SEND', status: 'BuySendSuccess', walletAddress: MERCHANT_WALLET, step: 'DONE' });
    const info = await call(t.app, 'GET', `${PATHS.queryOrderByTranId}?tranId=send-1001`, { headers: buyer.headers });
    expect(info.body.data).toMatchObject({ status: 'Success', orderId, tranType: 'BUY_SEND' });
    const detail = await call(t.app, 'POST', PATHS.getOrderDetail, { headers: buyer.headers, body: { orderId } });
    expect(detail.body.data).toMatchObject({ status: 'BuySendSuccess', transactionType: 'BUY_SEND' });
  });

  it('a declined card ends a buy-and-send BuySendFailed, and the transaction may be tried again', async () => {
    await create(signed(buySend('send-2001')));
    const buyer = await verifiedBuyer(t, 'buy-send-declined@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.declined);
    const orderId = randomUUID();
    const quote = await getQuote(t, buyer.headers, { orderId, tranId: 'send-2001', fiatAmount: '60', walletAddress: MERCHANT_WALLET });
    await call(t.app, 'POST', PATHS.submitBuy, {
      headers: buyer.headers,
      body: { orderId, quoteId: quote.body.data.quoteId, cardId: card.cardId },
    });
    await settle(t, 2);
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({
      status: 'BuySendFailed',
      failReason: 'CARD_DECLINED',
    });
    expect((await call(t.app, 'GET', `${PATHS.getTransInfo}?tranId=send-2001`)).body.data).toMatchObject({ status: 'Failed' });
    // Nothing was spent: the declined buy-and-send leaves the person's limits as they were.
    const limits = (await call(t.app, 'GET', PATHS.kycLimits, { headers: buyer.headers })).body.data;
    const used = limits.userKycLimitVos
      .filter((limit: { current: boolean }) => limit.current)
      .map((limit: { usedAmount: string }) => limit.usedAmount);
    expect(used.length).toBeGreaterThan(0);
    expect(new Set(used)).toEqual(new Set(['0.00']));
  });

  it("refuses a BUY_SEND transaction without the merchant's wallet, with a prefill, or on an entry that does not offer it; nothing is stored", async () => {
    const { walletAddress: _omitted, ...noWallet } = buySend('send-3001');
    expect((await create(signed(noWallet))).statusCode).toBe(400);
    expect((await create(signed(buySend('send-3002', { prefill: 'amount' })))).statusCode).toBe(400);
    await t.db
      .update(entryConfigs)
      .set({ transactionTypes: ['buy'] })
      .where(eq(entryConfigs.merchantCode, 'sandbox-demo'));
    try {
      expect((await create(signed(buySend('send-3003')))).body.code).toBe('ODR00001027');
    } finally {
      await t.db
        .update(entryConfigs)
        .set({ transactionTypes: ['buy', 'BUY_SEND'] })
        .where(eq(entryConfigs.merchantCode, 'sandbox-demo'));
    }
    for (const tranId of ['send-3001', 'send-3002', 'send-3003'])
      expect((await call(t.app, 'GET', `${PATHS.getTransInfo}?tranId=${tranId}`)).body.code).toBe('ODR00001012');
  });
});
