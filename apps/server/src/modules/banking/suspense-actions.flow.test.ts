import { PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankCredit, verifiedPerson } from '../../../test/bank-helpers.ts';
import { deskCall, deskSignIn } from '../../../test/desk-helpers.ts';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { bankCredits, operatorAuditLog, users } from '../../db/schema/index.ts';
import { accounts } from '../ledger/index.ts';

/**
 * An operator decides a bank credit held in suspense (docs/rules/bank-transfers.md "Suspense: an operator
 * decides"; docs/rules/operator-desk.md "Acting on what waits"): credited to the person once, or marked to
 * return and taken out of suspense when the bank reports it returned; the books balance after each.
 */
let t: IdentityTestApp;
let compliance: string;
let admin: string;
let support: string;
beforeAll(async () => {
  t = await createIdentityTestApp();
  compliance = await deskSignIn(t, 'compliance');
  admin = await deskSignIn(t, 'admin');
  support = await deskSignIn(t, 'support');
});
afterAll(() => t.app.close());

const ledgerBalance = (code: string) => t.app.orders.ledger.balance(code);
const suspenseEur = () => ledgerBalance(accounts.bankSuspense('EUR').code);
const balanced = async () => {
  for (const total of (await t.app.orders.ledger.trialBalance()).values()) expect(total.isZero()).toBe(true);
};
const creditRow = async (id: string) => (await t.db.select().from(bankCredits).where(eq(bankCredits.id, id)))[0]!;
const decide = (token: string, body: object) => deskCall(t.app, 'POST', PATHS.deskSuspenseCredit, token, { body });
const waitingCredits = async () =>
  (await deskCall(t.app, 'GET', PATHS.deskOrdersWaiting, support)).body.data.suspenseCredits as Array<{
    creditId: string;
    toReturn: boolean;
  }>;
const eurOf = async (headers: Record<string, string>) => {
  const response = await call(t.app, 'GET', PATHS.listBalance, { headers });
  return (
    (response.body.data.balances as Array<{ currency: string; available: string }>).find((b) => b.currency === 'EUR')?.available ?? '0'
  );
};

/** A verified person with their deposit reference (their EUR account opened). */
async function person(name: string) {
  const who = await verifiedPerson(t, `suspense-${name}@example.com`);
  const opened = await call(t.app, 'POST', PATHS.bankTransferInstructions, { headers: who.headers, body: { currency: 'EUR' } });
  expect(opened.statusCode, JSON.stringify(opened.body)).toBe(200);
  return { ...who, reference: opened.body.data.reference as string };
}
/** A credit naming nobody: held in suspense. */
const heldCredit = async (amount: string, over: Partial<Parameters<typeof bankCredit>[0]> = {}) => {
  const row = await t.app.banking.credits.record(bankCredit({ amount, reference: 'for my order', payerName: 'Pat Payer', ...over }));
  expect(row.outcome).toBe('SUSPENSE');
  return row;
};

