import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardDisputes, cardWebhookEvents, orders, sandboxCardPayments } from '../../../db/schema/index.ts';
import { deriveKey } from '../../../platform/crypto.ts';
import { loadServerSecret } from '../../../platform/server-secret.repository.ts';
import { signCheckoutWebhook } from '../../../providers/card-processor/checkout-webhook.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../../../test/identity-helpers.ts';
import { addCard, buy, settle, TEST_CARDS, verifiedBuyer } from '../../../../test/order-helpers.ts';

/**
 * docs/rules/card-disputes.md, through the whole app and the sandbox processor's signed webhooks:
 * a chargeback opens a dispute on the order, holds the money, pauses the person's card buys, and
 * ends won or lost with the books balanced; replays and late events change nothing.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const DISPUTE_CARD = '4000000000000259';
/** What the sandbox processor owes us for card payments in EUR. */
const RECEIVABLE = 'processor-receivable:sandbox:EUR';

const disputeOf = async (orderId: string) => (await t.db.select().from(cardDisputes).where(eq(cardDisputes.orderId, orderId)))[0];
const orderRow = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const balance = (code: string) => t.app.orders.ledger.balance(code);
async function booksBalance() {
  for (const total of (await t.app.orders.ledger.trialBalance()).values()) expect(total.isZero()).toBe(true);
}

/** A settled card buy whose payment the sandbox then disputes (the dispute card opens one at capture). */
async function disputedBuy(email: string, card: string = DISPUTE_CARD) {
  const buyer = await verifiedBuyer(t, email);
  const saved = await addCard(t, buyer.headers, card);
  const { orderId } = await buy(t, buyer.headers, saved.cardId, { fiatAmount: '40' });
  await settle(t);
  return { orderId, headers: buyer.headers, cardId: saved.cardId };
}

const sandbox = (method: 'POST', url: string, payload?: unknown) => t.app.inject({ method, url, payload: payload as never });

