import { randomUUID } from 'node:crypto';
import { PATHS, PROMOTION_FIRST_TRANSACTIONS, quoteSchema } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticatorOf, call, createIdentityTestApp, type IdentityTestApp, totpAt } from '../../../test/identity-helpers.ts';
import { newIndividual } from '../../../test/kyc-helpers.ts';
import { addCard, BTC_ADDRESS, buy, getQuote, orderDetail, settle, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';
import { kycProfiles, orders } from '../../db/schema/index.ts';
import { ARRIVAL_BY_NETWORK } from './fee-schedule.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const XRP_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

type Headers = Record<string, string>;
const submitBuy = (headers: Headers, body: Record<string, unknown>) => call(t.app, 'POST', PATHS.submitBuy, { headers, body });
const updateQuote = (headers: Headers, orderId: string, quoteId: string) =>
  call(t.app, 'POST', PATHS.updateQuote, { headers, body: { orderId, quoteId } });
const promotion = async (headers: Headers) => (await call(t.app, 'POST', PATHS.getPromotion, { headers })).body.data;
const ordersWithId = (orderId: string) => t.db.select().from(orders).where(eq(orders.id, orderId));

/** A verified buyer with a saved VISA 4242. */
async function buyerWithCard(email: string) {
  const buyer = await verifiedBuyer(t, email);
  const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
  return { ...buyer, cardId: card.cardId };
}

/** docs/trust.md: every figure adds up. fiatAmount = cryptoAmount × price (rounded up to the cent) + networkFee + ourFee. */
function expectAddsUp(quote: {
  fiatAmount: string;
  cryptoAmount: string;
  price: string;
  referencePrice: string;
  fees: Record<string, string>;
}) {
  const cost = new Decimal(quote.cryptoAmount).times(quote.price).toDecimalPlaces(2, Decimal.ROUND_UP);
  expect(cost.plus(quote.fees.networkFee!).plus(quote.fees.ourFee!).toFixed(2)).toBe(quote.fiatAmount);
  expect(new Decimal(quote.fees.ourFee!).plus(quote.fees.networkFee!).toFixed(2)).toBe(quote.fees.total);
  expect(new Decimal(quote.fees.ourFeeBeforeDiscount!).minus(quote.fees.discount!).toFixed(2)).toBe(quote.fees.ourFee);
  // The spread is inside the price: above the reference price, never below.
  expect(new Decimal(quote.price).gt(quote.referencePrice)).toBe(true);
}

describe('order/get-quote', () => {
  it('answers the same shape on the v1 and v2 paths', async () => {
    const buyer = await verifiedBuyer(t, 'quote-paths@example.com');
    const body = { fiatCurrency: 'EUR', cryptoCurrency: 'BTC', network: 'BTC', fiatAmount: '100', walletAddress: BTC_ADDRESS };
    const v1 = await call(t.app, 'POST', PATHS.getQuote, { headers: buyer.headers, body: { ...body, orderId: randomUUID() } });
    const v2 = await call(t.app, 'POST', PATHS.getQuoteV2, { headers: buyer.headers, body: { ...body, orderId: randomUUID() } });
    expect(v1.statusCode).toBe(200);
    expect(v2.statusCode).toBe(200);
    const one = quoteSchema.strict().parse(v1.body.data);
    const two = quoteSchema.strict().parse(v2.body.data);
    expect(Object.keys(two).sort()).toEqual(Object.keys(one).sort());
    expect(Object.keys(two.fees).sort()).toEqual(Object.keys(one.fees).sort());
    // Same clock, same price bucket: the same figures, another quote.
    const figures = (quote: typeof one) => ({
      fiatAmount: quote.fiatAmount,
      cryptoAmount: quote.cryptoAmount,
      price: quote.price,
      fees: quote.fees,
      minAmount: quote.minAmount,
      maxAmount: quote.maxAmount,
    });
    expect(figures(two)).toEqual(figures(one));
    expect(two.quoteId).not.toBe(one.quoteId);
    expect(one.expiresInSeconds).toBe(30);
    expect(new Date(one.expiresAt).getTime() - t.clock.now().getTime()).toBe(30_000);
  });

  it('adds up for an amount typed in fiat and one typed in crypto', async () => {
    const buyer = await verifiedBuyer(t, 'quote-sums@example.com');
    const cases = [
      { cryptoCurrency: 'BTC', network: 'BTC', fiatAmount: '100' },
      { cryptoCurrency: 'BTC', network: 'BTC', fiatAmount: '1234.56' },
      { cryptoCurrency: 'BTC', network: 'BTC', cryptoAmount: '0.0123' },
      { cryptoCurrency: 'ETH', network: 'ETH', fiatAmount: '250.99' },
      { cryptoCurrency: 'ETH', network: 'ETH', cryptoAmount: '0.5' },
      { cryptoCurrency: 'USDT', network: 'TRX', fiatAmount: '77.77' },
      { cryptoCurrency: 'USDT', network: 'ETH', cryptoAmount: '150' },
    ];
    for (const body of cases) {
      const response = await getQuote(t, buyer.headers, {
        orderId: randomUUID(),
        walletAddress: undefined,
        fiatAmount: undefined,
        ...body,
      });
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
      const quote = response.body.data;
      expectAddsUp(quote);
      if (body.fiatAmount) {
        expect(quote.fiatAmount).toBe(new Decimal(body.fiatAmount).toFixed(2));
        expect(quote.fees.ourFeeBeforeDiscount).toBe(
          new Decimal(body.fiatAmount).times('0.025').toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2),
        );
      } else {
        expect(quote.cryptoAmount).toBe(new Decimal(body.cryptoAmount!).toFixed());
      }
    }
  });

  it('halves our fee on the first 3 transactions, then stops; the tier room shrinks by what was bought', async () => {
    const buyer = await buyerWithCard('quote-promotion@example.com');
    expect(await promotion(buyer.headers)).toEqual({
      eligible: true,
      discountRate: '0.5',
      remainingTransactions: 3,
      totalTransactions: PROMOTION_FIRST_TRANSACTIONS,
    });

    const first = (await getQuote(t, buyer.headers, { orderId: randomUUID() })).body.data;
    expect(first.promotionApplied).toBe(true);
    expect(first.fees.ourFeeBeforeDiscount).toBe('2.50');
    expect(first.fees.discount).toBe(new Decimal(first.fees.ourFeeBeforeDiscount).dividedBy(2).toFixed(2));
    expect(first.fees.ourFee).toBe('1.25');
    expect(first.maxAmount).toBe('10000.00');

    for (let done = 1; done <= PROMOTION_FIRST_TRANSACTIONS; done += 1) {
      const { orderId, submit } = await buy(t, buyer.headers, buyer.cardId);
      expect(submit.statusCode).toBe(200);
      await settle(t);
      expect((await orderDetail(t, buyer.headers, orderId)).status).toBe('SUCCESS');
      expect((await promotion(buyer.headers)).remainingTransactions).toBe(PROMOTION_FIRST_TRANSACTIONS - done);
    }
    expect(await promotion(buyer.headers)).toMatchObject({ eligible: false, remainingTransactions: 0 });

    const after = (await getQuote(t, buyer.headers, { orderId: randomUUID() })).body.data;
    expect(after.promotionApplied).toBe(false);
    expect(after.fees).toMatchObject({ ourFeeBeforeDiscount: '2.50', discount: '0.00', ourFee: '2.50' });
    expectAddsUp(after);
    // Tier 1: 10000 EUR a day, 300 EUR of it used.
    expect(after.maxAmount).toBe('9700.00');
  });

  it('a declined buy does not use up the promotion', async () => {
    const buyer = await verifiedBuyer(t, 'quote-promotion-declined@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.declined);
    const { submit } = await buy(t, buyer.headers, card.cardId);
    expect(submit.body.data.status).toBe('FAILED');
    expect((await promotion(buyer.headers)).remainingTransactions).toBe(3);
  });

  it('needs exactly one of fiatAmount and cryptoAmount (400 REQ0000400)', async () => {
    const buyer = await verifiedBuyer(t, 'quote-one-amount@example.com');
    const both = await getQuote(t, buyer.headers, { orderId: randomUUID(), fiatAmount: '100', cryptoAmount: '0.001' });
    const neither = await getQuote(t, buyer.headers, { orderId: randomUUID(), fiatAmount: undefined });
    for (const response of [both, neither]) {
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatchObject({ code: 'REQ0000400', data: null });
      expect(response.body.msg).toContain('exactly one of fiatAmount and cryptoAmount');
    }
  });

  it('refuses amounts outside the pair and tier limits with ODR00001001 and {minAmount, maxAmount, currency}', async () => {
    const buyer = await verifiedBuyer(t, 'quote-limits@example.com');
    // EUR by card: 20 to 20000, capped by tier 1's 10000 EUR a day.
    const limits = { minAmount: '20.00', maxAmount: '10000.00', currency: 'EUR' };
    for (const fiatAmount of ['19.99', '10000.01', '20000', '20000.01']) {
      const response = await getQuote(t, buyer.headers, { orderId: randomUUID(), fiatAmount });
      expect(response.statusCode, fiatAmount).toBe(400);
      expect(response.body.code, fiatAmount).toBe('ODR00001001');
      expect(response.body.data, fiatAmount).toEqual(limits);
    }
    // A crypto amount worth more than the room left is refused the same way.
    const tooMuchBtc = await getQuote(t, buyer.headers, { orderId: randomUUID(), fiatAmount: undefined, cryptoAmount: '1000' });
    expect(tooMuchBtc.body).toMatchObject({ code: 'ODR00001001', data: limits });
    for (const fiatAmount of ['20', '10000']) {
      const response = await getQuote(t, buyer.headers, { orderId: randomUUID(), fiatAmount });
      expect(response.statusCode, fiatAmount).toBe(200);
      expect(response.body.data).toMatchObject({
        fiatAmount: new Decimal(fiatAmount).toFixed(2),
        minAmount: limits.minAmount,
        maxAmount: limits.maxAmount,
      });
    }
  });

  it('gives a person without passed KYC (tier 0) no room: ODR00001001 with maxAmount 0.00', async () => {
    const person = await newIndividual(t, 'quote-unverified@example.com');
    const response = await getQuote(t, { token: person.token }, { orderId: randomUUID() });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatchObject({ code: 'ODR00001001', data: { minAmount: '20.00', maxAmount: '0.00', currency: 'EUR' } });
  });

  it('refuses pairs that are not sold by card with ODR00001002', async () => {
    const buyer = await verifiedBuyer(t, 'quote-pairs@example.com');
    const cases = [
      { fiatCurrency: 'AED', fiatAmount: '500' },
      { cryptoCurrency: 'XRP', network: 'ETH' },
      { cryptoCurrency: 'BTC', network: 'ETH' },
      { paymentMethod: 'BANK_TRANSFER' },
      { channelCode: 'CLEAR_JUNCTION' },
    ];
    for (const body of cases) {
      const response = await getQuote(t, buyer.headers, { orderId: randomUUID(), walletAddress: undefined, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body.code, JSON.stringify(body)).toBe('ODR00001002');
    }
  });

  it('refuses an invalid wallet address with ODR00001005 and data.reason', async () => {
    const buyer = await verifiedBuyer(t, 'quote-address@example.com');
    const misCased = `${ETH_ADDRESS.slice(0, -1)}D`;
    const cases = [
      { body: { cryptoCurrency: 'ETH', network: 'ETH', walletAddress: misCased }, data: { reason: 'CHECKSUM', field: 'address' } },
      {
        body: { cryptoCurrency: 'ETH', network: 'ETH', walletAddress: BTC_ADDRESS },
        data: { reason: 'WRONG_NETWORK', field: 'address', detectedNetwork: 'BTC' },
      },
      { body: { cryptoCurrency: 'XRP', network: 'XRP', walletAddress: XRP_ADDRESS }, data: { reason: 'MEMO_REQUIRED', field: 'memo' } },
    ];
    for (const { body, data } of cases) {
      const response = await getQuote(t, buyer.headers, { orderId: randomUUID(), ...body });
      expect(response.statusCode, data.reason).toBe(400);
      expect(response.body.code, data.reason).toBe('ODR00001005');
      expect(response.body.data, data.reason).toEqual(data);
    }
    const withTag = await getQuote(t, buyer.headers, {
      orderId: randomUUID(),
      cryptoCurrency: 'XRP',
      network: 'XRP',
      walletAddress: XRP_ADDRESS,
      memo: '12345',
    });
    expect(withTag.statusCode).toBe(200);
  });

  it('get-estimated-arrival-time answers per network, ODR00001002 for an unknown one', async () => {
    const buyer = await verifiedBuyer(t, 'quote-arrival@example.com');
    for (const [cryptoCurrency, network] of [
      ['BTC', 'BTC'],
      ['ETH', 'ETH'],
      ['USDT', 'TRX'],
      ['SOL', 'SOL'],
      ['XRP', 'XRP'],
    ] as const) {
      const response = await call(t.app, 'POST', PATHS.getEstimatedArrivalTime, {
        headers: buyer.headers,
        body: { cryptoCurrency, network },
      });
      expect(response.statusCode, network).toBe(200);
      expect(response.body.data).toEqual(ARRIVAL_BY_NETWORK[network]);
      expect(response.body.data.maxMinutes).toBeLessThanOrEqual(60);
    }
    const unknown = await call(t.app, 'POST', PATHS.getEstimatedArrivalTime, {
      headers: buyer.headers,
      body: { cryptoCurrency: 'DOGE', network: 'DOGE' },
    });
    expect(unknown.body.code).toBe('ODR00001002');
  });
});

describe('order/update-quote and submit-buy', () => {
  it('update-quote gives a new quote for the same order and amount, and the old one can no longer be submitted (ODR00001008)', async () => {
    const buyer = await buyerWithCard('quote-update@example.com');
    const orderId = randomUUID();
    const old = (await getQuote(t, buyer.headers, { orderId, fiatAmount: '150' })).body.data;
    t.clock.advance(10_000);
    const fresh = await updateQuote(buyer.headers, orderId, old.quoteId);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body.data).toMatchObject({ orderId, fiatAmount: '150.00', fiatCurrency: 'EUR', cryptoCurrency: 'BTC', network: 'BTC' });
    expect(fresh.body.data.quoteId).not.toBe(old.quoteId);
    expectAddsUp(fresh.body.data);

    const oldSubmit = await submitBuy(buyer.headers, { orderId, quoteId: old.quoteId, cardId: buyer.cardId });
    expect(oldSubmit.statusCode).toBe(409);
    expect(oldSubmit.body.code).toBe('ODR00001008');
    expect((await updateQuote(buyer.headers, orderId, old.quoteId)).body.code).toBe('ODR00001008');
    // A quote belongs to its order.
    expect((await updateQuote(buyer.headers, randomUUID(), fresh.body.data.quoteId)).body.code).toBe('ODR00001008');

    const submit = await submitBuy(buyer.headers, { orderId, quoteId: fresh.body.data.quoteId, cardId: buyer.cardId });
    expect(submit.statusCode).toBe(200);
    expect(submit.body.data).toMatchObject({ orderId, status: 'PROCESSING' });
    expect((await orderDetail(t, buyer.headers, orderId)).fiatAmount).toBe('150.00');
  });

  it('an expired quote (31 s) is refused at submit with ODR00001013; update-quote then gives a firm one', async () => {
    const buyer = await buyerWithCard('quote-expired@example.com');
    const orderId = randomUUID();
    const quote = (await getQuote(t, buyer.headers, { orderId })).body.data;
    t.clock.advance(31_000);
    const late = await submitBuy(buyer.headers, { orderId, quoteId: quote.quoteId, cardId: buyer.cardId });
    expect(late.statusCode).toBe(409);
    expect(late.body.code).toBe('ODR00001013');
    expect(await ordersWithId(orderId)).toEqual([]);

    const fresh = (await updateQuote(buyer.headers, orderId, quote.quoteId)).body.data;
    expect(fresh.expiresInSeconds).toBe(30);
    const submit = await submitBuy(buyer.headers, { orderId, quoteId: fresh.quoteId, cardId: buyer.cardId });
    expect(submit.statusCode).toBe(200);
  });

  it('the same orderId and body twice answer the same answer and make one order; another body is refused with 422 IDM0000422', async () => {
    const buyer = await buyerWithCard('quote-idempotent@example.com');
    const other = await addCard(t, buyer.headers, TEST_CARDS.master);
    const orderId = randomUUID();
    const quote = (await getQuote(t, buyer.headers, { orderId })).body.data;
    const body = { orderId, quoteId: quote.quoteId, cardId: buyer.cardId };
    const first = await submitBuy(buyer.headers, body);
    const second = await submitBuy(buyer.headers, { cardId: buyer.cardId, quoteId: quote.quoteId, orderId });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await ordersWithId(orderId)).toHaveLength(1);
    expect(await t.app.orders.ledger.journalsOf(orderId)).toEqual([]);

    const otherCard = await submitBuy(buyer.headers, { ...body, cardId: other.cardId });
    expect(otherCard.statusCode).toBe(422);
    expect(otherCard.body).toMatchObject({ code: 'IDM0000422', data: null });
    expect(await ordersWithId(orderId)).toHaveLength(1);
    expect((await ordersWithId(orderId))[0]!.cardId).toBe(buyer.cardId);
  });

  it("another person's orderId is refused (422) and never shows their order", async () => {
    const owner = await buyerWithCard('quote-owner@example.com');
    const intruder = await buyerWithCard('quote-intruder@example.com');
    const { orderId, quote, submit } = await buy(t, owner.headers, owner.cardId);
    expect(submit.statusCode).toBe(200);

    const reused = await submitBuy(intruder.headers, { orderId, quoteId: quote.quoteId, cardId: intruder.cardId });
    expect([404, 422]).toContain(reused.statusCode);
    expect(reused.body.data).toBeNull();
    expect(JSON.stringify(reused.body)).not.toContain(owner.cardId);

    // Their own quote under the same order id does not get them the order either.
    const ownQuote = await getQuote(t, intruder.headers, { orderId });
    if (ownQuote.statusCode === 200) {
      const again = await submitBuy(intruder.headers, { orderId, quoteId: ownQuote.body.data.quoteId, cardId: intruder.cardId });
      expect([404, 409, 422]).toContain(again.statusCode);
      expect(again.body.data).toBeNull();
    }
    const detail = await call(t.app, 'POST', PATHS.getOrderDetail, { headers: intruder.headers, body: { orderId } });
    expect(detail.body).toMatchObject({ code: 'ODR00001007', data: null });
    const rows = await ordersWithId(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(owner.userId);

    // Someone else's quote, under one's own order id, is not theirs to submit.
    const ownerQuote = (await getQuote(t, owner.headers, { orderId: randomUUID() })).body.data;
    const stolen = await submitBuy(intruder.headers, { orderId: ownerQuote.orderId, quoteId: ownerQuote.quoteId, cardId: intruder.cardId });
    expect(stolen.body.code).toBe('ODR00001008');
  });

  it('refuses a buy when KYC is not Pass with ODR00001004 and makes no order', async () => {
    const buyer = await buyerWithCard('quote-kyc-pending@example.com');
    const orderId = randomUUID();
    const quote = (await getQuote(t, buyer.headers, { orderId })).body.data;
    await t.db.update(kycProfiles).set({ kycStatus: 'Pending' }).where(eq(kycProfiles.userId, buyer.userId));
    const response = await submitBuy(buyer.headers, { orderId, quoteId: quote.quoteId, cardId: buyer.cardId });
    expect(response.statusCode).toBe(403);
    expect(response.body.code).toBe('ODR00001004');
    expect(await ordersWithId(orderId)).toEqual([]);
  });

  it('with an authenticator bound, a buy needs its code: none → ODR00001009, wrong → USE003000011, right → accepted', async () => {
    const buyer = await buyerWithCard('quote-2fa@example.com');
    const authenticator = await authenticatorOf(t);
    const { secret } = await authenticator.startBinding(buyer.userId, 'quote-2fa@example.com');
    expect(await authenticator.confirmBinding(buyer.userId, await totpAt(t.clock, secret))).toBe(true);
    // The binding used this 30 s step's code: the buy uses the next one.
    t.clock.advance(30_000);

    const orderId = randomUUID();
    const quote = (await getQuote(t, buyer.headers, { orderId })).body.data;
    const body = { orderId, quoteId: quote.quoteId, cardId: buyer.cardId };
    const without = await submitBuy(buyer.headers, body);
    expect(without.statusCode).toBe(400);
    expect(without.body.code).toBe('ODR00001009');
    const noType = await submitBuy(buyer.headers, { ...body, otpCode: await totpAt(t.clock, secret) });
    expect(noType.body.code).toBe('ODR00001009');

    const near = new Set(await Promise.all([-1, 0, 1].map((steps) => totpAt(t.clock, secret, steps))));
    let wrong = 0;
    while (near.has(String(wrong).padStart(6, '0'))) wrong += 1;
    const wrongCode = await submitBuy(buyer.headers, { ...body, otpType: 'GA_OTP', otpCode: String(wrong).padStart(6, '0') });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.body.code).toBe('USE003000011');
    expect(await ordersWithId(orderId)).toEqual([]);

    const right = await submitBuy(buyer.headers, { ...body, otpType: 'GA_OTP', otpCode: await totpAt(t.clock, secret) });
    expect(right.statusCode).toBe(200);
    expect(right.body.data).toMatchObject({ orderId, status: 'PROCESSING' });
    expect(await ordersWithId(orderId)).toHaveLength(1);
  });

  it('checks the tier room again at submit: a quote that fitted before another order filled the day is refused with ODR00001001', async () => {
    const buyer = await buyerWithCard('quote-tier-filled@example.com');
    const [first, second] = [randomUUID(), randomUUID()];
    const firstQuote = (await getQuote(t, buyer.headers, { orderId: first, fiatAmount: '6000' })).body.data;
    const secondQuote = (await getQuote(t, buyer.headers, { orderId: second, fiatAmount: '6000' })).body.data;
    expect(secondQuote.maxAmount).toBe('10000.00');
    expect((await submitBuy(buyer.headers, { orderId: first, quoteId: firstQuote.quoteId, cardId: buyer.cardId })).statusCode).toBe(200);
    const refused = await submitBuy(buyer.headers, { orderId: second, quoteId: secondQuote.quoteId, cardId: buyer.cardId });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatchObject({ code: 'ODR00001001', data: { minAmount: '20.00', maxAmount: '4000.00', currency: 'EUR' } });
    expect(await ordersWithId(second)).toEqual([]);
  });
});

