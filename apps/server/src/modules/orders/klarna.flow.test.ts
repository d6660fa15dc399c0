import { randomUUID } from 'node:crypto';
import { PATHS, wireCodeOf } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sandboxKlarnaOrders } from '../../db/schema/index.ts';
import { createJobQueueRepository } from '../../jobs/job-queue.repository.ts';
import { createCardProcessor } from '../../providers/card-processor/index.ts';
import { ChainRefusedError, createChainProvider } from '../../providers/chain/index.ts';
import { createKlarna, type KlarnaProvider, KlarnaTimeoutError } from '../../providers/klarna/index.ts';
import { call, createIdentityTestApp, type IdentityTestApp, signInWithCode, tokenHeaders } from '../../../test/identity-helpers.ts';
import { addCard, buy, getQuote, orderDetail, settle, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';
import type { SandboxFraudDecision } from '../../providers/klarna/index.ts';
import { createCardsRepository } from '../cards/cards.repository.ts';
import { createMerchantTransactionsRepository } from '../merchant/merchant-transactions.repository.ts';
import { CARD_ORDER_DEADLINE_MS } from './order.service.ts';
import { createSettlement } from './settlement.ts';

// A Klarna buy end to end (docs/rules/order-states.md "Klarna"): get-quote and submit-buy on the KLARNA
// channel, the sandbox widget answered as a person would (its form posts), submit-auth-token with what
// the widget sent back, then the settlement worker.

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

type Headers = Record<string, string>;
const KLARNA = { channelCode: 'KLARNA', paymentMethod: 'KLARNA' };

/** A Klarna quote and its submit-buy (no card). */
async function klarnaBuy(headers: Headers, quoteBody: Record<string, unknown> = {}) {
  const orderId = randomUUID();
  const quote = await getQuote(t, headers, { ...KLARNA, ...quoteBody, orderId });
  if (quote.statusCode !== 200) throw new Error(`get-quote failed: ${JSON.stringify(quote.body)}`);
  const submit = await call(t.app, 'POST', PATHS.submitBuy, {
    headers,
    body: { orderId, quoteId: quote.body.data.quoteId, channelCode: 'KLARNA', paymentMethod: 'KLARNA' },
  });
  return { orderId, quote: quote.body.data, submit };
}

/** The sandbox widget's Approve, Decline or Close, as its form posts them: answers the fragment it sends the person back with. */
async function answerWidget(sessionId: string, outcome: 'approve' | 'decline' | 'close', fraud: SandboxFraudDecision = 'ACCEPTED') {
  const response = await t.app.inject({
    method: 'POST',
    url: `/sandbox/klarna/${sessionId}/${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: outcome === 'approve' ? `fraud=${fraud}` : '',
  });
  expect(response.statusCode).toBe(303);
  const location = String(response.headers.location);
  return { location, answer: Object.fromEntries(new URLSearchParams(location.split('#')[1])) };
}

const submitAuthToken = (headers: Headers, body: { orderId: string; sessionId: string; authorizationToken: string }) =>
  call(t.app, 'POST', PATHS.submitAuthToken, { headers, body: { ...body, channelCode: 'KLARNA' } });

/** A Klarna buy approved in the widget: its order id, session and the widget's token. */
async function approvedBuy(headers: Headers, fraud: SandboxFraudDecision = 'ACCEPTED') {
  const bought = await klarnaBuy(headers);
  expect(bought.submit.statusCode).toBe(200);
  const sessionId = bought.submit.body.data.klarna.sessionId as string;
  const { answer } = await answerWidget(sessionId, 'approve', fraud);
  return { ...bought, sessionId, token: answer.authorization_token! };
}

const kindsOf = async (orderId: string) => (await t.app.orders.ledger.journalsOf(orderId)).map((journal) => journal.kind);
const klarnaOrdersOf = (orderId: string) => t.db.select().from(sandboxKlarnaOrders).where(eq(sandboxKlarnaOrders.reference, orderId));
const orderRow = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
/** A session lives an hour: after the clock moved by a day, the person signs in again. */
const signedInAgain = async (email: string) => tokenHeaders((await signInWithCode(t.app, email)).token.token);
const expectBalancedBooks = async () => {
  for (const total of (await t.app.orders.ledger.trialBalance()).values()) expect(total.isZero()).toBe(true);
};

describe('a Klarna quote', () => {
  it('prices EUR and GBP buys on the KLARNA channel with its own fee; a card method or a non-Klarna currency is refused', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-quote@example.com');
    const eur = await getQuote(t, buyer.headers, { ...KLARNA, orderId: randomUUID() });
    expect(eur.statusCode).toBe(200);
    expect(eur.body.data).toMatchObject({ channelCode: 'KLARNA', paymentMethod: 'KLARNA', fiatAmount: '100.00' });
    // 3.5% of what is charged, halved by the first-transactions promotion.
    expect(eur.body.data.fees.ourFeeBeforeDiscount).toBe('3.50');
    const gbp = await getQuote(t, buyer.headers, { ...KLARNA, orderId: randomUUID(), fiatCurrency: 'GBP' });
    expect(gbp.statusCode).toBe(200);
    const cardMethod = await getQuote(t, buyer.headers, { channelCode: 'KLARNA', paymentMethod: 'CARD', orderId: randomUUID() });
    expect(cardMethod.body.code).toBe(wireCodeOf('TradingPairUnsupported'));
    const usd = await getQuote(t, buyer.headers, { ...KLARNA, orderId: randomUUID(), fiatCurrency: 'USD' });
    expect(usd.body.code).toBe(wireCodeOf('TradingPairUnsupported'));
    expect(usd.body.msg).toContain('with Klarna');
  });
});

describe('submit-buy on the KLARNA channel', () => {
  it('opens a Klarna session for the order (no card), answers it once with its client token, and waits at KLARNA_AUTH', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-submit@example.com');
    const { orderId, quote, submit } = await klarnaBuy(buyer.headers);
    expect(submit.statusCode).toBe(200);
    const data = submit.body.data;
    expect(data).toMatchObject({ orderId, status: 'OrderSubmitted', threeDsUrl: null, failReason: null });
    expect(data.klarna.clientToken).toMatch(/^sandbox\./);
    expect(data.klarna.widgetUrl).toContain(`/sandbox/klarna/${data.klarna.sessionId}`);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ step: 'KLARNA_AUTH', cardId: null, processor: 'klarna', klarnaSessionId: data.klarna.sessionId });
    // The widget shows the order's amount and purchase, and sends the person back to the web's klarna-callback page.
    const widget = await t.app.inject({ method: 'GET', url: `/sandbox/klarna/${data.klarna.sessionId}` });
    expect(widget.body).toContain(`${quote.fiatAmount} EUR`);
    expect(widget.body).toContain(`${quote.cryptoAmount} BTC (BTC)`);
    const { location } = await answerWidget(data.klarna.sessionId, 'close');
    expect(location).toMatch(new RegExp(`/en/klarna-callback\\?orderId=${orderId}#approved=false&show_form=true$`));
    // The same submit again is the same order; the client token was never stored.
    const again = await call(t.app, 'POST', PATHS.submitBuy, {
      headers: buyer.headers,
      body: { orderId, quoteId: quote.quoteId, channelCode: 'KLARNA', paymentMethod: 'KLARNA' },
    });
    expect(again.body.data).toEqual({ ...data, klarna: { ...data.klarna, clientToken: null } });
    // Nothing moved yet, and the worker leaves it waiting for the person.
    await settle(t, 3);
    expect((await orderDetail(t, buyer.headers, orderId)).status).toBe('OrderSubmitted');
    expect(await kindsOf(orderId)).toEqual([]);
  });

  it('keeps cardId required for a card buy, and the channel must be its quote', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-channels@example.com');
    const orderId = randomUUID();
    const quote = await getQuote(t, buyer.headers, { orderId });
    const noCard = await call(t.app, 'POST', PATHS.submitBuy, {
      headers: buyer.headers,
      body: { orderId, quoteId: quote.body.data.quoteId },
    });
    expect(noCard.statusCode).toBe(400);
    expect(JSON.stringify(noCard.body)).toContain('cardId');
    const klarnaBody = await call(t.app, 'POST', PATHS.submitBuy, {
      headers: buyer.headers,
      body: { orderId, quoteId: quote.body.data.quoteId, channelCode: 'KLARNA' },
    });
    expect(klarnaBody.body.code).toBe(wireCodeOf('QuoteNotCurrent'));
    expect(await t.app.orders.repository.findOrder(orderId)).toBeUndefined();
  });
});

