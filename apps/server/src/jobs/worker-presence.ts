import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, DatabaseSession } from '../db/client.ts';
import type { Clock } from '../platform/clock.ts';
import { newId } from '../platform/crypto.ts';
import { type JobQueueRepository, WORKER_LOCK_CLASS } from './job-queue.repository.ts';

/** After losing its session, a worker tries to hold its lock again at most this often. */
const REJOIN_EVERY_MS = 5_000;

/**
 * A worker process's identity (issue 13: "a restarted single process takes its own dead leases at
 * once"). Joining takes a fresh lock key, holds that advisory lock on a connection of its own for
 * as long as the process runs, and records the worker (id, host, pid); its claims carry the id.
 * When a process dies, by kill -9 or a crash, the database ends its session and drops the lock,
 * so a process starting later sees at once which leases belong to the dead and frees them:
 *
 * - PGlite allows one process per DATA_DIR and its locks die with the process, so a restarted
 *   process finds every earlier worker dead and takes all their leases;
 * - on PostgreSQL a live process keeps its lock, so its leases are never taken, however many
 *   processes start; a dead one's are taken by the next process to start (or wait out the lease,
 *   as before, when none starts).
 */
export function createWorkerPresence(deps: { database: DatabaseHandle; queue: JobQueueRepository; clock: Clock; log: FastifyBaseLogger }) {
  const { database, queue, clock, log } = deps;
  const id = newId('wkr');
  let lockKey: number | undefined;
  let session: DatabaseSession | undefined;
  let lastRejoinAt = 0;

  /** Holds the worker's lock on a new session; false when another session holds it already. */
  async function holdLock(key: number): Promise<boolean> {
    const opened = await database.openSession();
    const [row] = await opened.query<{ held: boolean }>('select pg_try_advisory_lock($1, $2) as held', [WORKER_LOCK_CLASS, key]);
    if (!row?.held) {
      await opened.close();
      return false;
    }
    opened.onLost((error) => {
      if (session !== opened) return;
      session = undefined;
      // Until the lock is held again, a starting process may take this worker's leases: claim nothing meanwhile.
      log.error({ workerId: id, err: error.message }, 'job worker lost its database session: pausing claims until it holds its lock again');
    });
    session = opened;
    return true;
  }

  async function record() {
    await queue.recordWorker({ id, lockKey: lockKey!, host: os.hostname().slice(0, 255), pid: process.pid, startedAt: clock.now() });
  }

  return {
    id,

    /** True while this worker holds its lock on a live session. */
    get held(): boolean {
      return session !== undefined;
    },

    /** Holds the lock, records the worker, then frees the dead workers' leases. Answers the jobs freed. */
    async join(): Promise<string[]> {
      if (lockKey !== undefined) return [];
      lockKey = await queue.nextWorkerLockKey();
      if (!(await holdLock(lockKey))) throw new Error(`worker lock ${lockKey} is held already`);
      await record();
      const freed = await queue.releaseLeasesOfDeadWorkers();
      if (freed.length > 0) log.info({ workerId: id, jobs: freed.length }, 'took the leases of workers that died: their jobs run now');
      return freed;
    },

    /**
     * True while the lock is held. After a lost session it tries (every few seconds) to hold the
     * same lock again and re-records the worker, whom another process may have forgotten as dead.
     */
    async ready(): Promise<boolean> {
      if (session) return true;
      if (lockKey === undefined || clock.now().getTime() - lastRejoinAt < REJOIN_EVERY_MS) return false;
      lastRejoinAt = clock.now().getTime();
      try {
        if (!(await holdLock(lockKey))) return false;
        await record();
        log.warn({ workerId: id }, 'job worker holds its lock again: claiming resumes');
        return true;
      } catch (error) {
        log.warn(
          { workerId: id, err: error instanceof Error ? error.message : String(error) },
          'job worker could not hold its lock again yet',
        );
        return false;
      }
    },

    /** A clean stop: leases still held are freed, the row goes, the lock and its session end. */
    async leave(): Promise<void> {
      if (lockKey === undefined) return;
      const key = lockKey;
      lockKey = undefined;
      const closing = session;
      session = undefined;
      try {
        await queue.forgetWorker(id);
      } finally {
        // Only this worker's lock: on PGlite the session is shared with every other worker of the process.
        await closing?.query('select pg_advisory_unlock($1, $2)', [WORKER_LOCK_CLASS, key]).catch(() => undefined);
        await closing?.close();
      }
    },
  };
}

export type WorkerPresence = ReturnType<typeof createWorkerPresence>;
