import { randomUUID } from 'node:crypto';
import { canonicalEntryQuery, PATHS } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacHex } from '../../platform/crypto.ts';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { addCard, getQuote, settle, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';

/** sandbox.md's demo merchant. */
const DEMO = { apiKey: 'pk_sandbox_demo', secret: 'sk_sandbox_demo' };

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

/** A transaction body signed by the demo merchant like an entry link. */
function signed(fields: Record<string, string>, secret = DEMO.secret) {
  const params = { apiKey: DEMO.apiKey, timestamp: String(t.clock.now().getTime()), ...fields };
  return { ...params, signature: hmacHex(Buffer.from(secret), canonicalEntryQuery(params)) };
}
const create = (body: object) => call(t.app, 'POST', PATHS.merchantTransactionCreate, { body });
const tran = (tranId: string, extra: Record<string, string> = {}) => ({ tranId, tranType: 'buy', fiatCurrency: 'EUR', fiatAmount: '80', cryptoCurrency: 'BTC', network: 'BTC', ...extra });

describe("merchants' transactions (tranId)", () => {
  it('a signed create is stored once: the same body answers it again, other details are refused, a bad signature is refused', async () => {
    const first = await create(signed(tran('shop-1001')));
    expect(first.body.data).toMatchObject({ tranId: 'shop-1001', status: 'Initial', fiatAmt: '80.00', cryptoCurrency: 'BTC', merchantName: 'Sandbox Demo Shop', orderId: null, userId: null });
    expect((await create(signed(tran('shop-1001')))).statusCode).toBe(200);
    expect((await create(signed(tran('shop-1001', { fiatAmount: '81' })))).body.code).toBe('IDM0000422');
    expect((await create(signed(tran('shop-1002'), 'sk_wrong'))).body.code).toBe('USE000001010');
    // trust.md: a signature carries a timestamp checked against 300 s, so a captured body cannot be replayed later.
    const captured = signed(tran('shop-1003'));
    t.clock.advance(301_000);
    expect((await create(captured)).body.code).toBe('USE000001010');
    expect((await call(t.app, 'GET', `${PATHS.getTransInfo}?tranId=shop-1002`)).body.code).toBe('ODR00001012');
  });

  it('get-trans-info tells what is bought before sign-in; an order fills it; query-order/tranid shows the order to its buyer only', async () => {
    await create(signed(tran('shop-2001', { fiatAmount: '90' })));
    const before = await call(t.app, 'GET', `${PATHS.getTransInfo}?tranId=shop-2001`);
    expect(before.body.data).toMatchObject({ tranId: 'shop-2001', fiatCurrency: 'EUR', fiatAmt: '90.00', status: 'Initial', userId: null });

    const buyer = await verifiedBuyer(t, 'tran-buyer@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    expect((await getQuote(t, buyer.headers, { orderId: randomUUID(), tranId: 'shop-2001', cryptoCurrency: 'ETH', network: 'ETH', walletAddress: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe' })).body.code).toBe('ODR00001002');
    const orderId = randomUUID();
    const quote = await getQuote(t, buyer.headers, { orderId, tranId: 'shop-2001', fiatAmount: '90' });
    const submit = await call(t.app, 'POST', PATHS.submitBuy, { headers: buyer.headers, body: { orderId, quoteId: quote.body.data.quoteId, cardId: card.cardId } });
    expect(submit.body.data.status).toBe('PROCESSING');
    expect((await call(t.app, 'GET', `${PATHS.queryOrderByTranId}?tranId=shop-2001`, { headers: buyer.headers })).body.data).toMatchObject({ status: 'Processing', orderId });

    // A second order for the same transaction while the first runs is refused.
    const other = randomUUID();
    const again = await getQuote(t, buyer.headers, { orderId: other, tranId: 'shop-2001', fiatAmount: '90' });
    expect(again.body.code).toBe('ODR00001012');

    await settle(t);
    expect((await call(t.app, 'GET', `${PATHS.queryOrderByTranId}?tranId=shop-2001`, { headers: buyer.headers })).body.data).toMatchObject({ status: 'Success', orderId });
    expect((await call(t.app, 'GET', `${PATHS.getTransInfo}?tranId=shop-2001`)).body.data).toMatchObject({ status: 'Success', orderId: null, userId: null });
    const stranger = await verifiedBuyer(t, 'tran-stranger@example.com');
    expect((await call(t.app, 'GET', `${PATHS.queryOrderByTranId}?tranId=shop-2001`, { headers: stranger.headers })).body.code).toBe('ODR00001012');
  });

  it('two quotes for one transaction: the first submitted order takes it, the second is refused (ODR00001011) and charges nothing', async () => {
    await create(signed(tran('shop-4001', { fiatAmount: '60' })));
    const buyer = await verifiedBuyer(t, 'tran-twice@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const [first, second] = [randomUUID(), randomUUID()];
    const firstQuote = await getQuote(t, buyer.headers, { orderId: first, tranId: 'shop-4001', fiatAmount: '60' });
    const secondQuote = await getQuote(t, buyer.headers, { orderId: second, tranId: 'shop-4001', fiatAmount: '60' });
    const submit = (orderId: string, quoteId: string) => call(t.app, 'POST', PATHS.submitBuy, { headers: buyer.headers, body: { orderId, quoteId, cardId: card.cardId } });
    expect((await submit(first, firstQuote.body.data.quoteId)).body.data.status).toBe('PROCESSING');
    expect((await submit(second, secondQuote.body.data.quoteId)).body.code).toBe('ODR00001011');
    expect((await call(t.app, 'POST', PATHS.getOrderDetail, { headers: buyer.headers, body: { orderId: second } })).body.code).toBe('ODR00001007');
    expect((await call(t.app, 'GET', `${PATHS.queryOrderByTranId}?tranId=shop-4001`, { headers: buyer.headers })).body.data).toMatchObject({ status: 'Processing', orderId: first });
  });

  it('a declined order frees the transaction for another try', async () => {
    await create(signed(tran('shop-3001', { fiatAmount: '70' })));
    const buyer = await verifiedBuyer(t, 'tran-declined@example.com');
    const declined = await addCard(t, buyer.headers, TEST_CARDS.declined);
    const orderId = randomUUID();
    const quote = await getQuote(t, buyer.headers, { orderId, tranId: 'shop-3001', fiatAmount: '70' });
    const submit = await call(t.app, 'POST', PATHS.submitBuy, { headers: buyer.headers, body: { orderId, quoteId: quote.body.data.quoteId, cardId: declined.cardId } });
    expect(submit.body.data.status).toBe('FAILED');
    expect((await call(t.app, 'GET', `${PATHS.getTransInfo}?tranId=shop-3001`)).body.data.status).toBe('Failed');
    expect((await getQuote(t, buyer.headers, { orderId: randomUUID(), tranId: 'shop-3001', fiatAmount: '70' })).statusCode).toBe(200);
  });
});
