import { randomUUID } from 'node:crypto';
import { canonicalEntryQuery, PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantApiKeys, merchantTransactions, orders, quotes } from '../../db/schema/index.ts';
import { hmacHex } from '../../platform/crypto.ts';
import { call, createIdentityTestApp, type IdentityTestApp, nextIp } from '../../../test/identity-helpers.ts';
import { MERCHANT_SIGNATURE_POLICY } from './merchant-entry.ts';
import { addCard, BTC_ADDRESS, getQuote, settle, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';

/** docs/sandbox.md's demo merchant. */
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
const tran = (tranId: string, extra: Record<string, string> = {}) => ({
  tranId,
  tranType: 'buy',
  fiatCurrency: 'EUR',
  fiatAmount: '80',
  cryptoCurrency: 'BTC',
  network: 'BTC',
  ...extra,
});

describe("merchants' transactions (tranId)", () => {
  it('a signed create is stored once: the same body answers it again, other details are refused, a bad signature is refused', async () => {
    const first = await create(signed(tran('shop-1001')));
    expect(first.body.data).toMatchObject({
      tranId: 'shop-1001',
      status: 'Initial',
      fiatAmt: '80.00',
      cryptoCurrency: 'BTC',
      merchantName: 'Sandbox Demo Shop',
      orderId: null,
      userId: null,
    });
    expect((await create(signed(tran('shop-1001')))).statusCode).toBe(200);
    expect((await create(signed(tran('shop-1001', { fiatAmount: '81' })))).body.code).toBe('IDM0000422');
    expect((await create(signed(tran('shop-1002'), 'sk_wrong'))).body.code).toBe('USE000001010');
    // docs/trust.md: a signature carries a timestamp checked against 300 s, so a captured body cannot be replayed later.
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
    expect(
      (
        await getQuote(t, buyer.headers, {
          orderId: randomUUID(),
          tranId: 'shop-2001',
          cryptoCurrency: 'ETH',
          network: 'ETH',
          walletAddress: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe',
        })
      ).body.code,
    ).toBe('ODR00001002');
    const orderId = randomUUID();
    const quote = await getQuote(t, buyer.headers, { orderId, tranId: 'shop-2001', fiatAmount: '90' });
    const submit = await call(t.app, 'POST', PATHS.submitBuy, {
      headers: buyer.headers,
      body: { orderId, quoteId: quote.body.data.quoteId, cardId: card.cardId },
    });
    expect(submit.body.data.status).toBe('PROCESSING');
    expect((await call(t.app, 'GET', `${PATHS.queryOrderByTranId}?tranId=shop-2001`, { headers: buyer.headers })).body.data).toMatchObject({
      status: 'Processing',
      orderId,
    });

    // A second order for the same transaction while the first runs is refused.
    const other = randomUUID();
    const again = await getQuote(t, buyer.headers, { orderId: other, tranId: 'shop-2001', fiatAmount: '90' });
    expect(again.body.code).toBe('ODR00001012');

    await settle(t);
    expect((await call(t.app, 'GET', `${PATHS.queryOrderByTranId}?tranId=shop-2001`, { headers: buyer.headers })).body.data).toMatchObject({
      status: 'Success',
      orderId,
    });
    expect((await call(t.app, 'GET', `${PATHS.getTransInfo}?tranId=shop-2001`)).body.data).toMatchObject({
      status: 'Success',
      orderId: null,
      userId: null,
    });
    const stranger = await verifiedBuyer(t, 'tran-stranger@example.com');
    expect((await call(t.app, 'GET', `${PATHS.queryOrderByTranId}?tranId=shop-2001`, { headers: stranger.headers })).body.code).toBe(
      'ODR00001012',
    );
  });

  it('two quotes for one transaction: the first submitted order takes it, the second is refused (ODR00001011) and charges nothing', async () => {
    await create(signed(tran('shop-4001', { fiatAmount: '60' })));
    const buyer = await verifiedBuyer(t, 'tran-twice@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const [first, second] = [randomUUID(), randomUUID()];
    const firstQuote = await getQuote(t, buyer.headers, { orderId: first, tranId: 'shop-4001', fiatAmount: '60' });
    const secondQuote = await getQuote(t, buyer.headers, { orderId: second, tranId: 'shop-4001', fiatAmount: '60' });
    const submit = (orderId: string, quoteId: string) =>
      call(t.app, 'POST', PATHS.submitBuy, { headers: buyer.headers, body: { orderId, quoteId, cardId: card.cardId } });
    expect((await submit(first, firstQuote.body.data.quoteId)).body.data.status).toBe('PROCESSING');
    expect((await submit(second, secondQuote.body.data.quoteId)).body.code).toBe('ODR00001011');
    expect((await call(t.app, 'POST', PATHS.getOrderDetail, { headers: buyer.headers, body: { orderId: second } })).body.code).toBe(
      'ODR00001007',
    );
    expect((await call(t.app, 'GET', `${PATHS.queryOrderByTranId}?tranId=shop-4001`, { headers: buyer.headers })).body.data).toMatchObject({
      status: 'Processing',
      orderId: first,
    });
  });

  it('a declined order frees the transaction for another try', async () => {
    await create(signed(tran('shop-3001', { fiatAmount: '70' })));
    const buyer = await verifiedBuyer(t, 'tran-declined@example.com');
    const declined = await addCard(t, buyer.headers, TEST_CARDS.declined);
    const orderId = randomUUID();
    const quote = await getQuote(t, buyer.headers, { orderId, tranId: 'shop-3001', fiatAmount: '70' });
    const submit = await call(t.app, 'POST', PATHS.submitBuy, {
      headers: buyer.headers,
      body: { orderId, quoteId: quote.body.data.quoteId, cardId: declined.cardId },
    });
    expect(submit.body.data.status).toBe('FAILED');
    expect((await call(t.app, 'GET', `${PATHS.getTransInfo}?tranId=shop-3001`)).body.data.status).toBe('Failed');
    expect((await getQuote(t, buyer.headers, { orderId: randomUUID(), tranId: 'shop-3001', fiatAmount: '70' })).statusCode).toBe(200);
  });
});

/** Another valid Bitcoin address than BTC_ADDRESS (BIP-173's P2WPKH example). */
const OTHER_BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRX_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe("a merchant's transaction is paid as the merchant fixed it (issue 13 F4)", () => {
  const info = async (tranId: string) => (await call(t.app, 'GET', `${PATHS.getTransInfo}?tranId=${tranId}`)).body.data;
  const quoteCount = async (tranId: string) => (await t.db.select().from(quotes).where(eq(quotes.tranId, tranId))).length;

  it('the F4 reproduction: 300 EUR to one address, quoted for 20 EUR or to another address, is refused with ODR00001015 and changes nothing', async () => {
    const created = await create(signed(tran('f4-300', { fiatAmount: '300', walletAddress: BTC_ADDRESS })));
    expect(created.body.data).toMatchObject({ fiatAmt: '300.00', amountFixed: true, walletFixed: true, walletAddress: null });
    const buyer = await verifiedBuyer(t, 'f4-buyer@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);

    const cheaper = await getQuote(t, buyer.headers, {
      orderId: randomUUID(),
      tranId: 'f4-300',
      fiatAmount: '20',
      walletAddress: BTC_ADDRESS,
    });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.body).toMatchObject({ code: 'ODR00001015', data: { field: 'amount' } });
    const elsewhere = await getQuote(t, buyer.headers, {
      orderId: randomUUID(),
      tranId: 'f4-300',
      fiatAmount: '300',
      walletAddress: OTHER_BTC_ADDRESS,
    });
    expect(elsewhere.body).toMatchObject({ code: 'ODR00001015', data: { field: 'walletAddress' } });
    // The merchant fixed the fiat side: the same value typed as crypto is not its amount.
    const inCrypto = await getQuote(t, buyer.headers, {
      orderId: randomUUID(),
      tranId: 'f4-300',
      fiatAmount: undefined,
      cryptoAmount: '0.001',
      walletAddress: BTC_ADDRESS,
    });
    expect(inCrypto.body).toMatchObject({ code: 'ODR00001015', data: { field: 'amount' } });
    expect(await quoteCount('f4-300')).toBe(0);

    // A fitting quote names no address: it takes the merchant's. The order may not send the crypto elsewhere either.
    const orderId = randomUUID();
    const quote = await getQuote(t, buyer.headers, { orderId, tranId: 'f4-300', fiatAmount: '300', walletAddress: undefined });
    expect(quote.statusCode).toBe(200);
    expect(quote.body.data.fiatAmount).toBe('300.00');
    const diverted = await call(t.app, 'POST', PATHS.submitBuy, {
      headers: buyer.headers,
      body: { orderId, quoteId: quote.body.data.quoteId, cardId: card.cardId, walletAddress: OTHER_BTC_ADDRESS },
    });
    expect(diverted.body).toMatchObject({ code: 'ODR00001015', data: { field: 'walletAddress' } });
    expect(await t.db.select().from(orders).where(eq(orders.id, orderId))).toHaveLength(0);
    expect(await info('f4-300')).toMatchObject({ status: 'Initial', fiatAmt: '300.00' });

    const paid = await call(t.app, 'POST', PATHS.submitBuy, {
      headers: buyer.headers,
      body: { orderId, quoteId: quote.body.data.quoteId, cardId: card.cardId },
    });
    expect(paid.body.data.status).toBe('PROCESSING');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect({ fiat: order!.fiatAmount, wallet: order!.walletAddress }).toEqual({
      fiat: expect.stringMatching(/^300\.0+$/),
      wallet: BTC_ADDRESS,
    });
    await settle(t);
    expect(await info('f4-300')).toMatchObject({ status: 'Success', fiatAmt: '300.00', cryptoAmt: quote.body.data.cryptoAmount });
  });

  it('a fixed network refuses another network (USDT on ETH quoted on TRX); a fixed crypto amount refuses a fiat-typed quote', async () => {
    await create(signed(tran('f4-net', { fiatAmount: '50', cryptoCurrency: 'USDT', network: 'ETH', walletAddress: ETH_ADDRESS })));
    const { fiatAmount: _fiat, ...cryptoOnly } = tran('f4-crypto', { cryptoAmount: '0.002' });
    await create(signed(cryptoOnly));
    const buyer = await verifiedBuyer(t, 'f4-network@example.com');
    const onTron = await getQuote(t, buyer.headers, {
      orderId: randomUUID(),
      tranId: 'f4-net',
      cryptoCurrency: 'USDT',
      network: 'TRX',
      fiatAmount: '50',
      walletAddress: TRX_ADDRESS,
    });
    expect(onTron.body).toMatchObject({ code: 'ODR00001015', data: { field: 'network' } });
    expect(
      (
        await getQuote(t, buyer.headers, {
          orderId: randomUUID(),
          tranId: 'f4-net',
          cryptoCurrency: 'USDT',
          network: 'ETH',
          fiatAmount: '50',
          walletAddress: ETH_ADDRESS.toLowerCase(),
        })
      ).statusCode,
    ).toBe(200);

    const fiatTyped = await getQuote(t, buyer.headers, { orderId: randomUUID(), tranId: 'f4-crypto', fiatAmount: '100' });
    expect(fiatTyped.body).toMatchObject({ code: 'ODR00001015', data: { field: 'amount' } });
    const exact = await getQuote(t, buyer.headers, {
      orderId: randomUUID(),
      tranId: 'f4-crypto',
      fiatAmount: undefined,
      cryptoAmount: '0.002',
    });
    expect(exact.statusCode).toBe(200);
    expect(exact.body.data.cryptoAmount).toBe('0.002');
  });

  it('amount and wallet marked as a prefill may be changed; get-trans-info then reports what the order paid', async () => {
    const created = await create(signed(tran('f4-prefill', { fiatAmount: '300', walletAddress: BTC_ADDRESS, prefill: 'amount,wallet' })));
    expect(created.body.data).toMatchObject({ amountFixed: false, walletFixed: false });
    const buyer = await verifiedBuyer(t, 'f4-prefill@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const orderId = randomUUID();
    const quote = await getQuote(t, buyer.headers, { orderId, tranId: 'f4-prefill', fiatAmount: '20', walletAddress: OTHER_BTC_ADDRESS });
    expect(quote.statusCode).toBe(200);
    const submit = await call(t.app, 'POST', PATHS.submitBuy, {
      headers: buyer.headers,
      body: { orderId, quoteId: quote.body.data.quoteId, cardId: card.cardId },
    });
    expect(submit.body.data.status).toBe('PROCESSING');
    expect(await info('f4-prefill')).toMatchObject({
      status: 'Processing',
      fiatAmt: '20.00',
      cryptoAmt: quote.body.data.cryptoAmount,
      walletAddress: null,
    });
    const mine = (await call(t.app, 'GET', `${PATHS.queryOrderByTranId}?tranId=f4-prefill`, { headers: buyer.headers })).body.data;
    expect(mine).toMatchObject({ orderId, fiatAmt: '20.00', walletAddress: OTHER_BTC_ADDRESS });
    await settle(t);
    expect(await info('f4-prefill')).toMatchObject({ status: 'Success', fiatAmt: '20.00' });
    // The prefill flag is signed and stored: the same tranId without it is another transaction.
    expect((await create(signed(tran('f4-prefill', { fiatAmount: '300', walletAddress: BTC_ADDRESS })))).body.code).toBe('IDM0000422');
  });

  it("the order's merchantId is its transaction's, never the body's; an order without a transaction has none", async () => {
    await create(signed(tran('f4-merchant', { fiatAmount: '40' })));
    const [demo] = await t.db
      .select({ id: merchantApiKeys.merchantId })
      .from(merchantApiKeys)
      .where(eq(merchantApiKeys.apiKey, DEMO.apiKey));
    const buyer = await verifiedBuyer(t, 'f4-merchant@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const submitWith = async (quoteBody: Record<string, unknown>) => {
      const orderId = randomUUID();
      const quote = await getQuote(t, buyer.headers, { orderId, ...quoteBody });
      await call(t.app, 'POST', PATHS.submitBuy, {
        headers: buyer.headers,
        body: { orderId, quoteId: quote.body.data.quoteId, cardId: card.cardId, merchantId: 'mer_someone_else' },
      });
      return (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
    };
    expect((await submitWith({ tranId: 'f4-merchant', fiatAmount: '40' })).merchantId).toBe(demo!.id);
    expect((await submitWith({ fiatAmount: '40' })).merchantId).toBeNull();
    expect((await t.db.select().from(merchantTransactions).where(eq(merchantTransactions.tranId, 'f4-merchant')))[0]!.merchantId).toBe(
      demo!.id,
    );
  });

  it('create refuses what could not be held: two fixed amounts, a wallet without its network, an invalid address; the address is stored normalised', async () => {
    expect((await create(signed(tran('f4-both', { cryptoAmount: '0.001' })))).body.code).toBe('REQ0000400');
    expect((await create(signed(tran('f4-both', { cryptoAmount: '0.001', prefill: 'amount' })))).statusCode).toBe(200);
    const { network: _network, ...noNetwork } = tran('f4-nonet', { walletAddress: BTC_ADDRESS });
    expect((await create(signed(noNetwork))).body.code).toBe('REQ0000400');
    expect((await create(signed(tran('f4-bad', { walletAddress: 'bc1qnotanaddress' })))).body.code).toBe('ODR00001005');
    expect((await create(signed(tran('f4-prefill-bad', { prefill: 'price' })))).body.code).toBe('REQ0000400');
    await create(signed(tran('f4-case', { walletAddress: OTHER_BTC_ADDRESS.toUpperCase() })));
    expect((await t.db.select().from(merchantTransactions).where(eq(merchantTransactions.tranId, 'f4-case')))[0]!.walletAddress).toBe(
      OTHER_BTC_ADDRESS,
    );
    // The same body again (the same address as sent) is the same transaction.
    expect((await create(signed(tran('f4-case', { walletAddress: OTHER_BTC_ADDRESS.toUpperCase() })))).statusCode).toBe(200);
  });
});

describe('signature checks are counted per address (issue 13: every check of a secret is limited)', () => {
  it(`refuses an address unchecked after ${MERCHANT_SIGNATURE_POLICY.failuresPerAddressPerHour} refused signatures in an hour, counted atomically; right signatures never add up, and other addresses go on`, async () => {
    const limit = MERCHANT_SIGNATURE_POLICY.failuresPerAddressPerHour;
    const ip = nextIp();
    const createFrom = (body: object, from: string) => call(t.app, 'POST', PATHS.merchantTransactionCreate, { body, ip: from });
    // Right signatures from the address give their count back: more of them than the limit all pass.
    for (let i = 0; i < limit + 5; i += 1) expect((await createFrom(signed(tran(`sig-ok-${i}`)), ip)).statusCode).toBe(200);
    const wrong = await Promise.all(Array.from({ length: limit + 20 }, (_, i) => createFrom(signed(tran(`sig-bad-${i}`), 'sk_wrong'), ip)));
    expect(wrong.filter((answer) => answer.body.code === 'USE000001010')).toHaveLength(limit);
    expect(wrong.filter((answer) => answer.body.code === 'REQ0000429')).toHaveLength(20);
    const refused = await createFrom(signed(tran('sig-right-but-late')), ip);
    expect(refused).toMatchObject({ statusCode: 429, body: { code: 'REQ0000429' } });
    expect((await createFrom(signed(tran('sig-elsewhere')), nextIp())).statusCode).toBe(200);
    t.clock.advance(60 * 60_000);
    expect((await createFrom(signed(tran('sig-next-hour')), ip)).statusCode).toBe(200);
  });
});