describe('card disputes (chargebacks)', () => {
  it('a chargeback opens a dispute that holds the money and pauses card buys; evidence then a win gives it back and lifts the pause', async () => {
    const heldBefore = await balance('disputes-held:EUR');
    const owedBefore = await balance(RECEIVABLE);
    const { orderId, headers, cardId } = await disputedBuy('dispute-won@example.com');
    // Captured (+40 owed by the processor), then taken back by the dispute (-40): the processor owes nothing for it.
    expect((await balance(RECEIVABLE)).minus(owedBefore).toFixed(2)).toBe('0.00');
    const opened = await disputeOf(orderId);
    expect(opened).toMatchObject({
      status: 'EVIDENCE_REQUIRED',
      amount: expect.stringMatching(/^40(\.0+)?$/),
      currency: 'EUR',
      reason: 'fraudulent',
    });
    expect((await balance('disputes-held:EUR')).minus(heldBefore).toFixed(2)).toBe('40.00');
    await booksBalance();

    // Paused: a new card buy is refused with its own code; nothing is charged.
    const refused = await buy(t, headers, cardId, { fiatAmount: '30' });
    expect(refused.submit.statusCode).toBe(403);
    expect(refused.submit.body.code).toBe('ODR00001026');

    const evidence = await sandbox('POST', `/sandbox/card/disputes/${opened!.processorDisputeId}/evidence`, {});
    expect(evidence.statusCode).toBe(200);
    expect(evidence.json().dispute).toMatchObject({ status: 'UNDER_REVIEW' });
    // Evidence only once: the dispute no longer waits for it.
    expect((await sandbox('POST', `/sandbox/card/disputes/${opened!.processorDisputeId}/evidence`, {})).statusCode).toBe(409);

    expect((await sandbox('POST', `/sandbox/card/disputes/${opened!.processorDisputeId}/decide`, { outcome: 'won' })).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(await disputeOf(orderId)).toMatchObject({ status: 'WON', closedAt: expect.any(Date) });
    expect((await balance('disputes-held:EUR')).minus(heldBefore).toFixed(2)).toBe('0.00');
    expect((await balance(RECEIVABLE)).minus(owedBefore).toFixed(2)).toBe('40.00');
    await booksBalance();
    // Card buys are open again (with another card: the dispute card would open a dispute of its own).
    const visa = await addCard(t, headers, TEST_CARDS.visa);
    const again = await buy(t, headers, visa.cardId, { fiatAmount: '30' });
    expect(again.submit.statusCode).toBe(200);
  });

  it('a lost dispute books the loss; a dispute left without evidence expires as lost at its deadline, with no webhook needed', async () => {
    const lossesBefore = await balance('chargeback-losses:EUR');
    const { orderId } = await disputedBuy('dispute-lost@example.com');
    const dispute = (await disputeOf(orderId))!;
    await sandbox('POST', `/sandbox/card/disputes/${dispute.processorDisputeId}/evidence`, { text: 'Delivered to the wallet on file.' });
    await sandbox('POST', `/sandbox/card/disputes/${dispute.processorDisputeId}/decide`, { outcome: 'lost' });
    await t.app.jobs.drain();
    expect(await disputeOf(orderId)).toMatchObject({ status: 'LOST' });
    expect((await balance('chargeback-losses:EUR')).minus(lossesBefore).toFixed(2)).toBe('40.00');
    await booksBalance();

    const silent = await disputedBuy('dispute-expired@example.com');
    expect(await disputeOf(silent.orderId)).toMatchObject({ status: 'EVIDENCE_REQUIRED' });
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 2 * 60 * 1000);
    await t.app.jobs.drain();
    expect(await disputeOf(silent.orderId)).toMatchObject({ status: 'LOST' });
    expect((await balance('chargeback-losses:EUR')).minus(lossesBefore).toFixed(2)).toBe('80.00');
    await booksBalance();
  });

  it('the sandbox action opens a dispute on any captured payment; a replayed webhook is stored once and a closed dispute never moves again', async () => {
    const { orderId } = await disputedBuy('dispute-replay@example.com', TEST_CARDS.visa);
    expect(await disputeOf(orderId)).toBeUndefined();
    const open = await sandbox('POST', '/sandbox/card/disputes', { reference: orderId });
    expect(open.statusCode).toBe(201);
    await t.app.jobs.drain();
    const dispute = (await disputeOf(orderId))!;
    expect(dispute.status).toBe('EVIDENCE_REQUIRED');
    await sandbox('POST', `/sandbox/card/disputes/${dispute.processorDisputeId}/evidence`, {});
    await sandbox('POST', `/sandbox/card/disputes/${dispute.processorDisputeId}/decide`, { outcome: 'won' });
    await t.app.jobs.drain();
    const events = await t.db.select().from(cardWebhookEvents);
    const held = await balance('disputes-held:EUR');

    // The same signed event again, and a late "evidence required" for the closed dispute: acknowledged, nothing changes.
    // The sandbox processor's signature key, derived from the app's secret as the registry does.
    const secret = deriveKey(await loadServerSecret(t.db, undefined), 'sandbox-card-webhook').toString('hex');
    for (const [id, type] of [
      [events[0]!.eventKey.split(':')[1]!, events[0]!.type],
      ['evt_lateevidencerequired', 'dispute_evidence_required'],
    ]) {
      const body = JSON.stringify({
        id,
        type,
        created_on: t.clock.now().toISOString(),
        data: { id: dispute.processorDisputeId, payment_id: dispute.paymentId, payment_reference: orderId },
      });
      const response = await t.app.inject({
        method: 'POST',
        url: '/webhooks/sandbox-card',
        payload: body,
        headers: { 'content-type': 'application/json', 'cko-signature': signCheckoutWebhook(body, secret) },
      });
      expect(response.statusCode).toBe(200);
    }
    await t.app.jobs.drain();
    expect(await t.db.select().from(cardWebhookEvents)).toHaveLength(events.length + 1);
    expect(await disputeOf(orderId)).toMatchObject({ status: 'WON' });
    expect((await balance('disputes-held:EUR')).eq(held)).toBe(true);
    await booksBalance();
  });

  it("a payment webhook moves its order now: a 3-D Secure answer settles the order without waiting for the order's next look", async () => {
    const buyer = await verifiedBuyer(t, 'webhook-wakes@example.com');
    const saved = await addCard(t, buyer.headers, TEST_CARDS.threeDs);
    const { orderId, submit } = await buy(t, buyer.headers, saved.cardId, { fiatAmount: '35' });
    await t.app.jobs.drain();
    expect(await orderRow(orderId)).toMatchObject({ step: 'AUTHORIZE', threeDsStatus: 'PENDING' });
    // The bank's page answers; the clock stands still, so only the processor's payment_approved can wake the order.
    await t.app.inject({ method: 'POST', url: `${new URL(submit.body.data.threeDsUrl, 'http://x').pathname}/complete` });
    for (let round = 0; round < 5; round += 1) await t.app.jobs.drain();
    expect((await orderRow(orderId)).step).not.toBe('AUTHORIZE');
    expect(await t.db.select().from(cardWebhookEvents).where(eq(cardWebhookEvents.type, 'payment_approved'))).not.toHaveLength(0);
  });

  it('a disputed order is never refunded on top of the chargeback: its refund waits for an operator', async () => {
    const { orderId } = await disputedBuy('dispute-no-refund@example.com');
    const owed = await balance(RECEIVABLE);
    // As if its payout had failed after the capture: settlement would now refund the card.
    await t.db.update(orders).set({ status: 'PROCESSING', step: 'REFUND', failReason: 'PAYOUT_FAILED' }).where(eq(orders.id, orderId));
    expect(await t.app.orders.settlement.advance(orderId)).not.toBeNull();
    expect(await orderRow(orderId)).toMatchObject({ status: 'PROCESSING', step: 'REFUND', operatorReviewSince: expect.any(Date) });
    expect((await orderRow(orderId)).operatorReviewReason).toContain('disputed');
    expect((await balance(RECEIVABLE)).eq(owed)).toBe(true);
    expect((await t.db.select().from(sandboxCardPayments).where(eq(sandboxCardPayments.reference, orderId)))[0]?.refundedAmount).toMatch(
      /^0(\.0+)?$/,
    );
  });

  it('refuses a webhook whose signature does not hold, and changes nothing', async () => {
    const before = await t.db.select().from(cardWebhookEvents);
    const body = JSON.stringify({ id: 'evt_forged', type: 'dispute_evidence_required', data: { id: 'dsp_forged' } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/webhooks/sandbox-card',
      payload: body,
      headers: { 'content-type': 'application/json', 'cko-signature': 'ab'.repeat(32) },
    });
    expect(response.statusCode).toBe(401);
    expect(await t.db.select().from(cardWebhookEvents)).toHaveLength(before.length);
  });
});
