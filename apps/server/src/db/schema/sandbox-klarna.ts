import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The sandbox Klarna's own books (providers/klarna/sandbox.ts): what Klarna keeps on its side.
 * A session is answered once on the sandbox widget page; its approval is the single-use
 * authorization token, spent by the order placed with it. Amounts are Klarna's minor units.
 */
export const sandboxKlarnaSessions = pgTable(
  'sandbox_klarna_sessions',
  {
    /** A UUID, as Klarna's session_id. */
    id: varchar('id', { length: 36 }).primaryKey(),
    reference: varchar('reference', { length: 255 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    locale: varchar('locale', { length: 16 }).notNull(),
    description: varchar('description', { length: 255 }).notNull(),
    returnUrl: text('return_url').notNull(),
    /** WAITING until the widget's Approve or Decline (Close leaves it waiting). */
    outcome: varchar('outcome', { length: 16 }).notNull(),
    /** Set by Approve: a UUID, as Klarna's authorization_token; valid 60 minutes from authorizedAt, once. */
    authorizationToken: varchar('authorization_token', { length: 36 }),
    /** The fraud check the widget chose with Approve (docs/sandbox.md "Klarna"). */
    fraudDecision: varchar('fraud_decision', { length: 24 }),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    /** Set by cancelAuthorization: the token can no longer place an order. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Klarna keeps a session 48 hours. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_klarna_sessions_token').on(t.authorizationToken)],
);

export const sandboxKlarnaOrders = pgTable(
  'sandbox_klarna_orders',
  {
    /** A UUID, as Klarna's order_id. */
    id: varchar('id', { length: 36 }).primaryKey(),
    idempotencyKey: varchar('idempotency_key', { length: 160 }).notNull(),
    /** One order per token: the unique index spends it, even for two calls at once. */
    authorizationToken: varchar('authorization_token', { length: 36 }).notNull(),
    sessionId: varchar('session_id', { length: 36 }).notNull(),
    reference: varchar('reference', { length: 255 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** The session's fraud decision; a pending one is decided on the clock (sandbox.ts). */
    fraudDecision: varchar('fraud_decision', { length: 24 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    capturedMinor: bigint('captured_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    refundedMinor: bigint('refunded_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The Order Management keys already applied (capture, refund, cancel). */
    appliedKeys: text('applied_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_klarna_orders_key').on(t.idempotencyKey),
    uniqueIndex('sandbox_klarna_orders_token').on(t.authorizationToken),
    index('sandbox_klarna_orders_reference').on(t.reference),
  ],
);
