import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox: work written in the same transaction as the change that needs it, done
 * later by a worker that claims due rows with FOR UPDATE SKIP LOCKED (any number of processes).
 * A claimed row carries a lease: if its process dies, the row is due again when the lease ends.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    kind: varchar('kind', { length: 48 }).notNull(),
    payload: jsonb('payload').notNull(),
    /** At most one open job per key (e.g. one processing of a webhook event). */
    dedupeKey: text('dedupe_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due').on(t.runAt).where(sql`${t.doneAt} is null`),
    uniqueIndex('jobs_dedupe').on(t.dedupeKey),
  ],
);
