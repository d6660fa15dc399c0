import { and, eq, inArray, isNotNull, isNull, lte, not, or, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client.ts';
import { jobs, jobWorkers } from '../db/schema/index.ts';
import { newId } from '../platform/crypto.ts';

export type JobRow = typeof jobs.$inferSelect;

/** pg_advisory_lock's first key for worker liveness ("causeway workers"; migrations use 727001). */
export const WORKER_LOCK_CLASS = 727_002;

/**
 * True while some session holds the worker's lock: its process is alive (and reaches the
 * database). pg_locks shows every session's locks, on PostgreSQL and PGlite alike.
 */
const holdsItsLock = sql`exists (
  select 1 from pg_locks l
  where l.locktype = 'advisory' and l.granted and l.objsubid = 2
    and l.database = (select oid from pg_database where datname = current_database())
    and l.classid = ${WORKER_LOCK_CLASS}::int::oid and l.objid = ${jobWorkers.lockKey}::oid
)`;

/**
 * The outbox table: enqueue, claim due jobs, finish or retry them. A job enqueued inside the
 * caller's transaction (platform/transaction.ts) commits with it: that is the point of an outbox.
 */
export function createJobQueueRepository(db: Database) {
  return {
    /** Adds a job; with a dedupeKey, a second job of the same key is ignored. */
    async enqueue(job: { kind: string; payload: unknown; runAt: Date; dedupeKey?: string }): Promise<void> {
      await db
        .insert(jobs)
        .values({ id: newId('job'), kind: job.kind, payload: job.payload, runAt: job.runAt, dedupeKey: job.dedupeKey ?? null })
        .onConflictDoNothing({ target: jobs.dedupeKey });
    },

    /**
     * Claims up to `limit` due jobs for `leaseMs`: rows another process holds are skipped, not
     * waited for. One statement, so the claim is atomic on PostgreSQL and PGlite alike.
     */
    async claimDue(now: Date, limit: number, leaseMs: number, leasedBy: string | null = null): Promise<JobRow[]> {
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now), or(isNull(jobs.leaseUntil), lte(jobs.leaseUntil, now))))
        .orderBy(jobs.runAt, jobs.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(jobs)
        .set({ leaseUntil: new Date(now.getTime() + leaseMs), leasedBy, attempts: sql`${jobs.attempts} + 1` })
        .where(sql`${jobs.id} in ${due}`)
        .returning();
    },

    async complete(id: string, now: Date): Promise<void> {
      // The dedupe key is released, so the same work may be queued again later (a new event).
      await db.update(jobs).set({ doneAt: now, leaseUntil: null, leasedBy: null, dedupeKey: null }).where(eq(jobs.id, id));
    },

    async retryLater(id: string, runAt: Date, error: string): Promise<void> {
      await db
        .update(jobs)
        .set({ runAt, leaseUntil: null, leasedBy: null, lastError: error.slice(0, 2000) })
        .where(eq(jobs.id, id));
    },

    /** The handler asked to run again later (it waits on something): not a failure, so attempts start over. */
    async reschedule(id: string, runAt: Date): Promise<void> {
      await db.update(jobs).set({ runAt, leaseUntil: null, leasedBy: null, attempts: 0, lastError: null }).where(eq(jobs.id, id));
    },

    /**
     * Brings a waiting job of this dedupe key forward to `runAt` (inside the caller's transaction),
     * so work that became possible now is not left to the job's later check.
     */
    async wake(dedupeKey: string, runAt: Date): Promise<void> {
      await db
        .update(jobs)
        .set({ runAt })
        .where(and(eq(jobs.dedupeKey, dedupeKey), isNull(jobs.doneAt), sql`${jobs.runAt} > ${runAt}`));
    },

    /** A new lock key for a worker: taken before its row exists, so a recorded worker always holds its lock while alive. */
    async nextWorkerLockKey(): Promise<number> {
      const result = await db.execute<{ key: number }>(sql`select nextval(pg_get_serial_sequence('job_workers', 'lock_key'))::int as key`);
      const key = rowsOf<{ key: number }>(result)[0]?.key;
      if (typeof key !== 'number') throw new Error('no worker lock key');
      return key;
    },

    async recordWorker(worker: typeof jobWorkers.$inferInsert): Promise<void> {
      await db.insert(jobWorkers).values(worker).onConflictDoNothing();
    },

    /**
     * Frees at once the leases of workers whose lock nobody holds (their process died: the
     * database dropped its session and the lock with it), and forgets those workers. A live
     * worker's leases are never touched; leases without a holder wait for their time as before.
     * Answers the jobs freed.
     */
    async releaseLeasesOfDeadWorkers(): Promise<string[]> {
      const dead = db.select({ id: jobWorkers.id }).from(jobWorkers).where(not(holdsItsLock));
      const freed = await db
        .update(jobs)
        .set({ leaseUntil: null, leasedBy: null })
        .where(and(isNull(jobs.doneAt), isNotNull(jobs.leaseUntil), inArray(jobs.leasedBy, dead)))
        .returning({ id: jobs.id });
      await db.delete(jobWorkers).where(not(holdsItsLock));
      return freed.map((job) => job.id);
    },

    /** A worker stopping cleanly: any lease it still holds is free now, and its row goes. */
    async forgetWorker(workerId: string): Promise<void> {
      await db
        .update(jobs)
        .set({ leaseUntil: null, leasedBy: null })
        .where(and(eq(jobs.leasedBy, workerId), isNull(jobs.doneAt)));
      await db.delete(jobWorkers).where(eq(jobWorkers.id, workerId));
    },

    /** Stops retrying: the row stays, with its last error, for an operator to look at. */
    async giveUp(id: string, now: Date, error: string): Promise<void> {
      await db
        .update(jobs)
        .set({ doneAt: now, leaseUntil: null, leasedBy: null, dedupeKey: null, lastError: `gave up: ${error}`.slice(0, 2000) })
        .where(eq(jobs.id, id));
    },
  };
}

export type JobQueueRepository = ReturnType<typeof createJobQueueRepository>;
