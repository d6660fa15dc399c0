import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { CallRouteOptions } from '../../platform/calls.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import type { AuthGuard } from './auth-guard.ts';

export const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What a log intake is built from (common/log and user/trace/log take the same). */
export interface LogIntakeDeps {
  db: Database;
  rateLimiter: RateLimiter;
  guard: Pick<AuthGuard, 'optionalSession'>;
  queue: JobQueueRepository;
  worker: JobWorker;
  clock: Clock;
}

/**
 * The bounds the two log intakes share, calls anyone may make without a session (common/log:
 * client-log.routes.ts; user/trace/log: trace-log.routes.ts): hourly limits, each refused with 429 and
 * Retry-After; the body's size, refused with 413 before it is parsed; the address's limit counted as the
 * request arrives, before its body is read (a flood costs one upsert a request); and the hourly job that
 * forgets what is older than keepDays and keeps at most keepRows. Answers the limits for the call's own
 * counts, its route options and how to schedule the job (once, found again by its key).
 */
export function createLogIntake(
  deps: LogIntakeDeps,
  intake: {
    /** The refusal's message. */
    refusal: string;
    bodyBytes: number;
    /** The address's bucket is `${ipBucket}:${request.ipKey}`, counted once a request. */
    ipBucket: string;
    perIpPerHour: number;
    keepDays: number;
    keepRows: number;
    pruneJob: string;
    prune: (olderThan: Date, keepRows: number) => Promise<unknown>;
  },
) {
  const refuse = (retryAfterMs: number) => new RateLimitedError(retryAfterMs, intake.refusal);

  /** One more of `key` this hour, refused beyond `perHour`. */
  async function limit(key: string, perHour: number) {
    const verdict = await deps.rateLimiter.hit(key, perHour, HOUR_MS, deps.clock.now());
    if (!verdict.allowed) throw refuse(verdict.retryAfterMs);
  }

  /** The call's summary, the body bound, and the address's limit as the request arrives, then `alsoOnArrival`. */
  const routeOptions = (summary: string, alsoOnArrival?: (request: FastifyRequest) => Promise<void>): CallRouteOptions => ({
    summary,
    bodyLimit: intake.bodyBytes,
    onRequest: async (request: FastifyRequest) => {
      await limit(`${intake.ipBucket}:${request.ipKey}`, intake.perIpPerHour);
      await alsoOnArrival?.(request);
    },
  });

  deps.worker.register(intake.pruneJob, async () => {
    const now = deps.clock.now();
    await intake.prune(new Date(now.getTime() - intake.keepDays * DAY_MS), intake.keepRows);
    return { runAgainAt: new Date(now.getTime() + HOUR_MS) };
  });
  const scheduleHousekeeping = () =>
    deps.queue.enqueue({ kind: intake.pruneJob, payload: {}, runAt: deps.clock.now(), dedupeKey: intake.pruneJob });

  return { refuse, limit, routeOptions, scheduleHousekeeping };
}