describe('a Klarna buy approved in the widget', () => {
  it('places the Klarna order, captures it through Klarna, pays out and ends SUCCESS with balanced books', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-approved@example.com');
    const { orderId, quote, sessionId, token } = await approvedBuy(buyer.headers);
    const placed = await submitAuthToken(buyer.headers, { orderId, sessionId, authorizationToken: token });
    expect(placed.statusCode).toBe(200);
    expect(placed.body.data).toEqual({ orderId, status: 'PROCESSING', failReason: null });
    await settle(t);
    const detail = await orderDetail(t, buyer.headers, orderId);
    expect(detail).toMatchObject({ status: 'SUCCESS', channelCode: 'KLARNA', paymentMethod: 'KLARNA', card: null, refunded: false });
    expect(detail.cryptoAmount).toBe(new Decimal(quote.cryptoAmount).toFixed());
    const kinds = await kindsOf(orderId);
    expect(kinds.slice(0, 3)).toEqual(['crypto-reservation', 'klarna-capture', 'crypto-purchase']);
    expect(kinds.slice(3).sort()).toEqual(['crypto-payout', 'payout-network-fee']);
    await expectBalancedBooks();
    // Klarna owes us what it captured: its own receivable, not a card processor's.
    const captureJournal = (await t.app.orders.ledger.journalsOf(orderId)).find((journal) => journal.kind === 'klarna-capture')!;
    expect(JSON.stringify(captureJournal)).toContain('processor-receivable:klarna:EUR');
    const [klarnaOrder] = await klarnaOrdersOf(orderId);
    expect(klarnaOrder).toMatchObject({ status: 'CAPTURED', capturedMinor: 10000n, refundedMinor: 0n });
    expect((await orderRow(orderId)).paymentId).toBe(klarnaOrder!.id);
  });

  it('waits while Klarna reviews the order (fraud PENDING), then settles once it is ACCEPTED', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-pending@example.com');
    const { orderId, sessionId, token } = await approvedBuy(buyer.headers, 'PENDING_ACCEPTED');
    const placed = await submitAuthToken(buyer.headers, { orderId, sessionId, authorizationToken: token });
    expect(placed.body.data).toEqual({ orderId, status: 'OrderSubmitted', failReason: null });
    await t.app.jobs.drain();
    expect((await orderRow(orderId)).step).toBe('KLARNA_AUTH');
    expect(await kindsOf(orderId)).toEqual([]);
    // The sandbox decides a review 30 s after the order; the worker reads it again each minute.
    t.clock.advance(61_000);
    await settle(t);
    expect((await orderDetail(t, buyer.headers, orderId)).status).toBe('SUCCESS');
    expect((await kindsOf(orderId)).slice(0, 3)).toEqual(['crypto-reservation', 'klarna-capture', 'crypto-purchase']);
    await expectBalancedBooks();
  });

  it('fails with KLARNA_DECLINED when the review rejects it: the Klarna order is cancelled, nothing captured', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-pending-rejected@example.com');
    const { orderId, sessionId, token } = await approvedBuy(buyer.headers, 'PENDING_REJECTED');
    await submitAuthToken(buyer.headers, { orderId, sessionId, authorizationToken: token });
    t.clock.advance(61_000);
    await settle(t);
    expect(await orderDetail(t, buyer.headers, orderId)).toMatchObject({ status: 'FAILED', failReason: 'KLARNA_DECLINED' });
    expect((await klarnaOrdersOf(orderId))[0]).toMatchObject({ status: 'CANCELLED', capturedMinor: 0n });
    expect(await kindsOf(orderId)).toEqual([]);
  });

  it('fails at once when the fraud check rejects it outright', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-rejected@example.com');
    const { orderId, sessionId, token } = await approvedBuy(buyer.headers, 'REJECTED');
    const placed = await submitAuthToken(buyer.headers, { orderId, sessionId, authorizationToken: token });
    expect(placed.body.data).toEqual({ orderId, status: 'FAILED', failReason: 'KLARNA_DECLINED' });
    expect((await klarnaOrdersOf(orderId))[0]).toMatchObject({ status: 'CANCELLED', capturedMinor: 0n });
    expect(await kindsOf(orderId)).toEqual([]);
  });
});

