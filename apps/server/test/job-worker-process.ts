/**
 * A worker process for the dead-lease tests (jobs/dead-leases.test.ts): opens the database named
 * by DATABASE_URL or DATA_DIR, joins as a worker, and claims due `test.hold` jobs with a 10-minute
 * lease, holding each forever. It says `joined <workerId>` and `running <jobId>` on stdout, then
 * waits to be killed.
 */
import pino from 'pino';
import { openDatabase } from '../src/db/client.ts';
import { createJobQueueRepository } from '../src/jobs/job-queue.repository.ts';
import { createJobWorker } from '../src/jobs/job-worker.ts';
import { createWorkerPresence } from '../src/jobs/worker-presence.ts';
import { systemClock } from '../src/platform/clock.ts';

const database = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL, poolSize: 2 } : { dataDir: process.env.DATA_DIR! },
);
const log = pino({ level: 'silent' });
const queue = createJobQueueRepository(database.db);
const presence = createWorkerPresence({ database, queue, clock: systemClock, log });
const worker = createJobWorker({ queue, clock: systemClock, log, pollMs: 50, leaseMs: 10 * 60 * 1000, batchSize: 1, presence });
worker.register('test.hold', (_payload, job) => {
  process.stdout.write(`running ${job.id}\n`);
  return new Promise<void>(() => {});
});
await worker.start();
process.stdout.write(`joined ${presence.id}\n`);
