import { PATHS } from '@causeway/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskSignIn, type DemoRole } from '../../../test/desk-helpers.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { PAYOUT_CARDS, SANCTIONED_BTC, sellHelpers } from '../../../test/sell-helpers.ts';
import { operatorAuditLog, orderEvents } from '../../db/schema/index.ts';

/**
 * Crypto owed back from a sell's deposit (docs/rules/sell-deposits.md), returned from the desk, and a flagged order
 * closed (docs/rules/operator-desk.md "Acting on what waits"): sent by the custody service once, booked when the chain
 * confirms it, and nothing closed while money is owed.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

/**
 * A desk session of the role, signed in again when the test clock ran past its idle limit (30 minutes: the chain's
 * blocks take sandbox minutes).
 */
const sessions = new Map<DemoRole, { token: string; at: number }>();
async function tokenOf(role: DemoRole): Promise<string> {
  const held = sessions.get(role);
  if (held && t.clock.now().getTime() - held.at < 20 * 60_000) {
    held.at = t.clock.now().getTime();
    return held.token;
  }
  const token = await deskSignIn(t, role);
  sessions.set(role, { token, at: t.clock.now().getTime() });
  return token;
}

const { seller, sell, send, passTime, kinds, balanced, flagOf } = sellHelpers(() => t);
/** The person's own wallet, as they confirmed it to support. */
const OWN_WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const post = async (path: string, body: object, role: DemoRole = 'compliance') =>
  deskCall(t.app, 'POST', path, await tokenOf(role), { body });
const owedList = async () => {
  const list = await deskCall(t.app, 'GET', PATHS.deskOrdersWaiting, await tokenOf('compliance'));
  expect(list.statusCode).toBe(200);
  return list.body.data.depositsOwed as Array<Record<string, unknown> & { orderId: string; transferId: string }>;
};
const depositOf = async (orderId: string) => (await t.app.orders.deposits.ofOrder(orderId))[0]!;

/** A card sell sent more than it ordered: 0.005 BTC owed back, the order flagged. */
async function overpaidSell(name: string) {
  const who = await seller(name);
  const { orderId, deposit } = await sell(who, '0.01');
  await send(deposit, '0.015');
  await passTime(15);
  expect(await flagOf(orderId)).toMatch(/0.005 BTC owed back/);
  return { orderId, transferId: (await depositOf(orderId)).transferId };
}

