import { PATHS } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { addCard, buy, orderDetail, settle, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

describe('a card buy from quote to SUCCESS', () => {
  it('authorises, captures, buys, pays out, confirms, mails a receipt, and the books balance', async () => {
    const buyer = await verifiedBuyer(t, 'flow-visa@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const { orderId, quote, submit } = await buy(t, buyer.headers, card.cardId);
    expect(submit.statusCode).toBe(200);
    expect(submit.body.data).toMatchObject({ orderId, status: 'PROCESSING', threeDsUrl: null, failReason: null });
    await settle(t);
    const detail = await orderDetail(t, buyer.headers, orderId);
    expect(detail.status).toBe('SUCCESS');
    expect(detail.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.cryptoAmount).toBe(new Decimal(quote.cryptoAmount).toFixed());
    const journals = await t.app.orders.ledger.journalsOf(orderId);
    // Reserved before captured; the payout's delivery and its network fee are booked together at confirmation.
    expect(journals.map((journal) => journal.kind).slice(0, 3)).toEqual(['crypto-reservation', 'card-capture', 'crypto-purchase']);
    expect(
      journals
        .map((journal) => journal.kind)
        .slice(3)
        .sort(),
    ).toEqual(['crypto-payout', 'payout-network-fee']);
    for (const total of (await t.app.orders.ledger.trialBalance()).values()) expect(total.isZero()).toBe(true);
    const mailbox = await t.app.inject({ method: 'GET', url: '/sandbox/mailbox?to=flow-visa@example.com' });
    expect(mailbox.json().messages[0].subject).toContain('receipt');
  });

  it('the 3DS card waits for the challenge; Complete goes on to SUCCESS', async () => {
    const buyer = await verifiedBuyer(t, 'flow-3ds@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.threeDs);
    const { orderId, submit } = await buy(t, buyer.headers, card.cardId);
    expect(submit.body.data.status).toBe('OrderSubmitted');
    const url = submit.body.data.threeDsUrl as string;
    expect(url).toMatch(/\/sandbox\/3ds\//);
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.body).toContain('Complete');
    const done = await t.app.inject({ method: 'POST', url: `${new URL(url, 'http://x').pathname}/complete` });
    expect(done.statusCode).toBe(303);
    const status = await call(t.app, 'POST', PATHS.get3dsStatus, { headers: buyer.headers, body: { orderId } });
    expect(status.body.data).toMatchObject({ threeDsStatus: 'SUCCEEDED', status: 'PROCESSING' });
    await settle(t);
    expect((await orderDetail(t, buyer.headers, orderId)).status).toBe('SUCCESS');
  });

  it.each([
    ['declined', TEST_CARDS.declined, 'FAILED', 'CARD_DECLINED'],
    ['insufficient funds', TEST_CARDS.insufficientFunds, 'FAILED', 'INSUFFICIENT_FUNDS'],
    ['partial authorisation', TEST_CARDS.partial, 'PARTIAL_AUTH', 'PARTIAL_AUTH'],
    ['processor timeout', TEST_CARDS.timeout, 'FAILED', 'PROCESSOR_TIMEOUT'],
  ])('%s ends final at once with no money moved', async (_name, number, status, failReason) => {
    const buyer = await verifiedBuyer(t, `flow-${failReason.toLowerCase()}-${status.length}@example.com`);
    const card = await addCard(t, buyer.headers, number);
    const { orderId, submit } = await buy(t, buyer.headers, card.cardId);
    expect(submit.body.data).toMatchObject({ status, failReason });
    expect(await t.app.orders.ledger.journalsOf(orderId)).toEqual([]);
  });
});

describe('idempotency keys', () => {
  it('live 24 h: the hourly housekeeping job forgets older ones, not newer ones', async () => {
    const buyer = await verifiedBuyer(t, 'flow-keys@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const { orderId } = await buy(t, buyer.headers, card.cardId);
    const keyOf = async (id: string) => (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, id))).length;
    expect(await keyOf(orderId)).toBe(1);
    t.clock.advance(23 * 60 * 60 * 1000);
    await t.app.jobs.drain();
    expect(await keyOf(orderId)).toBe(1);
    t.clock.advance(2 * 60 * 60 * 1000);
    await t.app.jobs.drain();
    expect(await keyOf(orderId)).toBe(0);
  });
});