describe('a Klarna buy declined in the widget', () => {
  it('ends FAILED with KLARNA_DECLINED on the empty token the page sends for a decline; no money moved', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-declined@example.com');
    const { orderId, submit } = await klarnaBuy(buyer.headers);
    const sessionId = submit.body.data.klarna.sessionId as string;
    const { answer } = await answerWidget(sessionId, 'decline');
    expect(answer).toEqual({ approved: 'false', show_form: 'false' });
    const declined = await submitAuthToken(buyer.headers, { orderId, sessionId, authorizationToken: '' });
    expect(declined.body.data).toEqual({ orderId, status: 'FAILED', failReason: 'KLARNA_DECLINED' });
    await settle(t, 3);
    expect(await orderDetail(t, buyer.headers, orderId)).toMatchObject({
      status: 'FAILED',
      failReason: 'KLARNA_DECLINED',
      refunded: false,
    });
    expect(await kindsOf(orderId)).toEqual([]);
    expect(await klarnaOrdersOf(orderId)).toEqual([]);
    // A failed order spends nothing of the person's limits.
    expect(
      (await t.app.orders.repository.standing(buyer.userId, { DAILY: new Date(0), MONTHLY: new Date(0), YEARLY: new Date(0) }, null))
        .spentOrders,
    ).toBe(0);
  });
});

