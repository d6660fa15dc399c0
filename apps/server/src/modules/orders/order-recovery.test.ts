import { PATHS } from '@causeway/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, idempotencyKeys, jobs, orders, sandboxCardPayments } from '../../db/schema/index.ts';
import { newId } from '../../platform/crypto.ts';
import { createSandboxProcessorRepository } from '../../providers/card-processor/sandbox-processor.repository.ts';
import { call, createIdentityTestApp, type IdentityTestApp, signInWithCode, tokenHeaders } from '../../../test/identity-helpers.ts';
import { addCard, buy, getQuote, settle, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';
import { JOB_RECONCILE_AUTHORISATION, RECONCILE_WINDOW_MS } from './late-authorisations.ts';

/**
 * Issue 13, the money items on recovery: a late authorisation after a processor timeout is found
 * and voided, and an order keeps its request's hash past the 24 h idempotency keys.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const HOUR_MS = 60 * 60 * 1000;
const orderRow = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const eventDetails = async (orderId: string) => (await t.app.orders.repository.events(orderId)).map((event) => event.detail);
const openReconcileJobs = (orderId: string) =>
  t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, JOB_RECONCILE_AUTHORISATION), eq(jobs.dedupeKey, `order-reconcile:${orderId}`), isNull(jobs.doneAt)));
const booksBalance = async () => {
  for (const total of (await t.app.orders.ledger.trialBalance()).values()) expect(total.isZero()).toBe(true);
};

/** An order with the sandbox's timeout card: the processor never answered and the lookup found nothing. */
async function timedOutOrder(email: string) {
  const buyer = await verifiedBuyer(t, email);
  const card = await addCard(t, buyer.headers, TEST_CARDS.timeout);
  const { orderId, submit } = await buy(t, buyer.headers, card.cardId, { fiatAmount: '40' });
  expect(submit.body.data).toMatchObject({ status: 'FAILED', failReason: 'PROCESSOR_TIMEOUT' });
  return { orderId, cardId: card.cardId };
}

/** The processor authorises the order's request after all: its books now hold the payment our lookup never saw. */
async function authoriseLate(orderId: string, cardId: string): Promise<string> {
  const [card] = await t.db.select().from(cards).where(eq(cards.id, cardId));
  const paymentId = newId('pay');
  const now = t.clock.now();
  await createSandboxProcessorRepository(t.db).insertPaymentOnce({
    id: paymentId,
    idempotencyKey: `order:${orderId}:authorize`,
    reference: orderId,
    token: card!.processorToken,
    amount: '40',
    currency: 'EUR',
    status: 'AUTHORIZED',
    authorizedAmount: '40',
    declineReason: null,
    successUrl: '/cb',
    failureUrl: '/cb',
    createdAt: now,
    updatedAt: now,
  });
  return paymentId;
}

/** Runs the worker over `hours`, an hour at a time (the reconcile looks, and the hourly housekeeping). */
async function runHours(hours: number) {
  for (let hour = 0; hour < hours; hour += 1) {
    t.clock.advance(HOUR_MS);
    await t.app.jobs.drain();
  }
}

describe('late authorisations after a processor timeout', () => {
  it('a payment the processor authorised hours after the timeout is voided; the order stays failed, its history says so, the books balance', async () => {
    const { orderId, cardId } = await timedOutOrder('late-auth@example.com');
    expect(await openReconcileJobs(orderId)).toHaveLength(1);
    await runHours(3);
    expect((await orderRow(orderId)).reconcileAttempts).toBeGreaterThanOrEqual(3);
    expect(await openReconcileJobs(orderId)).toHaveLength(1);

    const paymentId = await authoriseLate(orderId, cardId);
    await runHours(2);
    const [payment] = await t.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.id, paymentId));
    expect(payment!.status).toBe('VOIDED');
    expect(await orderRow(orderId)).toMatchObject({ status: 'FAILED', failReason: 'PROCESSOR_TIMEOUT', step: 'DONE', paymentId: null });
    expect(await eventDetails(orderId)).toContain(`reconcile: late authorisation ${paymentId} voided`);
    expect(await openReconcileJobs(orderId)).toEqual([]);
    expect(await t.app.orders.ledger.journalsOf(orderId)).toEqual([]);
    await booksBalance();
  });

  it('with no late payment, it keeps looking for 24 h, then stops and says so', async () => {
    const { orderId } = await timedOutOrder('never-late@example.com');
    await runHours(23);
    expect(await openReconcileJobs(orderId)).toHaveLength(1);
    expect((await eventDetails(orderId)).filter((detail) => detail?.startsWith('reconcile:'))).toEqual([]);
    await runHours(2);
    expect(await openReconcileJobs(orderId)).toEqual([]);
    expect(await eventDetails(orderId)).toContain('reconcile: no late authorisation in 24 h');
    const looks = (await orderRow(orderId)).reconcileAttempts;
    expect(looks).toBeGreaterThan(20);
    expect(looks).toBeLessThan(40);
    // A payment appearing after the window is no longer looked for (the job is done, not waiting).
    await runHours(2);
    expect((await orderRow(orderId)).reconcileAttempts).toBe(looks);
    expect(RECONCILE_WINDOW_MS).toBe(24 * HOUR_MS);
  });

  it('an order that expired before any authorisation answered is reconciled too', async () => {
    const buyer = await verifiedBuyer(t, 'expired-unanswered@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const { orderId } = await buy(t, buyer.headers, card.cardId, { fiatAmount: '40' });
    // Put back before its authorisation (as if every attempt had met an outage), then past its deadline.
    await t.db.update(orders).set({ status: 'OrderSubmitted', step: 'AUTHORIZE', paymentId: null }).where(eq(orders.id, orderId));
    await t.db.delete(sandboxCardPayments).where(eq(sandboxCardPayments.reference, orderId));
    t.clock.advance(24 * HOUR_MS + 1000);
    await t.app.orders.settlement.advance(orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: 'EXPIRED', failReason: 'DEADLINE_PASSED' });
    expect(await openReconcileJobs(orderId)).toHaveLength(1);
    const paymentId = await authoriseLate(orderId, card.cardId);
    await runHours(1);
    expect((await t.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.id, paymentId)))[0]!.status).toBe('VOIDED');
    await booksBalance();
  });
});