describe('order ids belong to one person', () => {
  it("another person's quote under my order id is refused and cannot replace mine; a submitted order's id takes no new quote", async () => {
    const owner = await buyerWithCard('order-id-owner@example.com');
    const intruder = await buyerWithCard('order-id-intruder@example.com');
    const orderId = randomUUID();
    const mine = await getQuote(t, owner.headers, { orderId });
    const theirs = await getQuote(t, intruder.headers, { orderId });
    expect(theirs.body.code).toBe('IDM0000422');
    const submitted = await submitBuy(owner.headers, { orderId, quoteId: mine.body.data.quoteId, cardId: owner.cardId });
    expect(submitted.body.data.status).toBe('PROCESSING');
    expect((await getQuote(t, owner.headers, { orderId })).body.code).toBe('ODR00001011');
  });
});

describe('an expired saved card', () => {
  it('shows as disabled on the app clock and is refused at submit with CRD0000002 (nothing charged)', async () => {
    t.clock.set(new Date('2026-11-30T23:40:00Z'));
    const buyer = await verifiedBuyer(t, 'expiring-card@example.com');
    const added = await addCard(t, buyer.headers, TEST_CARDS.visa, { expiryMonth: 11, expiryYear: 2026 });
    expect(added.enabled).toBe(true);
    t.clock.set(new Date('2026-12-01T00:10:00Z'));
    const listed = await call(t.app, 'POST', PATHS.listCard, { headers: buyer.headers, body: {} });
    expect(listed.body.data.cards[0].enabled).toBe(false);
    const orderId = randomUUID();
    const quote = await getQuote(t, buyer.headers, { orderId });
    const refused = await submitBuy(buyer.headers, { orderId, quoteId: quote.body.data.quoteId, cardId: added.cardId });
    expect(refused.body.code).toBe('CRD0000002');
    expect(await ordersWithId(orderId)).toEqual([]);
  });
});
