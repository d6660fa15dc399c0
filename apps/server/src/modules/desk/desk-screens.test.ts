import { PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankCredit, verifiedPerson } from '../../../test/bank-helpers.ts';
import { deskCall, deskSignIn } from '../../../test/desk-helpers.ts';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { addCard, buy, TEST_CARDS } from '../../../test/order-helpers.ts';
import { merchantUserLinks, operatorAuditLog, orders } from '../../db/schema/index.ts';
import { DEMO_MERCHANT } from '../merchant/index.ts';

// docs/rules/operator-desk.md "Screens": people, a person, orders waiting, the trial balance, read
// through the other modules' faces.

let t: IdentityTestApp;
let admin: string;
let support: string;
let person: Awaited<ReturnType<typeof verifiedPerson>>;
let orderId: string;

beforeAll(async () => {
  t = await createIdentityTestApp();
  admin = await deskSignIn(t, 'admin');
  support = await deskSignIn(t, 'support');
  person = await verifiedPerson(t, 'desk-screens-person@example.com');
  // An order, flagged for an operator as the late-authorisation reconcile does.
  const card = await addCard(t, person.headers, TEST_CARDS.visa);
  ({ orderId } = await buy(t, person.headers, card.cardId));
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  await t.app.orders.repository.flagForOperator(order!, t.clock.now(), 'payment captured after the order ended');
  // A deposit to the person's balance, and a credit nobody's reference names (held in suspense).
  const opened = await call(t.app, 'POST', PATHS.bankTransferInstructions, { headers: person.headers, body: { currency: 'EUR' } });
  expect(opened.statusCode).toBe(200);
  const account = await t.app.banking.repository.namedAccount(person.userId, 'sandbox', 'EUR');
  await t.app.banking.credits.record(bankCredit({ amount: '100.00', accountId: account!.accountId, payerName: 'Ann Example' }));
  await t.app.banking.credits.record(bankCredit({ amount: '10.00', reference: 'nobody-named', payerName: 'Some Payer' }));
  // The demo merchant linked the person.
  await t.db
    .insert(merchantUserLinks)
    .values({ merchantId: DEMO_MERCHANT.id, merchantUserId: 'cust-desk-1', userId: person.userId, verifiedAt: t.clock.now() });
});
afterAll(async () => {
  await t.app.close();
});

describe('people', () => {
  it('finds an account by part of its email or by its id, 20 a page, newest first', async () => {
    const byEmail = await deskCall(t.app, 'GET', PATHS.deskPeople, support, { query: { q: 'SCREENS-person@' } });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.body.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(byEmail.body.data.people[0]).toMatchObject({
      userId: person.userId,
      email: 'desk-screens-person@example.com',
      userType: 'Individual',
    });
    const byId = await deskCall(t.app, 'GET', PATHS.deskPeople, support, { query: { q: person.userId } });
    expect(byId.body.data.people.map((row: { userId: string }) => row.userId)).toEqual([person.userId]);
    // A % or _ is a character to find, not a pattern.
    expect((await deskCall(t.app, 'GET', PATHS.deskPeople, support, { query: { q: '%' } })).body.data.total).toBe(0);
    const all = await deskCall(t.app, 'GET', PATHS.deskPeople, support, { query: { page: '1' } });
    expect(all.body.data.total).toBeGreaterThanOrEqual(3);
    expect((await deskCall(t.app, 'GET', PATHS.deskPeople, support, { query: { page: '0' } })).body.code).toBe('REQ0000400');
  });

  it("shows a person's account, verification, orders and merchant links, and writes the look to the audit log", async () => {
    const answer = await deskCall(t.app, 'GET', PATHS.deskPerson, support, { query: { userId: person.userId } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toMatchObject({
      person: { userId: person.userId, accountStatus: 'Active', entityTag: expect.any(String) },
      verification: { kind: 'KYC', status: 'Pass', level: 1 },
      merchantLinks: [{ merchantId: DEMO_MERCHANT.id, merchantUserId: 'cust-desk-1' }],
    });
    expect(answer.body.data.orders.recent).toEqual([expect.objectContaining({ orderId, transactionType: 'buy' })]);
    expect(Object.values(answer.body.data.orders.byStatus as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(1);
    const looks = await t.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.targetId, person.userId));
    expect(looks.map((row) => [row.action, row.targetType, row.outcome])).toEqual([['person.view', 'person', 'done']]);
    const missing = await deskCall(t.app, 'GET', PATHS.deskPerson, support, { query: { userId: 'usr_nobody' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body.code).toBe('DSK0000005');
  });
});

describe('orders waiting', () => {
  it('lists the orders awaiting an operator and the credits in suspense, never the person', async () => {
    const answer = await deskCall(t.app, 'GET', PATHS.deskOrdersWaiting, support);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data.orders).toContainEqual(
      expect.objectContaining({ orderId, kind: 'payment', reason: 'payment captured after the order ended' }),
    );
    expect(answer.body.data.suspenseCredits).toContainEqual(
      expect.objectContaining({ amount: '10.00', currency: 'EUR', reference: 'nobody-named', payerName: 'Some Payer' }),
    );
    expect(JSON.stringify(answer.body.data)).not.toContain(person.userId);
    expect(JSON.stringify(answer.body.data)).not.toContain('desk-screens-person@example.com');
  });
});

describe('the trial balance', () => {
  it('balances: per currency the debits equal the credits, and people’s balances are one line per currency', async () => {
    const answer = await deskCall(t.app, 'GET', PATHS.deskTrialBalance, admin);
    expect(answer.statusCode).toBe(200);
    const { balanced, currencies, lines } = answer.body.data as {
      balanced: boolean;
      currencies: Array<{ currency: string; debits: string; credits: string; balanced: boolean }>;
      lines: Array<{ account: string; currency: string; accounts: number; debit: string; credit: string }>;
    };
    expect(balanced).toBe(true);
    const eur = currencies.find((currency) => currency.currency === 'EUR')!;
    expect(eur).toMatchObject({ balanced: true });
    expect(eur.debits).toBe(eur.credits);
    expect(Number(eur.debits)).toBeGreaterThan(0);
    const people = lines.find((line) => line.account === 'balance:*' && line.currency === 'EUR')!;
    expect(people).toMatchObject({ accounts: 1, debit: '0', credit: '100' });
    expect(lines.some((line) => line.account.includes(person.userId))).toBe(false);
    // Every line stands on one side only.
    for (const line of lines) expect(line.debit === '0' || line.credit === '0', JSON.stringify(line)).toBe(true);
  });
});
