import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../platform/clock.ts';
import { withoutQueryParams } from '../platform/logging.ts';
import type { JobQueueRepository, JobRow } from './job-queue.repository.ts';
import type { WorkerPresence } from './worker-presence.ts';

/** A handler that waits on something (a bank's 3DS answer, a chain confirmation) answers when to run again. */
export type JobHandler = (payload: unknown, job: JobRow) => Promise<void | { runAgainAt: Date }>;

export interface JobWorkerOptions {
  queue: JobQueueRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How often due jobs are looked for; 0 disables the timer (tests drain by hand). */
  pollMs: number;
  /** How long a claimed job is ours; a crashed process's jobs are due again after it. */
  leaseMs?: number;
  /** Jobs run per batch (each claimed on its own); a full batch is followed by the next one at once. */
  batchSize?: number;
  /**
   * Jobs of a batch that run at once: a job spends most of its time waiting on the database or a
   * provider, so one at a time cannot keep up with orders arriving by the hundred a second.
   */
  concurrency?: number;
  /** After this many failures a job is given up (kept, with its last error, for an operator). */
  maxAttempts?: number;
  /**
   * The process's identity (worker-presence.ts): claims carry it, and start() frees the leases of
   * dead workers at once. Without it leases carry no holder and only run out.
   */
  presence?: WorkerPresence;
}

/** 1 s, 2 s, 4 s ... capped at 5 minutes: a vendor outage is retried without hammering it. */
export const retryDelayMs = (attempt: number): number => Math.min(2 ** (attempt - 1) * 1000, 5 * 60 * 1000);

/**
 * Runs the outbox's jobs: claims due rows (SKIP LOCKED, so several processes share the work),
 * runs each kind's handler, completes it, or schedules a retry with backoff. Handlers must be
 * idempotent: a job may run again after a crash between its work and its completion.
 */
export function createJobWorker(options: JobWorkerOptions) {
  const { queue, clock, log } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 10;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  // 12 quick retries, then every 5 minutes: a vendor outage of about two hours loses nothing.
  const maxAttempts = options.maxAttempts ?? 36;
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const leasedBy = options.presence?.id ?? null;

  async function runOne(job: JobRow) {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const outcome = await handler(job.payload, job);
      if (outcome?.runAgainAt) await queue.reschedule(job.id, outcome.runAgainAt);
      else await queue.complete(job.id, clock.now());
    } catch (error) {
      const message = withoutQueryParams(error instanceof Error ? error.message : String(error));
      const givingUp = job.attempts >= maxAttempts;
      log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, givingUp, err: message }, 'job failed');
      if (givingUp) await queue.giveUp(job.id, clock.now(), message);
      else await queue.retryLater(job.id, new Date(clock.now().getTime() + retryDelayMs(job.attempts)), message);
    }
  }

  /**
   * Runs up to a batch of due jobs, `concurrency` at a time, claiming each only as it starts: a
   * lease then covers one job's run, so a slow job never lets another process take the jobs still
   * waiting behind it. Answers how many ran. Never two batches at once in a process.
   */
  function runDue(): Promise<number> {
    running ??= (async () => {
      const inFlight = new Set<Promise<void>>();
      try {
        let ran = 0;
        if (options.presence && !(await options.presence.ready())) return ran;
        for (; ran < batchSize; ran += 1) {
          const [job] = await queue.claimDue(clock.now(), 1, leaseMs, leasedBy);
          if (!job) break;
          const run: Promise<void> = runOne(job)
            .catch((error: unknown) => log.error({ jobId: job.id, err: error }, 'job could not be completed or rescheduled'))
            .finally(() => inFlight.delete(run));
          inFlight.add(run);
          if (inFlight.size >= concurrency) await Promise.race(inFlight);
        }
        return ran;
      } finally {
        await Promise.all(inFlight);
        running = undefined;
      }
    })();
    return running;
  }

  /** One poll: a full batch means more are due, so the next batch follows at once (after pending I/O). */
  function poll() {
    runDue().then(
      (ran) => {
        if (ran >= batchSize && timer) setImmediate(poll);
      },
      (error: unknown) => log.error({ err: error }, 'job poll failed'),
    );
  }

  return {
    register(kind: string, handler: JobHandler) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
      handlers.set(kind, handler);
    },
    runDue,
    /** Runs batches until none is due (jobs may queue more jobs); for tests and shutdown. */
    async drain(maxBatches = 50): Promise<void> {
      for (let batch = 0; batch < maxBatches; batch += 1) if ((await runDue()) === 0) return;
      throw new Error('jobs kept coming after 50 batches');
    },
    /** Joins as a worker (taking dead workers' leases at once), then polls unless pollMs is 0. */
    async start() {
      if (options.presence) await options.presence.join();
      if (options.pollMs <= 0 || timer) return;
      timer = setInterval(poll, options.pollMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
      await options.presence?.leave();
    },
  };
}

export type JobWorker = ReturnType<typeof createJobWorker>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker: modules register their job kinds; tests drain it. */
    jobs: JobWorker;
  }
}