describe('submit-auth-token refuses', () => {
  it('a session or a token of another order; the refused token places nothing, the right one places once', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-reuse@example.com');
    const first = await approvedBuy(buyer.headers);
    const second = await klarnaBuy(buyer.headers);
    const secondSession = second.submit.body.data.klarna.sessionId as string;
    // The first order's session named for the second order: refused before Klarna is asked, nothing changes.
    const otherSession = await submitAuthToken(buyer.headers, {
      orderId: second.orderId,
      sessionId: first.sessionId,
      authorizationToken: first.token,
    });
    expect(otherSession.statusCode).toBe(400);
    expect(otherSession.body.code).toBe(wireCodeOf('KlarnaSessionMismatch'));
    expect((await orderRow(second.orderId)).step).toBe('KLARNA_AUTH');
    // The first order's token used for the second order's session: Klarna refuses it (NOT_FOUND), the second order fails unpaid.
    const otherToken = await submitAuthToken(buyer.headers, {
      orderId: second.orderId,
      sessionId: secondSession,
      authorizationToken: first.token,
    });
    expect(otherToken.body.data).toEqual({ orderId: second.orderId, status: 'FAILED', failReason: 'KLARNA_DECLINED' });
    expect(await klarnaOrdersOf(second.orderId)).toEqual([]);
    // The token still places its own order, once.
    const own = await submitAuthToken(buyer.headers, {
      orderId: first.orderId,
      sessionId: first.sessionId,
      authorizationToken: first.token,
    });
    expect(own.body.data.status).toBe('PROCESSING');
    // Used again for its own order with another body, or once the order moved on: refused.
    const reused = await submitAuthToken(buyer.headers, { orderId: first.orderId, sessionId: first.sessionId, authorizationToken: '' });
    expect(reused.body.code).toBe(wireCodeOf('IdempotencyKeyReused'));
    expect(await klarnaOrdersOf(first.orderId)).toHaveLength(1);
  });

  it("another person's order, a card order, and an order already authorised", async () => {
    const buyer = await verifiedBuyer(t, 'klarna-owner@example.com');
    const stranger = await verifiedBuyer(t, 'klarna-stranger@example.com');
    const { orderId, sessionId, token } = await approvedBuy(buyer.headers);
    const notTheirs = await submitAuthToken(stranger.headers, { orderId, sessionId, authorizationToken: token });
    expect(notTheirs.body.code).toBe(wireCodeOf('OrderNotFound'));
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const cardBuy = await buy(t, buyer.headers, card.cardId);
    const cardOrder = await submitAuthToken(buyer.headers, { orderId: cardBuy.orderId, sessionId, authorizationToken: token });
    expect(cardOrder.statusCode).toBe(409);
    expect(cardOrder.body.code).toBe(wireCodeOf('KlarnaAuthorizationNotExpected'));
    expect((await submitAuthToken(buyer.headers, { orderId, sessionId, authorizationToken: token })).body.data.status).toBe('PROCESSING');
    // Past the idempotency key's 24 h the order's state still refuses a second authorization.
    await t.app.orders.settlement.advance(orderId);
    await settle(t);
    t.clock.advance(25 * 60 * 60 * 1000);
    await t.app.jobs.drain();
    const late = await submitAuthToken(await signedInAgain('klarna-owner@example.com'), { orderId, sessionId, authorizationToken: token });
    expect(late.body.code).toBe(wireCodeOf('KlarnaAuthorizationNotExpected'));
  });
});

