import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { jobs, jobWorkers } from '../db/schema/index.ts';
import { createManualClock, systemClock } from '../platform/clock.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { createJobQueueRepository, WORKER_LOCK_CLASS } from './job-queue.repository.ts';
import { createJobWorker } from './job-worker.ts';
import { createWorkerPresence } from './worker-presence.ts';

/**
 * Issue 13: "a restarted single process takes its own dead leases at once". Real worker processes
 * (test/job-worker-process.ts) claim jobs with a 10-minute lease and are killed with SIGKILL; the
 * process started next runs their jobs at once, on the real clock, without waiting for the lease.
 * On PostgreSQL a live process's lease is never taken.
 */
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const log = pino({ level: 'silent' });
const LEASE_MS = 10 * 60 * 1000;

interface WorkerProcess {
  child: ChildProcess;
  workerId: string;
  jobId: string;
}

/** Starts a worker process and waits until it has joined and holds a job. */
function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/job-worker-process.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const workerId = /joined (\S+)/.exec(output)?.[1];
      const jobId = /running (\S+)/.exec(output)?.[1];
      if (workerId && jobId) resolve({ child, workerId, jobId });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`worker process exited (${code ?? signal}):\n${output}`)));
  });
}

async function killHard(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const jobRow = async (database: DatabaseHandle, id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

async function enqueueHeldJobs(database: DatabaseHandle, count: number) {
  const queue = createJobQueueRepository(database.db);
  for (let n = 0; n < count; n += 1) await queue.enqueue({ kind: 'test.hold', payload: { n }, runAt: systemClock.now() });
}

/** The worker the test process starts "next": it runs what it may claim now, and records which jobs. */
async function startNextWorker(database: DatabaseHandle) {
  const queue = createJobQueueRepository(database.db);
  const presence = createWorkerPresence({ database, queue, clock: systemClock, log });
  const worker = createJobWorker({ queue, clock: systemClock, log, pollMs: 0, leaseMs: LEASE_MS, presence });
  const ran: string[] = [];
  worker.register('test.hold', async (_payload, job) => void ran.push(job.id));
  await worker.start();
  await worker.drain();
  return { ran, presence, stop: () => worker.stop() };
}

describe.runIf(process.env.TEST_DB !== 'postgres')('a restarted process on the embedded database (PGlite)', () => {
  it('runs the jobs its killed predecessor held at once, not after the lease', { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-leases-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    // The run's migrated snapshot, unpacked into a data dir the processes open in turn.
    const seeded = await PGlite.create(path.join(dataDir, 'pglite'), {
      loadDataDir: new Blob([fs.readFileSync(inject('pgliteSnapshotPath'))]),
    });
    await seeded.close();
    const before = await openDatabase({ dataDir });
    await enqueueHeldJobs(before, 1);
    await before.close();

    const dead = await startWorkerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
    await killHard(dead.child);

    const database = await openDatabase({ dataDir });
    cleanups.push(() => database.close());
    const held = await jobRow(database, dead.jobId);
    expect(held.leasedBy).toBe(dead.workerId);
    expect(held.leaseUntil!.getTime()).toBeGreaterThan(Date.now() + LEASE_MS / 2);

    const next = await startNextWorker(database);
    expect(next.ran).toEqual([dead.jobId]);
    expect(await jobRow(database, dead.jobId)).toMatchObject({ leasedBy: null, leaseUntil: null });
    expect((await jobRow(database, dead.jobId)).doneAt).not.toBeNull();
    // The dead worker is forgotten; the live one is recorded until it stops.
    expect((await database.db.select().from(jobWorkers)).map((row) => row.id)).toEqual([next.presence.id]);
    await next.stop();
    expect(await database.db.select().from(jobWorkers)).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('processes sharing PostgreSQL', () => {
  it(
    "a starting process runs the killed process's job at once and leaves the live process's lease alone",
    { timeout: 120_000 },
    async () => {
      const database = await createTestDatabase();
      cleanups.push(() => database.close());
      await enqueueHeldJobs(database, 2);
      const env = { DATABASE_URL: database.url!, DATA_DIR: '' };
      const dead = await startWorkerProcess(env);
      const live = await startWorkerProcess(env);
      expect(live.jobId).not.toBe(dead.jobId);
      const liveLease = await jobRow(database, live.jobId);

      await killHard(dead.child);
      // The server ends the killed process's session as soon as it reads the closed socket: wait for that, not for a time.
      const [deadWorker] = await database.db.select().from(jobWorkers).where(eq(jobWorkers.id, dead.workerId));
      const lockHeld = async () => {
        const result = await database.db.execute(
          sql`select 1 from pg_locks where locktype = 'advisory' and classid = ${WORKER_LOCK_CLASS}::int::oid and objid = ${deadWorker!.lockKey}::int::oid and objsubid = 2`,
        );
        return (result as unknown as { rows: unknown[] }).rows.length > 0;
      };
      for (let tries = 0; (await lockHeld()) && tries < 200; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await lockHeld()).toBe(false);

      const next = await startNextWorker(database);
      cleanups.push(next.stop);
      expect(next.ran).toEqual([dead.jobId]);
      // The live process still holds its job, with the lease it took.
      expect(await jobRow(database, live.jobId)).toMatchObject({ leasedBy: live.workerId, leaseUntil: liveLease.leaseUntil, doneAt: null });
      expect((await database.db.select().from(jobWorkers)).map((row) => row.id).sort()).toEqual([live.workerId, next.presence.id].sort());

      // A second process starting while both live takes nothing.
      const another = await startNextWorker(database);
      expect(another.ran).toEqual([]);
      await another.stop();
      await killHard(live.child);
    },
  );

  it('a worker that loses its database session claims nothing until it holds its lock again', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const clock = createManualClock();
    const queue = createJobQueueRepository(database.db);
    const presence = createWorkerPresence({ database, queue, clock, log });
    const worker = createJobWorker({ queue, clock, log, pollMs: 0, presence });
    let runs = 0;
    worker.register('test.count', async () => void (runs += 1));
    await worker.start();
    cleanups.push(() => worker.stop());
    const [self] = await database.db.select().from(jobWorkers).where(eq(jobWorkers.id, presence.id));
    // The server ends the session holding the worker's lock (a restart, a broken connection); the worker notices.
    const loseSession = async () => {
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and classid = ${WORKER_LOCK_CLASS}::int::oid and objid = ${self!.lockKey}::int::oid and objsubid = 2`,
      );
      for (let tries = 0; presence.held && tries < 200; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(presence.held).toBe(false);
    };

    // The first time, it holds its lock again at once and goes on.
    await loseSession();
    await queue.enqueue({ kind: 'test.count', payload: { n: 1 }, runAt: clock.now() });
    expect(await worker.runDue()).toBe(1);
    expect(presence.held).toBe(true);
    // Lost again within seconds: it claims nothing until its next try, a few seconds on.
    await loseSession();
    await queue.enqueue({ kind: 'test.count', payload: { n: 2 }, runAt: clock.now() });
    expect(await worker.runDue()).toBe(0);
    clock.advance(5_000);
    expect(await worker.runDue()).toBe(1);
    expect(runs).toBe(2);
    expect((await database.db.select().from(jobWorkers).where(eq(jobWorkers.id, presence.id))).map((row) => row.lockKey)).toEqual([
      self!.lockKey,
    ]);
  });
});
