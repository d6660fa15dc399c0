import { PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskSignIn } from '../../../test/desk-helpers.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { addCard, buy, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';
import { operatorAuditLog, orders } from '../../db/schema/index.ts';

/**
 * A payout of unknown outcome waiting at PAYOUT_REVIEW, decided by an operator on the desk
 * (docs/rules/order-states.md "Settlement steps"; docs/rules/operator-desk.md "Acting on what waits"):
 * delivered ends it SUCCESS as a confirmation would, not delivered refunds it as a failed transfer
 * would; once only, never against what the custody service reports, and the books balance after each.
 */
let t: IdentityTestApp;
let compliance: string;
let admin: string;
let support: string;
let buyer: Awaited<ReturnType<typeof verifiedBuyer>>;
let cardId: string;

/** The sandbox chain confirms after 10 minutes; a payout is overdue after 1: the worker moves it to PAYOUT_REVIEW. */
beforeAll(async () => {
  t = await createIdentityTestApp({ SANDBOX_CHAIN_CONFIRM_MS: '600000', PAYOUT_CONFIRM_DEADLINE_MS: '60000' });
  compliance = await deskSignIn(t, 'compliance');
  admin = await deskSignIn(t, 'admin');
  support = await deskSignIn(t, 'support');
  buyer = await verifiedBuyer(t, 'payout-review@example.com');
  ({ cardId } = await addCard(t, buyer.headers, TEST_CARDS.visa));
});
afterAll(() => t.app.close());

const orderRow = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const balanced = async () => {
  for (const total of (await t.app.orders.ledger.trialBalance()).values()) expect(total.isZero()).toBe(true);
};
const decide = (token: string, body: object) => deskCall(t.app, 'POST', PATHS.deskPayoutOutcome, token, { body });
const TX = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

/** A card buy whose payout is sent and pending past its deadline: at PAYOUT_REVIEW. */
async function orderInReview(): Promise<string> {
  const { orderId } = await buy(t, buyer.headers, cardId);
  for (let round = 0; round < 20 && (await orderRow(orderId)).step !== 'PAYOUT_REVIEW'; round += 1) {
    await t.app.jobs.drain();
    t.clock.advance(10_000);
  }
  expect((await orderRow(orderId)).step).toBe('PAYOUT_REVIEW');
  return orderId;
}

describe('a payout the operator verified as delivered', () => {
  it('ends the order SUCCESS with the transaction they checked, its crypto paid out in the books, audited', async () => {
    const orderId = await orderInReview();
    const answer = await decide(compliance, { orderId, outcome: 'delivered', txHash: TX, reason: 'Seen on the explorer, 3 confirmations' });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ orderId, status: 'SUCCESS', step: 'DONE' });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 'SUCCESS', step: 'DONE', txHash: TX, failReason: null });
    expect(order.completedAt).not.toBeNull();
    const kinds = (await t.app.orders.ledger.journalsOf(orderId)).map((journal) => journal.kind);
    expect(kinds).toContain('crypto-payout');
    expect(kinds).not.toContain('card-refund');
    await balanced();
    const audit = await t.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.targetId, orderId));
    expect(audit.map((entry) => [entry.action, entry.targetType, entry.outcome])).toEqual([['order.payout-outcome', 'order', 'done']]);
    expect(audit[0]!.details).toMatchObject({
      outcome: 'delivered',
      txHash: TX,
      reason: 'Seen on the explorer, 3 confirmations',
      custody: 'PENDING',
      status: 'SUCCESS',
    });
    // The worker's next look changes nothing; it no longer waits.
    await t.app.jobs.drain();
    expect((await orderRow(orderId)).status).toBe('SUCCESS');
    const waiting = await deskCall(t.app, 'GET', PATHS.deskOrdersWaiting, support);
    expect(waiting.body.data.orders.map((row: { orderId: string }) => row.orderId)).not.toContain(orderId);
  });
});

describe('a payout the operator would record as not delivered', () => {
  it('is refused while the custody service reports the transfer pending (it may still arrive): nothing changes', async () => {
    const orderId = await orderInReview();
    const answer = await decide(admin, { orderId, outcome: 'not-delivered', reason: 'Not on the explorer yet' });
    expect([answer.statusCode, answer.body.code]).toEqual([409, 'DSK0000022']);
    expect(answer.body.msg).toContain('cancel it there first');
    expect(await orderRow(orderId)).toMatchObject({ status: 'PROCESSING', step: 'PAYOUT_REVIEW' });
    expect(await t.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.targetId, orderId))).toEqual([]);
    await balanced();
  });
});