describe('crypto owed back', () => {
  it('is listed with what is owed, sent to the address given once, booked when confirmed, and the flag then closes', async () => {
    const { orderId, transferId } = await overpaidSell('return-over');
    expect((await owedList()).find((row) => row.transferId === transferId)).toMatchObject({
      orderId,
      outcome: 'OVER',
      asset: 'BTC',
      network: 'BTC',
      owed: '0.005',
      returning: null,
      lastFailure: null,
    });

    const asked = await post(PATHS.deskDepositReturn, { transferId, address: OWN_WALLET, reason: 'the person asked for the excess back' });
    expect(asked.statusCode, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data).toEqual({ transferId, orderId, asset: 'BTC', network: 'BTC', amount: '0.005' });
    // A second click (or operator) while it is on its way sends nothing more.
    const again = await post(PATHS.deskDepositReturn, { transferId, address: OWN_WALLET, reason: 'again' });
    expect([again.statusCode, again.body.code]).toEqual([409, 'DSK0000021']);

    await t.app.jobs.drain();
    expect((await owedList()).find((row) => row.transferId === transferId)?.returning).toMatchObject({ address: OWN_WALLET, memo: null });
    // Nothing is booked before the chain confirms it.
    expect(await kinds(orderId)).not.toContain('sell-deposit-return');
    await passTime(30, 5);

    const returned = await depositOf(orderId);
    expect(returned.resolvedAt).not.toBeNull();
    expect(returned.returnTxHash).toBeTruthy();
    expect(await kinds(orderId)).toContain('sell-deposit-return');
    expect((await owedList()).some((row) => row.transferId === transferId)).toBe(false);
    expect((await t.app.orders.repository.findOrder(orderId))!.operatorReviewSince).toBeNull();
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.some((event) => event.detail?.startsWith('owed 0.005 BTC returned'))).toBe(true);
    const [audit] = await t.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'order.deposit-return'), eq(operatorAuditLog.targetId, transferId)));
    expect(audit).toMatchObject({ targetType: 'sell-deposit', outcome: 'done' });
    expect(audit!.details).toMatchObject({ address: OWN_WALLET, reason: 'the person asked for the excess back', orderId, attempt: 1 });
    await balanced();

    const late = await post(PATHS.deskDepositReturn, { transferId, address: OWN_WALLET, reason: 'once more' });
    expect([late.statusCode, late.body.code]).toEqual([409, 'DSK0000021']);
  });

  it('refuses an address of another network, a screened address and a role that may not, changing nothing', async () => {
    const { orderId, transferId } = await overpaidSell('return-refused');
    const cases: Array<[object, DemoRole, number, string]> = [
      [{ transferId, address: '0x52908400098527886E0F7030069857D2E4169EE7', reason: 'wrong network' }, 'compliance', 400, 'DSK0000027'],
      [{ transferId, address: SANCTIONED_BTC, reason: 'sanctioned' }, 'compliance', 403, 'ODR00001006'],
      [{ transferId, address: OWN_WALLET, reason: 'no role' }, 'support', 403, 'DSK0000004'],
      [{ transferId, address: OWN_WALLET, reason: 'x' }, 'compliance', 400, 'REQ0000400'],
      [{ transferId: 'nobody', address: OWN_WALLET, reason: 'nobody' }, 'compliance', 404, 'DSK0000005'],
    ];
    for (const [body, token, status, code] of cases) {
      const refused = await post(PATHS.deskDepositReturn, body, token);
      expect([refused.statusCode, refused.body.code], JSON.stringify(body)).toEqual([status, code]);
    }
    const row = await depositOf(orderId);
    expect(row).toMatchObject({ returnRequestedAt: null, returnAttempts: 0, resolvedAt: null });
    await t.app.jobs.drain();
    expect(await kinds(orderId)).not.toContain('sell-deposit-return');
  });
});

describe('closing a flag', () => {
  it('is refused while crypto is owed back or a payout was declined, and closes a flag with nothing owed, once', async () => {
    const { orderId: owing } = await overpaidSell('close-owing');
    const refused = await post(PATHS.deskCloseFlag, { orderId: owing, reason: 'looked at it' });
    expect([refused.statusCode, refused.body.code]).toEqual([409, 'DSK0000026']);

    const declined = await seller('close-declined', PAYOUT_CARDS.declined);
    const sold = await sell(declined, '0.01');
    await send(sold.deposit, '0.01');
    await passTime(15);
    expect(await flagOf(sold.orderId)).toMatch(/card payout declined/);
    const proceedsOwed = await post(PATHS.deskCloseFlag, { orderId: sold.orderId, reason: 'paid by hand' });
    expect([proceedsOwed.statusCode, proceedsOwed.body.code]).toEqual([409, 'DSK0000026']);

    // A flag with nothing owed behind it (a matched sale an operator was asked to look at).
    const plain = await seller('close-plain');
    const matched = await sell(plain, '0.01');
    await send(matched.deposit, '0.01');
    await passTime(15);
    const order = (await t.app.orders.repository.findOrder(matched.orderId))!;
    await t.app.orders.repository.flagForOperator(order, t.clock.now(), 'the person says the card statement looks wrong');
    const closed = await post(PATHS.deskCloseFlag, { orderId: matched.orderId, reason: 'statement checked with the person: all right' });
    expect(closed.statusCode, JSON.stringify(closed.body)).toBe(200);
    expect((await t.app.orders.repository.findOrder(matched.orderId))!.operatorReviewSince).toBeNull();
    const twice = await post(PATHS.deskCloseFlag, { orderId: matched.orderId, reason: 'again' });
    expect([twice.statusCode, twice.body.code]).toEqual([409, 'DSK0000021']);
    const [audit] = await t.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'order.close-flag'), eq(operatorAuditLog.targetId, matched.orderId)));
    expect(audit?.details).toMatchObject({ reason: 'statement checked with the person: all right' });
  });
});
