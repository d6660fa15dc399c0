import { BANK_ACCOUNTS_PER_DAY, MAX_BANK_ACCOUNTS, normaliseBankAccount } from '@causeway/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  achAccount,
  addBankAccount,
  deleteBankAccount,
  listBankAccounts,
  SEPA_ACCOUNT,
  verifiedPayee,
} from '../../../test/bank-account-helpers.ts';
import { createIdentityTestApp, type IdentityTestApp, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { bankAccounts, users } from '../../db/schema/index.ts';
import { toBankAccountRow } from './bank-account-rows.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const HOUR_MS = 60 * 60 * 1000;
const liveRowsOf = (userId: string) =>
  t.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.deletedAt)));
const codesOf = (responses: Array<{ body: { code: string } }>) => responses.map((response) => response.body.code).sort();

/** Accounts saved days ago (straight into the table, past the daily cap), so a test starts near the total cap. */
async function savedLongAgo(userId: string, count: number, from: number) {
  const then = new Date(t.clock.now().getTime() - 30 * 24 * HOUR_MS);
  for (let n = from; n < from + count; n += 1) {
    const { kind, ...values } = achAccount(n);
    await t.db.insert(bankAccounts).values(toBankAccountRow({ userId, kind, values: normaliseBankAccount(kind, values), now: then }));
  }
}

describe("bank-account/add: the caps, counted under the person's lock", () => {
  it(`adds at most ${BANK_ACCOUNTS_PER_DAY} in 24 hours (a delete gives none back), says until when, then allows again`, async () => {
    const email = 'bank-daily@example.com';
    const ada = await verifiedPayee(t, email);
    const first = [];
    for (let n = 0; n < BANK_ACCOUNTS_PER_DAY; n += 1) first.push((await addBankAccount(t, ada.headers, achAccount(n))).body.data);
    await deleteBankAccount(t, ada.headers, first[0].bankAccountId);
    const availableAt = new Date(new Date(first[0].createdAt).getTime() + 24 * HOUR_MS).toISOString();

    const refused = await addBankAccount(t, ada.headers, achAccount(10));
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatchObject({ code: 'BKA0000008', data: { availableAt } });
    expect((await listBankAccounts(t, ada.headers)).body.data).toMatchObject({
      addBankAccountAvailableAt: availableAt,
      addBankAccountWaitReason: 'DAILY_LIMIT',
    });
    expect(await liveRowsOf(ada.userId)).toHaveLength(BANK_ACCOUNTS_PER_DAY - 1);
    // The same account again is no new add: it answers the saved one whatever the count.
    expect((await addBankAccount(t, ada.headers, achAccount(1))).body.data.bankAccountId).toBe(first[1].bankAccountId);

    t.clock.advance(24 * HOUR_MS + 1000);
    const headers = tokenHeaders(await signUp(t.app, email));
    expect((await listBankAccounts(t, headers)).body.data).toMatchObject({
      addBankAccountAvailableAt: null,
      addBankAccountWaitReason: null,
    });
    expect((await addBankAccount(t, headers, achAccount(10))).statusCode).toBe(200);
  });

  it(`keeps at most ${MAX_BANK_ACCOUNTS} live accounts with BKA0000007; a delete frees a place`, async () => {
    const ada = await verifiedPayee(t, 'bank-total@example.com');
    await savedLongAgo(ada.userId, MAX_BANK_ACCOUNTS, 100);
    const refused = await addBankAccount(t, ada.headers, SEPA_ACCOUNT);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.code).toBe('BKA0000007');
    expect(await liveRowsOf(ada.userId)).toHaveLength(MAX_BANK_ACCOUNTS);

    const [oldest] = await liveRowsOf(ada.userId);
    await deleteBankAccount(t, ada.headers, oldest!.id);
    expect((await addBankAccount(t, ada.headers, SEPA_ACCOUNT)).statusCode).toBe(200);
  });

  it('lets only as many parallel adds through as there are places', async () => {
    const daily = await verifiedPayee(t, 'bank-parallel-daily@example.com');
    const dayRace = await Promise.all(Array.from({ length: 8 }, (_, n) => addBankAccount(t, daily.headers, achAccount(200 + n))));
    expect(codesOf(dayRace)).toEqual([...Array(3).fill('000000'), ...Array(5).fill('BKA0000008')].sort());
    expect(await liveRowsOf(daily.userId)).toHaveLength(BANK_ACCOUNTS_PER_DAY);

    const total = await verifiedPayee(t, 'bank-parallel-total@example.com');
    await savedLongAgo(total.userId, MAX_BANK_ACCOUNTS - 1, 300);
    const totalRace = await Promise.all(Array.from({ length: 5 }, (_, n) => addBankAccount(t, total.headers, achAccount(400 + n))));
    expect(codesOf(totalRace)).toEqual(['000000', ...Array(4).fill('BKA0000007')].sort());
    expect(await liveRowsOf(total.userId)).toHaveLength(MAX_BANK_ACCOUNTS);
  });

  it("gives one account to one person when two save it at once; the same person's parallel adds make one row", async () => {
    const ada = await verifiedPayee(t, 'bank-race-a@example.com');
    const twin = await verifiedPayee(t, 'bank-race-b@example.com');
    const race = await Promise.all([ada, twin, ada, twin].map((person) => addBankAccount(t, person.headers, achAccount(500))));
    const winners = new Set(race.filter((response) => response.body.code === '000000').map((response) => response.body.data.bankAccountId));
    expect(winners.size).toBe(1);
    expect(race.filter((response) => response.body.code === 'BKA0000006')).toHaveLength(2);
    const rows = [...(await liveRowsOf(ada.userId)), ...(await liveRowsOf(twin.userId))];
    expect(rows).toHaveLength(1);
  });

  it('refuses adding during the 24 h after a password or authenticator change with BKA0000009, and list says until when', async () => {
    const ada = await verifiedPayee(t, 'bank-suspended@example.com');
    const until = new Date(t.clock.now().getTime() + 24 * HOUR_MS);
    await t.db.update(users).set({ sensitiveActionsSuspendedUntil: until }).where(eq(users.id, ada.userId));
    const refused = await addBankAccount(t, ada.headers, SEPA_ACCOUNT);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ code: 'BKA0000009', data: { until: until.toISOString() } });
    expect((await listBankAccounts(t, ada.headers)).body.data).toMatchObject({
      addBankAccountAvailableAt: until.toISOString(),
      addBankAccountWaitReason: 'SECURITY_CHANGE',
    });
    expect(await liveRowsOf(ada.userId)).toEqual([]);
  });
});