describe('deciding once', () => {
  it('two decisions at once: one wins, the other is refused DSK0000021, and the order ends once', async () => {
    const orderId = await orderInReview();
    const answers = await Promise.all([
      decide(compliance, { orderId, outcome: 'delivered', txHash: TX, reason: 'Seen on the explorer' }),
      decide(admin, { orderId, outcome: 'delivered', txHash: TX, reason: 'Seen on the explorer too' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.body.code).toBe('DSK0000021');
    await t.app.jobs.drain();
    const order = await orderRow(orderId);
    expect(order.status).toBe('SUCCESS');
    const audit = await t.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.targetId, orderId));
    expect(audit).toHaveLength(1);
    // Later again: it no longer waits.
    expect((await decide(admin, { orderId, outcome: 'delivered', txHash: TX, reason: 'Again' })).body.code).toBe('DSK0000021');
    await balanced();
  });

  it('refuses "not delivered" for a transfer the custody service reports confirmed (DSK0000022): no double payment', async () => {
    const orderId = await orderInReview();
    // The sandbox chain confirms it now; the worker has not looked yet.
    t.clock.advance(600_000);
    const answer = await decide(compliance, { orderId, outcome: 'not-delivered', reason: 'Not on the explorer' });
    expect([answer.statusCode, answer.body.code]).toEqual([409, 'DSK0000022']);
    expect(await orderRow(orderId)).toMatchObject({ status: 'PROCESSING', step: 'PAYOUT_REVIEW' });
    expect(await t.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.targetId, orderId))).toEqual([]);
    // The worker's own look ends it SUCCESS, as a late confirmation does.
    await t.app.jobs.drain();
    expect((await orderRow(orderId)).status).toBe('SUCCESS');
    await balanced();
  });
});

describe('who may, and what is refused', () => {
  it('refuses a support operator (DSK0000004), an order not waiting (DSK0000021) or unknown (DSK0000005); nothing changes', async () => {
    const orderId = await orderInReview();
    const refused = await decide(support, { orderId, outcome: 'delivered', txHash: TX, reason: 'Seen on the explorer' });
    expect([refused.statusCode, refused.body.code]).toEqual([403, 'DSK0000004']);
    expect(await orderRow(orderId)).toMatchObject({ status: 'PROCESSING', step: 'PAYOUT_REVIEW' });
    const unknown = await decide(compliance, {
      orderId: '00000000-0000-4000-8000-000000000000',
      outcome: 'not-delivered',
      reason: 'Seen nowhere',
    });
    expect([unknown.statusCode, unknown.body.code]).toEqual([404, 'DSK0000005']);
    // Settled by its own worker (the chain confirmed): no longer for an operator.
    t.clock.advance(600_000);
    await t.app.jobs.drain();
    expect((await orderRow(orderId)).status).toBe('SUCCESS');
    const late = await decide(compliance, { orderId, outcome: 'not-delivered', reason: 'Too late' });
    expect([late.statusCode, late.body.code]).toEqual([409, 'DSK0000021']);
  });

  it.each([
    ['no reason', { outcome: 'not-delivered' }],
    ['a two-letter reason', { outcome: 'not-delivered', reason: 'no' }],
    ['delivered without the transaction checked', { outcome: 'delivered', reason: 'Seen on the explorer' }],
    ['a transaction id that is no id', { outcome: 'delivered', txHash: 'see explorer', reason: 'Seen on the explorer' }],
    ['an unknown outcome', { outcome: 'maybe', reason: 'Seen on the explorer' }],
  ])('answers 400 for %s, and changes nothing', async (_what, body) => {
    const { orderId } = await buy(t, buyer.headers, cardId);
    const before = await orderRow(orderId);
    const answer = await decide(compliance, { orderId, ...body });
    expect([answer.statusCode, answer.body.code]).toEqual([400, 'REQ0000400']);
    expect(await orderRow(orderId)).toEqual(before);
  });
});