describe('an order keeps its request hash past the idempotency keys', () => {
  it('after the 24 h prune, another body for the same order id is refused (422) and the same body answers the order as it stands', async () => {
    const buyer = await verifiedBuyer(t, 'hash-kept@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const other = await addCard(t, buyer.headers, TEST_CARDS.master);
    const orderId = crypto.randomUUID();
    const quote = (await getQuote(t, buyer.headers, { orderId })).body.data;
    const body = { orderId, quoteId: quote.quoteId, cardId: card.cardId };
    const first = await call(t.app, 'POST', PATHS.submitBuy, { headers: buyer.headers, body });
    expect(first.body.data).toMatchObject({ orderId, status: 'PROCESSING' });
    // Within 24 h, as before.
    expect(
      (await call(t.app, 'POST', PATHS.submitBuy, { headers: buyer.headers, body: { ...body, cardId: other.cardId } })).body.code,
    ).toBe('IDM0000422');
    await settle(t);

    await runHours(25);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, orderId))).toEqual([]);
    // The session of a day ago has ended: the person signs in again.
    const headers = tokenHeaders((await signInWithCode(t.app, 'hash-kept@example.com')).token.token);
    const otherBody = await call(t.app, 'POST', PATHS.submitBuy, { headers, body: { ...body, cardId: other.cardId } });
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.body).toMatchObject({ code: 'IDM0000422', data: null });
    const sameBody = await call(t.app, 'POST', PATHS.submitBuy, {
      headers,
      body: { cardId: card.cardId, quoteId: quote.quoteId, orderId },
    });
    expect(sameBody.statusCode).toBe(200);
    expect(sameBody.body.data).toMatchObject({ orderId, status: 'SUCCESS' });
    expect((await orderRow(orderId)).cardId).toBe(card.cardId);
    expect(await t.db.select().from(orders).where(eq(orders.id, orderId))).toHaveLength(1);
  });
});
