import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from '../../db/schema/index.ts';
import { newId } from '../../platform/crypto.ts';

/** The database or a transaction inside it (PGlite has one connection: inside a transaction, pass it down). */
export type LedgerExecutor = Pick<Database, 'select' | 'insert'>;

export interface LedgerAccountSpec {
  /** Unique and readable, e.g. `inventory:BTC` or `order:ord_x:EUR`. */
  code: string;
  currency: string;
  normalSide: 'debit' | 'credit';
  /** The account may never go below zero in its normal direction (inventory, customer balances). */
  noOverdraft?: boolean;
  description?: string;
}

export interface JournalInput {
  kind: string;
  reference: string;
  /** The same key posts once: a retried settlement step finds its journal instead of posting twice. */
  idempotencyKey: string;
  reverses?: string;
  description?: string;
  /** Debit positive, credit negative; each currency must sum to zero. */
  entries: Array<{ account: LedgerAccountSpec; amount: Decimal }>;
}

/** The posting was refused before it reached the database: the entries do not balance, or one is zero. */
export class UnbalancedJournalError extends Error {}

/**
 * The double-entry ledger (trust.md "Money"). Code posts balanced journals; the database refuses
 * anything else (migration 0013_ledger_rules), so a bug here cannot unbalance the books.
 */
export function createLedger(db: Database) {
  /** The account's id, created on first use (its currency and side never change afterwards). */
  async function accountId(spec: LedgerAccountSpec, executor: LedgerExecutor): Promise<string> {
    const [existing] = await executor.select({ id: ledgerAccounts.id, currency: ledgerAccounts.currency, normalSide: ledgerAccounts.normalSide }).from(ledgerAccounts).where(eq(ledgerAccounts.code, spec.code));
    if (existing) {
      if (existing.currency !== spec.currency || existing.normalSide !== spec.normalSide) throw new Error(`ledger account ${spec.code} exists with another currency or side`);
      return existing.id;
    }
    await executor
      .insert(ledgerAccounts)
      .values({ id: newId('lac'), code: spec.code, currency: spec.currency, normalSide: spec.normalSide, noOverdraft: spec.noOverdraft ?? false, description: spec.description ?? null })
      .onConflictDoNothing({ target: ledgerAccounts.code });
    const [row] = await executor.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, spec.code));
    if (!row) throw new Error(`ledger account ${spec.code} vanished during insert`);
    return row.id;
  }

  function assertBalanced(input: JournalInput): void {
    const totals = new Map<string, Decimal>();
    for (const { account, amount } of input.entries) {
      if (amount.isZero() || !amount.isFinite()) throw new UnbalancedJournalError(`journal ${input.kind}: an entry on ${account.code} is zero or not finite`);
      totals.set(account.currency, (totals.get(account.currency) ?? new Decimal(0)).plus(amount));
    }
    for (const [currency, total] of totals) {
      if (!total.isZero()) throw new UnbalancedJournalError(`journal ${input.kind} does not balance in ${currency}: ${total.toFixed()}`);
    }
  }

  return {
    accountId,

    /**
     * Posts one journal inside the caller's transaction (pass `tx`): its entries, the accounts'
     * balances, and whatever else the caller writes commit together. With a key already posted it
     * answers that journal and posts nothing.
     */
    async post(input: JournalInput, executor: LedgerExecutor): Promise<{ journalId: string; posted: boolean }> {
      assertBalanced(input);
      const [already] = await executor.select({ id: ledgerJournals.id }).from(ledgerJournals).where(eq(ledgerJournals.idempotencyKey, input.idempotencyKey));
      if (already) return { journalId: already.id, posted: false };
      const journalId = newId('jnl');
      await executor.insert(ledgerJournals).values({
        id: journalId, kind: input.kind, reference: input.reference, idempotencyKey: input.idempotencyKey, reverses: input.reverses ?? null, description: input.description ?? null,
      });
      for (const { account, amount } of input.entries) {
        await executor.insert(ledgerEntries).values({ journalId, accountId: await accountId(account, executor), currency: account.currency, amount: amount.toFixed() });
      }
      return { journalId, posted: true };
    },

    /** The account's balance in its normal direction (what it holds, or owes), zero when it has no entries. */
    async balance(code: string, executor: LedgerExecutor = db): Promise<Decimal> {
      const [row] = await executor.select({ balance: ledgerAccounts.balance, normalSide: ledgerAccounts.normalSide }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
      if (!row) return new Decimal(0);
      const debitPositive = new Decimal(row.balance);
      return row.normalSide === 'debit' ? debitPositive : debitPositive.negated();
    },

    /** The journals of a reference (e.g. an order), with their entries by account code. */
    async journalsOf(reference: string, executor: LedgerExecutor = db) {
      const journals = await executor.select().from(ledgerJournals).where(eq(ledgerJournals.reference, reference)).orderBy(ledgerJournals.postedAt, ledgerJournals.id);
      if (journals.length === 0) return [];
      const entries = await executor
        .select({ journalId: ledgerEntries.journalId, code: ledgerAccounts.code, currency: ledgerEntries.currency, amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.id, ledgerEntries.accountId), eq(ledgerAccounts.currency, ledgerEntries.currency)))
        .where(inArray(ledgerEntries.journalId, journals.map((journal) => journal.id)))
        .orderBy(ledgerEntries.id);
      return journals.map((journal) => ({ ...journal, entries: entries.filter((entry) => entry.journalId === journal.id).map(({ code, currency, amount }) => ({ code, currency, amount: new Decimal(amount) })) }));
    },

    /** Per currency, the sum of every account's balance: zero for each, always (the books balance). */
    async trialBalance(executor: LedgerExecutor = db): Promise<Map<string, Decimal>> {
      const rows = await executor.select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance }).from(ledgerAccounts);
      const totals = new Map<string, Decimal>();
      for (const row of rows) totals.set(row.currency, (totals.get(row.currency) ?? new Decimal(0)).plus(row.balance));
      return totals;
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
