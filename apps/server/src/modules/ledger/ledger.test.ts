import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { createLedger, IdempotencyConflictError, UnbalancedJournalError } from './ledger.repository.ts';
import type { JournalInput, Ledger, LedgerAccountSpec } from './ledger.ts';

let database: DatabaseHandle;
let ledger: Ledger;
beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedger(database.db);
});
afterAll(() => database.close());

const d = (value: string) => new Decimal(value);
const inventory: LedgerAccountSpec = { code: 'test:inventory:BTC', currency: 'BTC', normalSide: 'debit', noOverdraft: true };
const treasury: LedgerAccountSpec = { code: 'test:treasury:BTC', currency: 'BTC', normalSide: 'credit' };
const receivable: LedgerAccountSpec = { code: 'test:receivable:EUR', currency: 'EUR', normalSide: 'debit' };
const payable: LedgerAccountSpec = { code: 'test:payable:EUR', currency: 'EUR', normalSide: 'credit' };

/** The whole text of a failure, with the database's own message (drivers wrap it as the cause). */
const failureOf = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work;
  } catch (error) {
    const parts: string[] = [];
    for (let current: unknown = error; current instanceof Error; current = current.cause) parts.push(current.message);
    return parts.join(' | ');
  }
  throw new Error('expected a failure');
};
const countEntries = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries))[0]!.n;

