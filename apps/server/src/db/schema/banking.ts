import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * The account at the bank provider where a person's transfers arrive (docs/rules/bank-transfers.md):
 * one per person, currency and provider, opened the first time the person asks how to pay in.
 * `reference` is the person's own deposit reference, the same on each of their accounts: it names
 * them when a transfer reaches the vendor's collection account instead of a named one.
 */
export const bankNamedAccounts = pgTable(
  'bank_named_accounts',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    provider: varchar('provider', { length: 24 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** The provider's id of the account (NamedAccount.accountId). */
    accountId: varchar('account_id', { length: 64 }).notNull(),
    reference: varchar('reference', { length: 16 }).notNull(),
    holderName: varchar('holder_name', { length: 140 }).notNull(),
    iban: varchar('iban', { length: 34 }),
    bic: varchar('bic', { length: 11 }),
    sortCode: varchar('sort_code', { length: 6 }),
    accountNumber: varchar('account_number', { length: 8 }),
    bankName: varchar('bank_name', { length: 140 }).notNull(),
    bankAddress: varchar('bank_address', { length: 280 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('bank_named_accounts_person').on(t.userId, t.provider, t.currency),
    unique('bank_named_accounts_account').on(t.provider, t.accountId),
    index('bank_named_accounts_reference').on(t.reference),
  ],
);

/**
 * Every credit the bank reported, once (by the provider's credit id), with what was decided for it
 * (modules/banking/credit-decision.ts): DEPOSITED into the person's balance, or held in SUSPENSE for an
 * operator with its reason. A return (the sender recalled it) is recorded on the same row.
 */
export const bankCredits = pgTable(
  'bank_credits',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    provider: varchar('provider', { length: 24 }).notNull(),
    creditId: varchar('credit_id', { length: 64 }).notNull(),
    /** The named account it arrived on, or null for the vendor's collection account. */
    accountId: varchar('account_id', { length: 64 }),
    /** The person it was credited to; null while it is in suspense with nobody named. */
    userId: varchar('user_id', { length: 32 }).references(() => users.id),
    /** The bank-transfer buy whose reference it carried (and whose owner it was credited to), if any. */
    orderId: uuid('order_id'),
    currency: varchar('currency', { length: 3 }).notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    reference: varchar('reference', { length: 140 }).notNull(),
    payerName: varchar('payer_name', { length: 140 }).notNull(),
    payerAccount: varchar('payer_account', { length: 64 }),
    outcome: varchar('outcome', { length: 12 }).notNull(),
    /** Why it is in suspense (UNKNOWN_PAYEE, PAYER_NAME, CONFLICT, CURRENCY, NOT_VERIFIED); null when deposited. */
    suspenseReason: varchar('suspense_reason', { length: 16 }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    /** An operator credited it to a person or sent it back (suspense), or recovered a return. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /**
     * What an operator decided for a credit in suspense (modules/banking/suspense-actions.ts): ASSIGNED to a
     * person's balance (resolved then), or TO_RETURN to the payer (resolved once the bank reports it RETURNED).
     */
    resolution: varchar('resolution', { length: 12 }),
    /** The operator who decided it (operators.id), and why, in their words. */
    resolvedBy: varchar('resolved_by', { length: 32 }),
    resolutionReason: varchar('resolution_reason', { length: 500 }),
  },
  (t) => [
    unique('bank_credits_credit').on(t.provider, t.creditId),
    index('bank_credits_user').on(t.userId, t.receivedAt),
    index('bank_credits_order').on(t.orderId),
    index('bank_credits_open')
      .on(t.recordedAt)
      .where(sql`${t.outcome} = 'SUSPENSE' and ${t.resolvedAt} is null`),
    check('bank_credits_outcome', sql`${t.outcome} in ('DEPOSITED', 'SUSPENSE')`),
    check('bank_credits_amount', sql`${t.amount} > 0`),
    check('bank_credits_resolution', sql`${t.resolution} is null or ${t.resolution} in ('ASSIGNED', 'TO_RETURN')`),
  ],
);

/**
 * Fiat paid from a person's balance to one of their saved bank accounts (modules/banking/withdrawals*.ts).
 * Its id is the client's UUID (the idempotency key, as an order's); the bank payment is sent with it.
 * Steps: PAY (send), CONFIRM (follow until settled, rejected or returned), DONE.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    bankAccountId: varchar('bank_account_id', { length: 40 }).notNull(),
    provider: varchar('provider', { length: 24 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    /** In the limit currency (EUR) at submission: what the tier's withdrawal limits count. */
    limitAmount: numeric('limit_amount', { precision: 38, scale: 18 }).notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    step: varchar('step', { length: 12 }).notNull(),
    paymentId: varchar('payment_id', { length: 64 }),
    failReason: varchar('fail_reason', { length: 12 }),
    /** The bank's own words for a rejection or a return (e.g. "AC04 account closed"). */
    bankReason: varchar('bank_reason', { length: 200 }),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** A payment still unsettled then waits for an operator (CONFIRM keeps following it). */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('withdrawals_user_created').on(t.userId, t.createdAt),
    index('withdrawals_payment').on(t.paymentId),
    check('withdrawals_status', sql`${t.status} in ('PROCESSING', 'SUCCESS', 'FAILED')`),
    check('withdrawals_amount', sql`${t.amount} > 0`),
  ],
);
