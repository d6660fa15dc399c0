import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, foreignKey, index, numeric, pgTable, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';

/**
 * The double-entry ledger of docs/trust.md "Money". Amounts are signed, debit positive, in the
 * account's currency, as numeric (never a float). The database itself keeps the promises
 * (migration 0013_ledger_rules): a journal's entries sum to zero per currency (a deferred
 * constraint trigger, checked at commit), posted entries are never updated or deleted
 * (corrections are reversing journals), and an account marked no-overdraft never goes below
 * zero in its normal direction (the running balance below, kept by a trigger, and a CHECK).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    /** What the account is, readable and unique: e.g. `inventory:BTC`, `processor-receivable:sandbox:EUR`, `order:ord_x:EUR`. */
    code: varchar('code', { length: 120 }).notNull(),
    currency: varchar('currency', { length: 12 }).notNull(),
    /** debit: assets (balance grows with debits); credit: liabilities, revenue, equity. */
    normalSide: varchar('normal_side', { length: 6 }).notNull(),
    noOverdraft: boolean('no_overdraft').notNull().default(false),
    /** Sum of the account's entries (debit positive), kept by the entries' insert trigger. */
    balance: numeric('balance', { precision: 38, scale: 18 }).notNull().default('0'),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_code').on(t.code),
    // Lets an entry's (account, currency) reference the account: no entry in a foreign currency.
    unique('ledger_accounts_id_currency').on(t.id, t.currency),
    check('ledger_accounts_normal_side', sql`${t.normalSide} in ('debit', 'credit')`),
    check(
      'ledger_accounts_no_overdraft',
      sql`not ${t.noOverdraft} or (case when ${t.normalSide} = 'debit' then ${t.balance} else -${t.balance} end) >= 0`,
    ),
  ],
);

/** One balanced movement: the unit of posting. Its idempotency key makes a retried posting a no-op. */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    kind: varchar('kind', { length: 32 }).notNull(),
    /** What it belongs to, e.g. an order id. */
    reference: varchar('reference', { length: 64 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 160 }).notNull(),
    /** The journal this one reverses, if it is a correction. */
    reverses: varchar('reverses', { length: 32 }),
    description: text('description'),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('ledger_journals_idempotency').on(t.idempotencyKey), index('ledger_journals_reference').on(t.reference)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    journalId: varchar('journal_id', { length: 32 })
      .notNull()
      .references(() => ledgerJournals.id),
    accountId: varchar('account_id', { length: 32 }).notNull(),
    currency: varchar('currency', { length: 12 }).notNull(),
    /** Debit positive, credit negative; never zero. */
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
  },
  (t) => [
    foreignKey({
      columns: [t.accountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
      name: 'ledger_entries_account_currency',
    }),
    index('ledger_entries_journal').on(t.journalId),
    index('ledger_entries_account').on(t.accountId),
    check('ledger_entries_nonzero', sql`${t.amount} <> 0`),
  ],
);
