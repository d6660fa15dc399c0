import { boolean, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The pre-login agreement log (docs/rules/agreements.md): what someone about to create an account saw of the
 * terms and whether they ticked them, sent before any account exists. Evidence beside user_agreements, never
 * what an account accepted (that is recorded at sign-up, after the emailed code). Public, so bounded: the
 * route limits it per address, per email and overall, and an hourly job keeps it to its age and row limits.
 */
export const agreementLogs = pgTable(
  'agreement_logs',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    /** normalizeEmail of the address typed: the account it would become. */
    emailNormalized: text('email_normalized').notNull(),
    agree: boolean('agree').notNull(),
    viewTimeMs: integer('view_time_ms').notNull(),
    /** Agreement → version as shown ({TERM: '20241104', STATEMENT_LI: '20250101'}): current versions only. */
    protocolMap: jsonb('protocol_map').notNull(),
    /** The sender as the per-IP limits count it (request.ipKey: an IPv6 address as its /64). */
    ipKey: varchar('ip_key', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The prune walks created_at; support reads one address's history.
  (t) => [index('agreement_logs_created').on(t.createdAt), index('agreement_logs_email').on(t.emailNormalized, t.createdAt)],
);