describe('submit-auth-token is idempotent', () => {
  it('answers the same body twice with the same answer, placing one Klarna order', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-twice@example.com');
    const { orderId, sessionId, token } = await approvedBuy(buyer.headers, 'PENDING_ACCEPTED');
    const body = { orderId, sessionId, authorizationToken: token };
    const first = await submitAuthToken(buyer.headers, body);
    // The review decides meanwhile: the repeated call still answers what the first one did.
    t.clock.advance(61_000);
    await settle(t);
    const second = await submitAuthToken(buyer.headers, body);
    expect(first.statusCode).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body.data).toEqual({ orderId, status: 'OrderSubmitted', failReason: null });
    expect(await klarnaOrdersOf(orderId)).toHaveLength(1);
    expect((await orderDetail(t, buyer.headers, orderId)).status).toBe('SUCCESS');
    expect((await kindsOf(orderId)).filter((kind) => kind === 'klarna-capture')).toHaveLength(1);
  });
});

describe('the deadline', () => {
  it('expires an order never authorised (EXPIRED, DEADLINE_PASSED), nothing charged, and refuses a late token', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-unanswered@example.com');
    const { orderId, submit } = await klarnaBuy(buyer.headers);
    const sessionId = submit.body.data.klarna.sessionId as string;
    t.clock.advance(CARD_ORDER_DEADLINE_MS - 60_000);
    await t.app.jobs.drain();
    expect((await orderRow(orderId)).status).toBe('OrderSubmitted');
    t.clock.advance(60_000);
    await t.app.jobs.drain();
    const headers = await signedInAgain('klarna-unanswered@example.com');
    expect(await orderDetail(t, headers, orderId)).toMatchObject({ status: 'EXPIRED', failReason: 'DEADLINE_PASSED', refunded: false });
    expect(await kindsOf(orderId)).toEqual([]);
    expect(await klarnaOrdersOf(orderId)).toEqual([]);
    await expectBalancedBooks();
    // Approved in the widget too late: the order is over, Klarna is never asked.
    const { answer } = await answerWidget(sessionId, 'approve');
    const late = await submitAuthToken(headers, { orderId, sessionId, authorizationToken: answer.authorization_token! });
    expect(late.body.code).toBe(wireCodeOf('KlarnaAuthorizationNotExpected'));
    expect(await klarnaOrdersOf(orderId)).toEqual([]);
  });

  it('cancels a Klarna order still under review at the deadline: EXPIRED, nothing captured', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-review-deadline@example.com');
    const { orderId, submit } = await klarnaBuy(buyer.headers);
    const sessionId = submit.body.data.klarna.sessionId as string;
    // Approved and placed at the last moment: the deadline comes before Klarna's review decides.
    t.clock.advance(CARD_ORDER_DEADLINE_MS - 10_000);
    const { answer } = await answerWidget(sessionId, 'approve', 'PENDING_ACCEPTED');
    const headers = await signedInAgain('klarna-review-deadline@example.com');
    const placed = await submitAuthToken(headers, { orderId, sessionId, authorizationToken: answer.authorization_token! });
    expect(placed.body.data.status).toBe('OrderSubmitted');
    t.clock.advance(10_000);
    await t.app.orders.settlement.advance(orderId);
    expect(await orderDetail(t, headers, orderId)).toMatchObject({ status: 'EXPIRED', failReason: 'DEADLINE_PASSED' });
    expect((await klarnaOrdersOf(orderId))[0]).toMatchObject({ status: 'CANCELLED', capturedMinor: 0n });
    expect(await kindsOf(orderId)).toEqual([]);
  });
});