describe('crediting a credit in suspense to a person', () => {
  it('by their reference: their balance has it, suspense does not, the books balance, the audit row says who and why', async () => {
    const who = await person('by-reference');
    const credit = await heldCredit('40.00');
    const suspenseBefore = await suspenseEur();
    const spaced = `${who.reference.slice(0, 4).toLowerCase()} ${who.reference.slice(4)}`;
    const answer = await decide(compliance, {
      creditId: credit.id,
      action: 'assign',
      person: { reference: spaced },
      reason: 'Payer called: their order reference was mistyped',
    });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ creditId: credit.id, resolution: 'ASSIGNED', userId: who.userId, currency: 'EUR', amount: '40.00' });
    expect(await eurOf(who.headers)).toBe('40');
    expect(suspenseBefore.minus(await suspenseEur()).toFixed()).toBe('40');
    // The person's activity shows it credited, no longer in review.
    const activity = await call(t.app, 'GET', PATHS.listBankActivity, { headers: who.headers });
    const items = activity.body.data.items as Array<{ id: string; status: string }>;
    expect(items.filter((item) => item.id === credit.id).map((item) => item.status)).toEqual(['CREDITED']);
    await balanced();
    const row = await creditRow(credit.id);
    expect(row).toMatchObject({
      resolution: 'ASSIGNED',
      userId: who.userId,
      resolutionReason: 'Payer called: their order reference was mistyped',
    });
    expect(row.resolvedAt).not.toBeNull();
    expect(row.resolvedBy).toMatch(/^opr_/);
    const audit = await t.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.targetId, credit.id));
    expect(audit.map((entry) => [entry.action, entry.targetType, entry.outcome, entry.operatorId])).toEqual([
      ['bank-credit.assign', 'bank-credit', 'done', row.resolvedBy],
    ]);
    expect(audit[0]!.details).toMatchObject({
      reason: 'Payer called: their order reference was mistyped',
      person: { reference: spaced },
      resolution: 'ASSIGNED',
      userId: who.userId,
      amount: '40.00',
    });
    // It waits for nobody any more.
    expect((await waitingCredits()).map((listed) => listed.creditId)).not.toContain(credit.id);
  });

  it('twice at once (two clicks, two operators): credited once, the other refused DSK0000021', async () => {
    const who = await person('twice');
    const credit = await heldCredit('25.00');
    const body = { creditId: credit.id, action: 'assign', person: { userId: who.userId }, reason: 'Named in the payer’s email' };
    const answers = await Promise.all([decide(compliance, body), decide(admin, body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.body.code).toBe('DSK0000021');
    expect(await eurOf(who.headers)).toBe('25');
    // And later again, by return too: nothing moves.
    expect((await decide(admin, { creditId: credit.id, action: 'return', reason: 'changed my mind' })).body.code).toBe('DSK0000021');
    expect(await eurOf(who.headers)).toBe('25');
    const audit = await t.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.targetId, credit.id));
    expect(audit.map((entry) => entry.outcome)).toEqual(['done']);
    await balanced();
  });

  it('returned later by the sender’s bank is taken back out of the person’s balance', async () => {
    const who = await person('returned-later');
    const credit = await heldCredit('15.00');
    expect(
      (await decide(compliance, { creditId: credit.id, action: 'assign', person: { userId: who.userId }, reason: 'Known payer' }))
        .statusCode,
    ).toBe(200);
    expect(await eurOf(who.headers)).toBe('15');
    const suspenseBefore = await suspenseEur();
    await t.app.banking.credits.record({ ...bankCredit({ amount: '15.00' }), creditId: credit.creditId, status: 'RETURNED' });
    expect(await eurOf(who.headers)).toBe('0');
    expect((await suspenseEur()).toFixed()).toBe(suspenseBefore.toFixed());
    await balanced();
  });

  it('is refused in a currency no balance is kept in (DSK0000023), for nobody (DSK0000005), for a blocked account (DSK0000024), and changes nothing', async () => {
    const who = await person('refused');
    const dollars = await heldCredit('30.00', { currency: 'USD' });
    const refused = await decide(compliance, {
      creditId: dollars.id,
      action: 'assign',
      person: { userId: who.userId },
      reason: 'Known payer',
    });
    expect([refused.statusCode, refused.body.code]).toEqual([409, 'DSK0000023']);
    const euros = await heldCredit('31.00');
    const nobody = await decide(compliance, {
      creditId: euros.id,
      action: 'assign',
      person: { reference: 'CW00000000' },
      reason: 'Known payer',
    });
    expect([nobody.statusCode, nobody.body.code]).toEqual([404, 'DSK0000005']);
    const noUser = await decide(compliance, {
      creditId: euros.id,
      action: 'assign',
      person: { userId: 'usr_nobody' },
      reason: 'Known payer',
    });
    expect([noUser.statusCode, noUser.body.code]).toEqual([404, 'DSK0000005']);
    // A blocked account (an EDD rejection, say) is not given money held for a review: it goes back to the payer.
    const blocked = await person('blocked');
    await t.db.update(users).set({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100004' }).where(eq(users.id, blocked.userId));
    const toBlocked = await decide(compliance, {
      creditId: euros.id,
      action: 'assign',
      person: { userId: blocked.userId },
      reason: 'Known payer',
    });
    expect([toBlocked.statusCode, toBlocked.body.code]).toEqual([409, 'DSK0000024']);
    const noCredit = await decide(compliance, { creditId: 'bcr_nothing', action: 'return', reason: 'Unknown payer' });
    expect([noCredit.statusCode, noCredit.body.code]).toEqual([404, 'DSK0000005']);
    for (const id of [dollars.id, euros.id])
      expect(await creditRow(id)).toMatchObject({ resolution: null, resolvedAt: null, resolvedBy: null });
    expect(await eurOf(who.headers)).toBe('0');
    await balanced();
  });
});

