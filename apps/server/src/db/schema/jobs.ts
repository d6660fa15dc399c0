import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox: work written in the same transaction as the change that needs it, done
 * later by a worker that claims due rows with FOR UPDATE SKIP LOCKED (any number of processes).
 * A claimed row carries a lease: if its process dies, the row is due again when the lease ends, or
 * at once when a starting process sees that the lease's holder is dead (job_workers).
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
    /** The worker (job_workers.id) holding the lease; null for leases taken without an identity. */
    leasedBy: varchar('leased_by', { length: 32 }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null`),
    uniqueIndex('jobs_dedupe').on(t.dedupeKey),
  ],
);

/**
 * The worker processes that claim jobs (jobs/worker-presence.ts). A live one holds the session
 * advisory lock (WORKER_LOCK_CLASS, lock_key) on its own connection for as long as it runs: the
 * database drops the lock the moment the process dies, so a worker whose lock is free is dead,
 * and a starting process frees its leases at once instead of waiting for them to run out.
 */
export const jobWorkers = pgTable('job_workers', {
  id: varchar('id', { length: 32 }).primaryKey(),
  lockKey: serial('lock_key').notNull().unique(),
  host: varchar('host', { length: 255 }).notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
});