const quietLog = { warn: () => {}, error: () => {}, info: () => {}, debug: () => {} } as never;

/**
 * A settlement over the test app's database (the sandbox Klarna's books are there too), with Klarna partly
 * replaced, and its chain refusing every payout unless `payouts`.
 */
function settlementWith(overrides: { klarna?: (real: KlarnaProvider) => Partial<KlarnaProvider>; payouts?: boolean } = {}) {
  const chain = createChainProvider({ kind: 'sandbox', db: t.db, clock: t.clock, sandboxConfirmMs: 3000 });
  const klarna = createKlarna({
    kind: 'sandbox',
    db: t.db,
    clock: t.clock,
    publicUrl: '',
    klarna: { username: '', password: '', baseUrl: '' },
  }).provider;
  return createSettlement({
    orders: t.app.orders.repository,
    cards: createCardsRepository(t.db),
    ledger: t.app.orders.ledger,
    processor: createCardProcessor({ kind: 'sandbox', db: t.db, clock: t.clock, publicUrl: '', fingerprintKey: Buffer.alloc(32) }).provider,
    klarna: { ...klarna, ...overrides.klarna?.(klarna) },
    chain: overrides.payouts
      ? chain
      : {
          ...chain,
          send: async () => {
            throw new ChainRefusedError('INVALID_ADDRESS', 'refused');
          },
        },
    queue: createJobQueueRepository(t.db),
    transaction: t.unitOfWork.transaction,
    savepoint: t.unitOfWork.savepoint,
    clock: t.clock,
    log: quietLog,
    threeDsReturnUrl: () => '/cb',
    chainConfirmPollMs: 1000,
    merchantTransactions: createMerchantTransactionsRepository(t.db),
  });
}

