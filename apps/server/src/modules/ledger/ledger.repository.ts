import Decimal from 'decimal.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from '../../db/schema/index.ts';
import { newId } from '../../platform/crypto.ts';
import { afterCommit } from '../../platform/transaction.ts';
import { CUSTOMER_BALANCE_PREFIX } from './chart-of-accounts.ts';
import type { JournalInput, Ledger, LedgerAccountSpec } from './ledger.ts';

/** The posting was refused before it reached the database: the entries do not balance, or one is zero. */
export class UnbalancedJournalError extends Error {}

/**
 * The double-entry ledger (docs/trust.md "Money"). Code posts balanced journals; the database refuses
 * anything else (migration 0013_ledger_rules), so a bug here cannot unbalance the books.
 */
/** The key was posted already with other entries: a retry must send the same journal. */
export class IdempotencyConflictError extends Error {}

/** One order for account ids wherever balances are locked: entries go in by it, lockAccounts locks by it. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** numeric(38, 18): more decimal places would be rounded away silently by the column. */
const MAX_DECIMAL_PLACES = 18;

/** What makes two postings "the same journal": kind, reference and the entries, in a fixed order. */
const fingerprintOf = (kind: string, reference: string, entries: Array<{ code: string; amount: Decimal }>) =>
  JSON.stringify([kind, reference, entries.map((entry) => `${entry.code}=${entry.amount.toFixed()}`).sort()]);

/**
 * The double-entry ledger (docs/trust.md "Money"). Code posts balanced journals; the database refuses
 * anything else (migration 0013_ledger_rules), so a bug here cannot unbalance the books.
 */
