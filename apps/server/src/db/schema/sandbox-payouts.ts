import { index, numeric, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The sandbox card processor's payouts to cards (providers/card-processor/sandbox-payouts.ts): what
 * Checkout.com keeps of a card payout. The idempotency key is unique, so calls racing with one key
 * make one payout. A payout is PENDING until settlesAt on the app's clock, then PAID or DECLINED
 * as its card's behaviour says (docs/sandbox.md, "Payouts (selling to a card)").
 */
export const sandboxCardPayouts = pgTable(
  'sandbox_card_payouts',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    idempotencyKey: varchar('idempotency_key', { length: 160 }).notNull(),
    reference: varchar('reference', { length: 64 }).notNull(),
    /** The saved card's reusable token (sandbox_card_tokens), never its number. */
    token: varchar('token', { length: 40 }).notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    currency: varchar('currency', { length: 10 }).notNull(),
    /** The card's payout behaviour (sandbox-cards.ts SANDBOX_PAYOUT_BEHAVIOURS), fixed when the payout is made. */
    behaviour: varchar('behaviour', { length: 24 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    declineReason: varchar('decline_reason', { length: 32 }),
    settlesAt: timestamp('settles_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_card_payouts_key').on(t.idempotencyKey), index('sandbox_card_payouts_reference').on(t.reference)],
);