describe('a Klarna buy after its authorisation', () => {
  it('is refunded through Klarna when its payout is refused before sending: the capture reversed as klarna-refund', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-refund@example.com');
    const { orderId, sessionId, token } = await approvedBuy(buyer.headers);
    await submitAuthToken(buyer.headers, { orderId, sessionId, authorizationToken: token });
    const settlement = settlementWith();
    for (let round = 0; round < 4 && (await orderRow(orderId)).step !== 'DONE'; round += 1) await settlement.advance(orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: 'FAILED', failReason: 'PAYOUT_FAILED' });
    const kinds = await kindsOf(orderId);
    expect(kinds.slice(0, 3)).toEqual(['crypto-reservation', 'klarna-capture', 'crypto-purchase']);
    // The sale undone and the reserve released in one step (one posting time), then the refund.
    expect(kinds.slice(3, 5).sort()).toEqual(['crypto-purchase-reversal', 'crypto-reservation-release']);
    expect(kinds.slice(5)).toEqual(['klarna-refund']);
    expect((await orderDetail(t, buyer.headers, orderId)).refunded).toBe(true);
    expect((await klarnaOrdersOf(orderId))[0]).toMatchObject({ capturedMinor: 10000n, refundedMinor: 10000n });
    await expectBalancedBooks();
  });

  it('past its deadline before the capture, has its Klarna order cancelled: EXPIRED_ERROR, nothing captured', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-accepted-deadline@example.com');
    const { orderId, sessionId, token } = await approvedBuy(buyer.headers);
    await submitAuthToken(buyer.headers, { orderId, sessionId, authorizationToken: token });
    expect((await orderRow(orderId)).step).toBe('RESERVE');
    // Nobody ran the worker in the meantime (an outage of ours): the deadline comes first.
    t.clock.advance(CARD_ORDER_DEADLINE_MS);
    await t.app.orders.settlement.advance(orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: 'EXPIRED_ERROR', failReason: 'DEADLINE_PASSED', step: 'DONE' });
    expect((await klarnaOrdersOf(orderId))[0]).toMatchObject({ status: 'CANCELLED', capturedMinor: 0n });
    expect(await kindsOf(orderId)).toEqual([]);
    await expectBalancedBooks();
  });
});

describe('a place-order call whose answer is lost', () => {
  it('asks again with the same key: the order Klarna placed is found, placed once', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-timeout@example.com');
    const { orderId, sessionId, token } = await approvedBuy(buyer.headers);
    const lostAnswer = settlementWith({
      klarna: (real) => ({
        placeOrder: async (input) => {
          await real.placeOrder(input);
          throw new KlarnaTimeoutError();
        },
      }),
    });
    const input = { sessionId, authorizationToken: token, country: 'DE' };
    await expect(lostAnswer.placeKlarnaOrder(await orderRow(orderId), input)).rejects.toThrow(KlarnaTimeoutError);
    expect((await orderRow(orderId)).step).toBe('KLARNA_AUTH');
    // The page sends the same authorization again.
    const again = await submitAuthToken(buyer.headers, { orderId, sessionId, authorizationToken: token });
    expect(again.body.data.status).toBe('PROCESSING');
    expect(await klarnaOrdersOf(orderId)).toHaveLength(1);
    expect((await orderRow(orderId)).paymentId).toBe((await klarnaOrdersOf(orderId))[0]!.id);
  });

  it('then refused (another token): fails the order unpaid and flags it for an operator, since Klarna may hold an order', async () => {
    const buyer = await verifiedBuyer(t, 'klarna-timeout-refused@example.com');
    const { orderId, sessionId, token } = await approvedBuy(buyer.headers);
    const silent = settlementWith({
      klarna: () => ({
        placeOrder: async () => {
          throw new KlarnaTimeoutError();
        },
      }),
    });
    await expect(silent.placeKlarnaOrder(await orderRow(orderId), { sessionId, authorizationToken: token, country: 'DE' })).rejects.toThrow(
      KlarnaTimeoutError,
    );
    // Another token than the one that timed out: Klarna refuses it, and cannot tell of the first.
    const other = await approvedBuy(buyer.headers);
    const refused = await submitAuthToken(buyer.headers, { orderId, sessionId, authorizationToken: other.token });
    expect(refused.body.data).toEqual({ orderId, status: 'FAILED', failReason: 'KLARNA_DECLINED' });
    expect((await orderRow(orderId)).operatorReviewReason).toContain('Klarna may hold an uncaptured order');
    expect(await kindsOf(orderId)).toEqual([]);
  });
});
