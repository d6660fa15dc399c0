import { index, integer, numeric, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The sandbox bank (providers/bank/sandbox*.ts, docs/sandbox.md "Bank"): the named accounts it
 * opened, the credits its page or call made arrive, and the payments sent through it. Kept in the
 * database so every process and restart sees the same bank. Statuses follow the clock on read
 * (settle_at, return_at), as the sandbox chain's confirmations do: nothing runs in the background.
 */

/** One account per holder and currency: EUR ones have an IBAN, GBP ones a sort code and account number. */
export const sandboxBankAccounts = pgTable(
  'sandbox_bank_accounts',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    holderReference: varchar('holder_reference', { length: 64 }).notNull(),
    holderName: varchar('holder_name', { length: 140 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    iban: varchar('iban', { length: 34 }),
    sortCode: varchar('sort_code', { length: 6 }),
    accountNumber: varchar('account_number', { length: 8 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_bank_accounts_holder').on(t.holderReference, t.currency),
    // Numbers are drawn from a hash: a clash with another holder is retried with the next draw.
    uniqueIndex('sandbox_bank_accounts_iban').on(t.iban),
    uniqueIndex('sandbox_bank_accounts_uk').on(t.sortCode, t.accountNumber),
  ],
);

/** A transfer that arrived: on a named account, or on the collection account (account_id null). */
export const sandboxBankCredits = pgTable(
  'sandbox_bank_credits',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    /** Arrival order, for credits received in the same millisecond (ids are random). */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    accountId: varchar('account_id', { length: 40 }),
    currency: varchar('currency', { length: 3 }).notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    reference: varchar('reference', { length: 140 }).notNull(),
    payerName: varchar('payer_name', { length: 140 }).notNull(),
    payerAccount: varchar('payer_account', { length: 64 }),
    /** RECEIVED or RETURNED. */
    status: varchar('status', { length: 16 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [index('sandbox_bank_credits_received').on(t.receivedAt)],
);

/** A payment out. The idempotency key is unique, so sends racing with one key make one payment. */
export const sandboxBankPayments = pgTable(
  'sandbox_bank_payments',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    seq: integer('seq').generatedAlwaysAsIdentity(),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    scheme: varchar('scheme', { length: 8 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    beneficiaryName: varchar('beneficiary_name', { length: 140 }).notNull(),
    iban: varchar('iban', { length: 34 }),
    bic: varchar('bic', { length: 11 }),
    sortCode: varchar('sort_code', { length: 6 }),
    accountNumber: varchar('account_number', { length: 8 }),
    reference: varchar('reference', { length: 18 }).notNull(),
    /** The beneficiary's documented outcome (sandbox-bank-accounts.ts), fixed when the payment is made. */
    outcome: varchar('outcome', { length: 16 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settleAt: timestamp('settle_at', { withTimezone: true }).notNull(),
    /** When a RETURN beneficiary's payment comes back; null for every other outcome. */
    returnAt: timestamp('return_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sandbox_bank_payments_key').on(t.idempotencyKey), index('sandbox_bank_payments_created').on(t.createdAt)],
);
