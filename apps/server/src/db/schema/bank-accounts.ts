import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * A person's saved bank accounts, where their withdrawals and bank-transfer sells are paid
 * (docs/rules/bank-accounts.md). Each kind fills its own columns; codes are kept compact (no spaces,
 * upper case). A delete only sets `deleted_at`: a payout names the row it paid, and keeps it.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    /** SEPA, UK, SWIFT or ACH. */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** EUR, GBP or USD; null for SWIFT (paid in the payout's currency). */
    currency: varchar('currency', { length: 3 }),
    accountName: text('account_name').notNull(),
    bankName: text('bank_name'),
    /** The bank's SWIFT/BIC. */
    identifierCode: varchar('identifier_code', { length: 11 }),
    iban: varchar('iban', { length: 34 }),
    /** A SWIFT account's number (when it is no IBAN) or an ACH account number. */
    accountNumber: varchar('account_number', { length: 34 }),
    sortCode: varchar('sort_code', { length: 6 }),
    accountNumberUk: varchar('account_number_uk', { length: 8 }),
    abaRoutingNumber: varchar('aba_routing_number', { length: 9 }),
    payeeAddress: text('payee_address'),
    payeeCity: text('payee_city'),
    payeePostalCode: varchar('payee_postal_code', { length: 16 }),
    payeeCountry: varchar('payee_country', { length: 2 }),
    /** What makes two rows the same account, whoever saved them (bankAccountKey of the contracts). */
    accountKey: varchar('account_key', { length: 96 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // The day's adds and the list read by person and time.
    index('bank_accounts_user_created').on(t.userId, t.createdAt),
    // One live row per account across everyone: the same person's second add answers the first,
    // another person's is refused, and two adds at once cannot both insert it.
    uniqueIndex('bank_accounts_key_live')
      .on(t.accountKey)
      .where(sql`${t.deletedAt} is null`),
    check('bank_accounts_kind', sql`${t.kind} in ('SEPA', 'UK', 'SWIFT', 'ACH')`),
  ],
);