describe('the ledger', () => {
  it('posts a balanced journal once per key and keeps every balance', async () => {
    const journal = {
      kind: 'funding',
      reference: 'test-fund-1',
      idempotencyKey: 'test-fund-1',
      entries: [
        { account: inventory, amount: d('2.5') },
        { account: treasury, amount: d('-2.5') },
      ],
    };
    const first = await ledger.post(journal);
    const again = await ledger.post(journal);
    expect(first.posted).toBe(true);
    expect(again).toEqual({ journalId: first.journalId, posted: false });
    expect((await ledger.balance(inventory.code)).toFixed()).toBe('2.5');
    expect((await ledger.balance(treasury.code)).toFixed()).toBe('2.5');
    const [posted] = await ledger.journalsOf('test-fund-1');
    // Entries go in by account id (one lock order for every journal), not in the order given.
    expect(posted?.entries.map((entry) => [entry.code, entry.amount.toFixed()]).sort()).toEqual(
      [
        [inventory.code, '2.5'],
        [treasury.code, '-2.5'],
      ].sort(),
    );
    for (const total of (await ledger.trialBalance()).values()) expect(total.isZero()).toBe(true);
  });

  it('answers the first journal to a retry of the same key, and refuses the key with other entries', async () => {
    const journal = (amount: string) => ({
      kind: 'funding',
      reference: 'test-retry',
      idempotencyKey: 'test-retry',
      entries: [
        { account: receivable, amount: d(amount) },
        { account: payable, amount: d(amount).negated() },
      ],
    });
    const first = await ledger.post(journal('7'));
    expect(await ledger.post(journal('7.000'))).toEqual({ journalId: first.journalId, posted: false });
    await expect(ledger.post(journal('8'))).rejects.toBeInstanceOf(IdempotencyConflictError);
  });

  it('posts one journal when the same key arrives many times at once', async () => {
    const journal = {
      kind: 'funding',
      reference: 'test-concurrent',
      idempotencyKey: 'test-concurrent',
      entries: [
        { account: receivable, amount: d('3') },
        { account: payable, amount: d('-3') },
      ],
    };
    const before = await ledger.balance(receivable.code);
    const answers = await Promise.all(Array.from({ length: 8 }, () => ledger.post(journal)));
    expect(answers.filter((answer) => answer.posted)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.journalId)).size).toBe(1);
    expect((await ledger.balance(receivable.code)).minus(before).toFixed()).toBe('3');
  });

  it('posts journals over the same accounts in opposite orders at once without deadlocking', async () => {
    const a: LedgerAccountSpec = { code: 'test:order-a:EUR', currency: 'EUR', normalSide: 'debit' };
    const b: LedgerAccountSpec = { code: 'test:order-b:EUR', currency: 'EUR', normalSide: 'credit' };
    const posts = Array.from({ length: 10 }, (_, round) => [
      ledger.post({
        kind: 'swap',
        reference: 'test-order',
        idempotencyKey: `ab-${round}`,
        entries: [
          { account: a, amount: d('1') },
          { account: b, amount: d('-1') },
        ],
      }),
      ledger.post({
        kind: 'swap',
        reference: 'test-order',
        idempotencyKey: `ba-${round}`,
        entries: [
          { account: b, amount: d('1') },
          { account: a, amount: d('-1') },
        ],
      }),
    ]).flat();
    expect((await Promise.all(posts)).every((answer) => answer.posted)).toBe(true);
    expect((await ledger.balance(a.code)).isZero()).toBe(true);
  });

  it('lets two transactions post two journals each over the same accounts in opposite orders at once: lockAccounts takes them all first', async () => {
    const coins: LedgerAccountSpec = { code: 'test:lock-coins:BTC', currency: 'BTC', normalSide: 'debit' };
    const coinsOwed: LedgerAccountSpec = { code: 'test:lock-coins-owed:BTC', currency: 'BTC', normalSide: 'credit' };
    const cash: LedgerAccountSpec = { code: 'test:lock-cash:EUR', currency: 'EUR', normalSide: 'debit' };
    const cashOwed: LedgerAccountSpec = { code: 'test:lock-cash-owed:EUR', currency: 'EUR', normalSide: 'credit' };
    const crypto = (key: string) => ({
      kind: 'funding',
      reference: key,
      idempotencyKey: key,
      entries: [
        { account: coins, amount: d('1') },
        { account: coinsOwed, amount: d('-1') },
      ],
    });
    const fiat = (key: string) => ({
      kind: 'funding',
      reference: key,
      idempotencyKey: key,
      entries: [
        { account: cash, amount: d('5') },
        { account: cashOwed, amount: d('-5') },
      ],
    });
    // Each holds its first journal's balances a while before it posts the second: without the locks
    // taken first, each would wait for the other's (PostgreSQL answers "deadlock detected" to one).
    const both = (first: JournalInput, second: JournalInput) =>
      database.unitOfWork.transaction(async () => {
        await ledger.lockAccounts([...first.entries, ...second.entries].map((entry) => entry.account));
        await ledger.post(first);
        await new Promise((resolve) => setTimeout(resolve, 50));
        await ledger.post(second);
      });
    await Promise.all([both(crypto('test-lock-1'), fiat('test-lock-2')), both(fiat('test-lock-3'), crypto('test-lock-4'))]);
    expect((await ledger.balance(coins.code)).toFixed()).toBe('2');
    expect((await ledger.balance(cash.code)).toFixed()).toBe('10');
  });

  it('forgets accounts created in a transaction that rolled back: the next posting creates them again', async () => {
    const fresh: LedgerAccountSpec = { code: 'test:rollback:USD', currency: 'USD', normalSide: 'debit' };
    const other: LedgerAccountSpec = { code: 'test:rollback-other:USD', currency: 'USD', normalSide: 'credit' };
    const journal = (key: string) => ({
      kind: 'funding',
      reference: key,
      idempotencyKey: key,
      entries: [
        { account: fresh, amount: d('1') },
        { account: other, amount: d('-1') },
      ],
    });
    await expect(
      database.unitOfWork.transaction(async () => {
        await ledger.post(journal('test-rollback-1'));
        // Reads the accounts the first posting created, uncommitted: the ledger must not remember them.
        await ledger.post(journal('test-rollback-2'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, fresh.code))).toEqual([]);
    await ledger.post(journal('test-rollback-3'));
    expect((await ledger.balance(fresh.code)).toFixed()).toBe('1');
  });

  it('keeps 18 decimal places exactly (no float ever holds an amount)', async () => {
    const tiny = d('0.000000000000000001');
    const dustIn: LedgerAccountSpec = { code: 'test:dust-in:EUR', currency: 'EUR', normalSide: 'debit' };
    const dustOut: LedgerAccountSpec = { code: 'test:dust-out:EUR', currency: 'EUR', normalSide: 'credit' };
    await ledger.post({
      kind: 'dust',
      reference: 'test-dust',
      idempotencyKey: 'test-dust',
      entries: [
        { account: dustIn, amount: tiny },
        { account: dustOut, amount: tiny.negated() },
      ],
    });
    expect((await ledger.balance(dustIn.code)).toFixed()).toBe('0.000000000000000001');
  });

  it('refuses an unbalanced, zero, too precise or lone entry before touching the database', async () => {
    const before = await countEntries();
    const nineteenPlaces = d('1.0000000000000000004');
    await expect(
      ledger.post({
        kind: 'bad',
        reference: 'x',
        idempotencyKey: 'bad-3',
        entries: [
          { account: receivable, amount: nineteenPlaces },
          { account: payable, amount: nineteenPlaces.negated() },
        ],
      }),
    ).rejects.toThrow(/more than 18 decimal places/);
    await expect(ledger.post({ kind: 'bad', reference: 'x', idempotencyKey: 'bad-4', entries: [] })).rejects.toThrow(
      /at least two entries/,
    );
    await expect(
      ledger.post({
        kind: 'bad',
        reference: 'x',
        idempotencyKey: 'bad-1',
        entries: [
          { account: receivable, amount: d('10') },
          { account: payable, amount: d('-9.99') },
        ],
      }),
    ).rejects.toBeInstanceOf(UnbalancedJournalError);
    await expect(
      ledger.post({ kind: 'bad', reference: 'x', idempotencyKey: 'bad-2', entries: [{ account: receivable, amount: d('0') }] }),
    ).rejects.toBeInstanceOf(UnbalancedJournalError);
    expect(await countEntries()).toBe(before);
  });

  it('has the database refuse, at commit, a journal whose entries do not balance, and keep nothing of it', async () => {
    const receivableId = await ledger.accountId(receivable);
    const before = await countEntries();
    const failure = await failureOf(
      database.db.transaction(async (tx) => {
        await tx
          .insert(ledgerJournals)
          .values({ id: 'jnl_raw_unbalanced', kind: 'raw', reference: 'raw', idempotencyKey: 'raw-unbalanced' });
        await tx.insert(ledgerEntries).values({ journalId: 'jnl_raw_unbalanced', accountId: receivableId, currency: 'EUR', amount: '5' });
      }),
    );
    expect(failure).toMatch(/does not balance in EUR/);
    expect(await countEntries()).toBe(before);
    expect(await database.db.select().from(ledgerJournals).where(eq(ledgerJournals.id, 'jnl_raw_unbalanced'))).toEqual([]);
  });

  it('has the database refuse changing or deleting posted entries and journals, and setting a balance by hand', async () => {
    expect(await failureOf(database.db.update(ledgerEntries).set({ amount: '1' }))).toMatch(/immutable/);
    expect(await failureOf(database.db.delete(ledgerEntries))).toMatch(/immutable/);
    expect(await failureOf(database.db.delete(ledgerJournals))).toMatch(/immutable/);
    expect(await failureOf(database.db.execute(sql`truncate ledger_entries cascade`))).toMatch(/immutable/);
    expect(
      await failureOf(database.db.update(ledgerAccounts).set({ balance: '1000' }).where(eq(ledgerAccounts.code, inventory.code))),
    ).toMatch(/only through entries/);
    expect((await ledger.balance(inventory.code)).toFixed()).toBe('2.5');
  });

  it('never lets a no-overdraft account go below zero: the whole journal is refused', async () => {
    const before = await countEntries();
    const overdraw = {
      kind: 'payout',
      reference: 'test-overdraw',
      idempotencyKey: 'test-overdraw',
      entries: [
        { account: treasury, amount: d('3') },
        { account: inventory, amount: d('-3') },
      ],
    };
    expect(await failureOf(ledger.post(overdraw))).toMatch(/ledger_accounts_no_overdraft/);
    expect(await countEntries()).toBe(before);
    expect((await ledger.balance(inventory.code)).toFixed()).toBe('2.5');
  });

  it('reverses a journal as it was booked (read back, signs turned), once per key, and answers null for a key that posted nothing', async () => {
    const booked = {
      kind: 'booking',
      reference: 'test-reverse',
      idempotencyKey: 'test-reverse',
      entries: [
        { account: receivable, amount: d('12.34') },
        { account: payable, amount: d('-12.34') },
      ],
    };
    const before = await ledger.balance(receivable.code);
    const original = await ledger.post(booked);
    const reversal = { kind: 'booking-reversal', idempotencyKey: 'test-reverse:undo' };
    const first = await ledger.reverse('test-reverse', reversal);
    const again = await ledger.reverse('test-reverse', reversal);
    expect(first?.posted).toBe(true);
    expect(again).toEqual({ journalId: first?.journalId, posted: false });
    const [, undone] = await ledger.journalsOf('test-reverse');
    expect(undone).toMatchObject({ kind: 'booking-reversal', reverses: original.journalId });
    expect(undone?.entries.map((entry) => [entry.code, entry.amount.toFixed()]).sort()).toEqual([
      [payable.code, '12.34'],
      [receivable.code, '-12.34'],
    ]);
    expect((await ledger.balance(receivable.code)).toFixed()).toBe(before.toFixed());
    expect(await ledger.reverse('test-never-posted', { kind: 'x', idempotencyKey: 'test-never-posted:undo' })).toBeNull();
    expect(await ledger.hasJournal('test-reverse')).toBe(true);
    expect(await ledger.hasJournal('test-never-posted:undo')).toBe(false);
  });

  it('has the database refuse an entry in another currency than its account', async () => {
    const receivableId = await ledger.accountId(receivable);
    const failure = await failureOf(
      database.db.transaction(async (tx) => {
        await tx.insert(ledgerJournals).values({ id: 'jnl_raw_currency', kind: 'raw', reference: 'raw', idempotencyKey: 'raw-currency' });
        await tx.insert(ledgerEntries).values({ journalId: 'jnl_raw_currency', accountId: receivableId, currency: 'USD', amount: '5' });
        await tx.insert(ledgerEntries).values({ journalId: 'jnl_raw_currency', accountId: receivableId, currency: 'USD', amount: '-5' });
      }),
    );
    expect(failure).toMatch(/ledger_entries_account_currency/);
  });
});