export function createLedger(db: Database): Ledger {
  /**
   * Accounts met before, by code: an account's id, currency and side never change, so a posting
   * over known accounts reads none (every order posts several journals). Remembered only once the
   * transaction that read them commits: an account created in one that rolls back never existed.
   */
  const known = new Map<string, { id: string; currency: string; normalSide: string }>();

  /** The accounts' ids by code, creating the missing ones (a currency and side never change afterwards). */
  async function accountIds(specs: LedgerAccountSpec[]): Promise<Map<string, string>> {
    const cached = specs.map((spec) => known.get(spec.code));
    if (cached.every((row, index) => row && row.currency === specs[index]!.currency && row.normalSide === specs[index]!.normalSide))
      return new Map(specs.map((spec, index) => [spec.code, cached[index]!.id]));
    const codes = [...new Set(specs.map((spec) => spec.code))].sort();
    const read = async () =>
      db
        .select({
          id: ledgerAccounts.id,
          code: ledgerAccounts.code,
          currency: ledgerAccounts.currency,
          normalSide: ledgerAccounts.normalSide,
        })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.code, codes));
    let rows = await read();
    const missing = specs.filter(
      (spec, index) => !rows.some((row) => row.code === spec.code) && specs.findIndex((other) => other.code === spec.code) === index,
    );
    if (missing.length > 0) {
      await db
        .insert(ledgerAccounts)
        .values(
          missing
            .sort((a, b) => a.code.localeCompare(b.code))
            .map((spec) => ({
              id: newId('lac'),
              code: spec.code,
              currency: spec.currency,
              normalSide: spec.normalSide,
              noOverdraft: spec.noOverdraft ?? false,
              description: spec.description ?? null,
            })),
        )
        .onConflictDoNothing({ target: ledgerAccounts.code });
      rows = await read();
    }
    for (const spec of specs) {
      const row = rows.find((candidate) => candidate.code === spec.code);
      if (!row) throw new Error(`ledger account ${spec.code} vanished during insert`);
      if (row.currency !== spec.currency || row.normalSide !== spec.normalSide)
        throw new Error(`ledger account ${spec.code} exists with another currency or side`);
    }
    afterCommit(() => {
      for (const row of rows) known.set(row.code, row);
    });
    return new Map(rows.map((row) => [row.code, row.id]));
  }

  function assertPostable(input: JournalInput): void {
    if (input.entries.length < 2) throw new UnbalancedJournalError(`journal ${input.kind} needs at least two entries`);
    const totals = new Map<string, Decimal>();
    for (const { account, amount } of input.entries) {
      if (amount.isZero() || !amount.isFinite())
        throw new UnbalancedJournalError(`journal ${input.kind}: an entry on ${account.code} is zero or not finite`);
      if (amount.decimalPlaces() > MAX_DECIMAL_PLACES)
        throw new UnbalancedJournalError(
          `journal ${input.kind}: ${amount.toFixed()} on ${account.code} has more than ${MAX_DECIMAL_PLACES} decimal places`,
        );
      totals.set(account.currency, (totals.get(account.currency) ?? new Decimal(0)).plus(amount));
    }
    for (const [currency, total] of totals) {
      if (!total.isZero()) throw new UnbalancedJournalError(`journal ${input.kind} does not balance in ${currency}: ${total.toFixed()}`);
    }
  }

  /** The journal and its entries: they commit with whatever the caller's transaction writes, or alone. */
  function postJournal(input: JournalInput): Promise<{ journalId: string; posted: boolean }> {
    return db.transaction(async () => {
      const journalId = newId('jnl');
      const [inserted] = await db
        .insert(ledgerJournals)
        .values({
          id: journalId,
          kind: input.kind,
          reference: input.reference,
          idempotencyKey: input.idempotencyKey,
          reverses: input.reverses ?? null,
          description: input.description ?? null,
        })
        .onConflictDoNothing({ target: ledgerJournals.idempotencyKey })
        .returning({ id: ledgerJournals.id });
      if (!inserted) return replayOf(input);
      const ids = await accountIds(input.entries.map((entry) => entry.account));
      const rows = input.entries
        .map(({ account, amount }) => ({
          journalId,
          accountId: ids.get(account.code)!,
          currency: account.currency,
          amount: amount.toFixed(),
        }))
        .sort((a, b) => byCodeUnits(a.accountId, b.accountId));
      await db.insert(ledgerEntries).values(rows);
      return { journalId, posted: true };
    });
  }

  const ledger = {
    async lockAccounts(accounts: LedgerAccountSpec[]): Promise<void> {
      const ids = [...new Set((await accountIds(accounts)).values())];
      await db.transaction(async () => {
        // collate "C": the order of the entries' inserts below (byCodeUnits), whatever the database's collation.
        await db
          .select({ id: ledgerAccounts.id })
          .from(ledgerAccounts)
          .where(inArray(ledgerAccounts.id, ids))
          .orderBy(sql`${ledgerAccounts.id} collate "C"`)
          .for('update');
      });
    },

    /** The account's id, created on first use. */
    async accountId(spec: LedgerAccountSpec): Promise<string> {
      return (await accountIds([spec])).get(spec.code)!;
    },

    /**
     * Posts one journal inside the caller's transaction (platform/transaction.ts): its entries, the accounts'
     * balances, and whatever else the caller writes commit together. A key posted already
     * answers that journal and posts nothing, when the journal is the same; with other entries it
     * is an IdempotencyConflictError. Concurrent postings of one key wait for the first (the
     * unique index), and entries go in by account id, so two journals over the same accounts
     * always lock their balances in the same order (no deadlock).
     */
    async post(input: JournalInput): Promise<{ journalId: string; posted: boolean }> {
      assertPostable(input);
      return postJournal(input);
    },

    /**
     * Posts the journal `key` posted with every sign turned (a correction, never an edit), read
     * from the books rather than computed again: it undoes exactly what was booked, whatever
     * changed since (a rule, a setting). Null, posting nothing, when `key` posted no journal.
     */
    async reverse(key: string, reversal: { kind: string; idempotencyKey: string }): Promise<{ journalId: string; posted: boolean } | null> {
      const [journal] = await db
        .select({ id: ledgerJournals.id, reference: ledgerJournals.reference })
        .from(ledgerJournals)
        .where(eq(ledgerJournals.idempotencyKey, key));
      if (!journal) return null;
      const entries = await db
        .select({
          code: ledgerAccounts.code,
          currency: ledgerAccounts.currency,
          normalSide: ledgerAccounts.normalSide,
          noOverdraft: ledgerAccounts.noOverdraft,
          amount: ledgerEntries.amount,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(eq(ledgerEntries.journalId, journal.id));
      return ledger.post({
        kind: reversal.kind,
        reference: journal.reference,
        idempotencyKey: reversal.idempotencyKey,
        reverses: journal.id,
        entries: entries.map(({ amount, ...account }) => ({
          account: { ...account, normalSide: account.normalSide as LedgerAccountSpec['normalSide'] },
          amount: new Decimal(amount).negated(),
        })),
      });
    },

    /** Whether a journal was posted under this key. */
    async hasJournal(key: string): Promise<boolean> {
      const [row] = await db.select({ id: ledgerJournals.id }).from(ledgerJournals).where(eq(ledgerJournals.idempotencyKey, key));
      return row !== undefined;
    },

    /** The account's balance in its normal direction (what it holds, or owes), zero when it has no entries. */
    async balance(code: string): Promise<Decimal> {
      const [row] = await db
        .select({ balance: ledgerAccounts.balance, normalSide: ledgerAccounts.normalSide })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.code, code));
      if (!row) return new Decimal(0);
      const debitPositive = new Decimal(row.balance);
      return row.normalSide === 'debit' ? debitPositive : debitPositive.negated();
    },

    /** Every account whose code starts with `prefix` (taken literally), with its balance in its normal direction. */
    async balancesStartingWith(prefix: string) {
      const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select({
          code: ledgerAccounts.code,
          currency: ledgerAccounts.currency,
          balance: ledgerAccounts.balance,
          normalSide: ledgerAccounts.normalSide,
        })
        .from(ledgerAccounts)
        .where(sql`${ledgerAccounts.code} like ${pattern}`)
        .orderBy(ledgerAccounts.code);
      return rows.map((row) => {
        const debitPositive = new Decimal(row.balance);
        return { code: row.code, currency: row.currency, balance: row.normalSide === 'debit' ? debitPositive : debitPositive.negated() };
      });
    },

    /** The journals of a reference (e.g. an order), with their entries by account code. */
    async journalsOf(reference: string) {
      const journals = await db
        .select()
        .from(ledgerJournals)
        .where(eq(ledgerJournals.reference, reference))
        .orderBy(ledgerJournals.postedAt, ledgerJournals.id);
      if (journals.length === 0) return [];
      const entries = await db
        .select({
          journalId: ledgerEntries.journalId,
          code: ledgerAccounts.code,
          currency: ledgerEntries.currency,
          amount: ledgerEntries.amount,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.id, ledgerEntries.accountId), eq(ledgerAccounts.currency, ledgerEntries.currency)))
        .where(
          inArray(
            ledgerEntries.journalId,
            journals.map((journal) => journal.id),
          ),
        )
        .orderBy(ledgerEntries.id);
      return journals.map((journal) => ({
        ...journal,
        entries: entries
          .filter((entry) => entry.journalId === journal.id)
          .map(({ code, currency, amount }) => ({ code, currency, amount: new Decimal(amount) })),
      }));
    },

    /** Per currency, the sum of every account's balance: zero for each, always (the books balance). */
    async trialBalance(): Promise<Map<string, Decimal>> {
      const rows = await db.select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance }).from(ledgerAccounts);
      const totals = new Map<string, Decimal>();
      for (const row of rows) totals.set(row.currency, (totals.get(row.currency) ?? new Decimal(0)).plus(row.balance));
      return totals;
    },

    async trialBalanceLines() {
      const people = `${CUSTOMER_BALANCE_PREFIX.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const account = sql<string>`case when ${ledgerAccounts.code} like ${people} then ${`${CUSTOMER_BALANCE_PREFIX}*`} else ${ledgerAccounts.code} end`;
      const rows = await db
        .select({
          account,
          currency: ledgerAccounts.currency,
          accounts: sql<number>`count(*)::int`,
          balance: sql<string>`sum(${ledgerAccounts.balance})::text`,
        })
        .from(ledgerAccounts)
        // By position: the account's expression carries parameters, which PostgreSQL would not match to the select's.
        .groupBy(sql`1`, sql`2`)
        .orderBy(sql`1`, sql`2`);
      return rows.map((row) => ({ ...row, accounts: Number(row.accounts), balance: new Decimal(row.balance) }));
    },
  };

  /** The journal a key already posted, when the retry is the same journal. */
  async function replayOf(input: JournalInput): Promise<{ journalId: string; posted: boolean }> {
    const [existing] = await db.select().from(ledgerJournals).where(eq(ledgerJournals.idempotencyKey, input.idempotencyKey));
    if (!existing) throw new Error(`ledger journal ${input.idempotencyKey} vanished during insert`);
    const posted = (await ledger.journalsOf(existing.reference)).find((journal) => journal.id === existing.id);
    const same =
      fingerprintOf(existing.kind, existing.reference, posted?.entries ?? []) ===
      fingerprintOf(
        input.kind,
        input.reference,
        input.entries.map(({ account, amount }) => ({ code: account.code, amount })),
      );
    if (!same) throw new IdempotencyConflictError(`ledger key ${input.idempotencyKey} was posted with other entries`);
    return { journalId: existing.id, posted: false };
  }

  return ledger;
}