describe('sending a credit in suspense back', () => {
  it('marks it to return (listed, no journal yet); the bank’s return then takes it out of suspense', async () => {
    const credit = await heldCredit('12.00');
    const suspenseBefore = await suspenseEur();
    const answer = await decide(compliance, { creditId: credit.id, action: 'return', reason: 'Third-party payment: AML rules' });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ creditId: credit.id, resolution: 'TO_RETURN', userId: null, amount: '12.00' });
    expect(await creditRow(credit.id)).toMatchObject({ resolution: 'TO_RETURN', resolvedAt: null, returnedAt: null });
    expect((await suspenseEur()).toFixed()).toBe(suspenseBefore.toFixed());
    expect(await waitingCredits()).toContainEqual(expect.objectContaining({ creditId: credit.id, toReturn: true }));
    // Decided: no second decision, not even crediting it.
    const again = await decide(admin, {
      creditId: credit.id,
      action: 'assign',
      person: { reference: 'CW00000000' },
      reason: 'x'.repeat(5),
    });
    expect(again.body.code).toBe('DSK0000021');
    // The operator returned it in the bank's portal; the bank reports it RETURNED.
    await t.app.banking.credits.record({ ...bankCredit({ amount: '12.00' }), creditId: credit.creditId, status: 'RETURNED' });
    expect(suspenseBefore.minus(await suspenseEur()).toFixed()).toBe('12');
    const row = await creditRow(credit.id);
    expect(row.returnedAt).not.toBeNull();
    expect(row.resolvedAt).not.toBeNull();
    expect((await waitingCredits()).map((listed) => listed.creditId)).not.toContain(credit.id);
    const audit = await t.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.targetId, credit.id));
    expect(audit.map((entry) => [entry.action, entry.outcome])).toEqual([['bank-credit.return', 'done']]);
    await balanced();
  });
});

describe('who may, and what is refused', () => {
  it('refuses a support operator (DSK0000004, audited as refused), and changes nothing', async () => {
    const credit = await heldCredit('9.00');
    const answer = await decide(support, { creditId: credit.id, action: 'return', reason: 'Unknown payer' });
    expect([answer.statusCode, answer.body.code]).toEqual([403, 'DSK0000004']);
    expect(await creditRow(credit.id)).toMatchObject({ resolution: null, resolvedAt: null });
  });

  it.each([
    ['no reason', { action: 'return' }],
    ['a blank reason', { action: 'return', reason: '   ' }],
    ['no person to credit', { action: 'assign', reason: 'Known payer' }],
    ['two people at once', { action: 'assign', person: { userId: 'usr_a', reference: 'CW12345678' }, reason: 'Known payer' }],
    ['an unknown action', { action: 'keep', reason: 'Known payer' }],
  ])('answers 400 for %s, and changes nothing', async (_what, body) => {
    const credit = await heldCredit('8.00');
    const answer = await decide(compliance, { creditId: credit.id, ...body });
    expect([answer.statusCode, answer.body.code]).toEqual([400, 'REQ0000400']);
    expect(await creditRow(credit.id)).toMatchObject({ resolution: null, resolvedAt: null, resolvedBy: null });
  });
});
