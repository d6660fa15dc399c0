import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { newId } from '../platform/crypto.ts';

export type JobRow = typeof jobs.$inferSelect;

/** A database or a transaction: enqueueing inside the caller's transaction is the point of an outbox. */
type Executor = Pick<Database, 'insert' | 'update'>;

/** The outbox table: enqueue (inside the caller's transaction), claim due jobs, finish or retry them. */
export function createJobQueueRepository(db: Database) {
  return {
    /** Adds a job; with a dedupeKey, a second job of the same key is ignored. */
    async enqueue(job: { kind: string; payload: unknown; runAt: Date; dedupeKey?: string }, executor: Executor = db): Promise<void> {
      await executor
        .insert(jobs)
        .values({ id: newId('job'), kind: job.kind, payload: job.payload, runAt: job.runAt, dedupeKey: job.dedupeKey ?? null })
        .onConflictDoNothing({ target: jobs.dedupeKey });
    },

    /**
     * Claims up to `limit` due jobs for `leaseMs`: rows another process holds are skipped, not
     * waited for. One statement, so the claim is atomic on PostgreSQL and PGlite alike.
     */
    async claimDue(now: Date, limit: number, leaseMs: number): Promise<JobRow[]> {
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now), or(isNull(jobs.leaseUntil), lte(jobs.leaseUntil, now))))
        .orderBy(jobs.runAt, jobs.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(jobs)
        .set({ leaseUntil: new Date(now.getTime() + leaseMs), attempts: sql`${jobs.attempts} + 1` })
        .where(sql`${jobs.id} in ${due}`)
        .returning();
    },

    async complete(id: string, now: Date): Promise<void> {
      // The dedupe key is released, so the same work may be queued again later (a new event).
      await db.update(jobs).set({ doneAt: now, leaseUntil: null, dedupeKey: null }).where(eq(jobs.id, id));
    },

    async retryLater(id: string, runAt: Date, error: string): Promise<void> {
      await db.update(jobs).set({ runAt, leaseUntil: null, lastError: error.slice(0, 2000) }).where(eq(jobs.id, id));
    },

    /** The handler asked to run again later (it waits on something): not a failure, so attempts start over. */
    async reschedule(id: string, runAt: Date): Promise<void> {
      await db.update(jobs).set({ runAt, leaseUntil: null, attempts: 0, lastError: null }).where(eq(jobs.id, id));
    },

    /**
     * Brings a waiting job of this dedupe key forward to `runAt` (inside the caller's transaction),
     * so work that became possible now is not left to the job's later check.
     */
    async wake(dedupeKey: string, runAt: Date, executor: Executor = db): Promise<void> {
      await executor.update(jobs).set({ runAt }).where(and(eq(jobs.dedupeKey, dedupeKey), isNull(jobs.doneAt), sql`${jobs.runAt} > ${runAt}`));
    },

    /** Stops retrying: the row stays, with its last error, for an operator to look at. */
    async giveUp(id: string, now: Date, error: string): Promise<void> {
      await db.update(jobs).set({ doneAt: now, leaseUntil: null, dedupeKey: null, lastError: `gave up: ${error}`.slice(0, 2000) }).where(eq(jobs.id, id));
    },
  };
}

export type JobQueueRepository = ReturnType<typeof createJobQueueRepository>;
