import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import type { AuthGuard } from './auth-guard.ts';
import { createClientLogRepository } from './client-log.repository.ts';
import { registerCall } from '../../platform/calls.ts';

/**
 * The bounds of common/log, a call anyone may make without a session (F5 of issue 13: it
 * once stored 100 kB a request, unlimited and for ever). Together they cap what the table holds:
 * at most CLIENT_LOG_KEEP_ROWS after each hourly prune, plus what the overall limit lets in
 * before the next one, each row at most CLIENT_LOG_BODY_LIMIT bytes.
 */
export const CLIENT_LOG_LIMITS = {
  /** A diagnostic record is a few short fields: anything bigger is refused before it is parsed. */
  bodyBytes: 8 * 1024,
  perIpPerHour: 30,
  perPersonPerHour: 30,
  /** Rows stored per hour from everyone together: a crowd of addresses cannot fill the disk either. */
  storedPerHour: 600,
  keepDays: 7,
  keepRows: 10_000,
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const JOB_CLIENT_LOG_PRUNE = 'client-log.prune';

export interface ClientLogDeps {
  db: Database;
  rateLimiter: RateLimiter;
  guard: Pick<AuthGuard, 'optionalSession'>;
  queue: JobQueueRepository;
  worker: JobWorker;
  clock: Clock;
}

/**
 * POST login/common/log (docs/rules/calls.md: logMap with the client's uuid) and the hourly job that prunes
 * what it stored. Answers how to schedule that job (once, found again by its key).
 */
export function registerClientLogRoutes(app: FastifyInstance, deps: ClientLogDeps): { scheduleHousekeeping: () => Promise<void> } {
  const logs = createClientLogRepository(deps.db);
  const limits = CLIENT_LOG_LIMITS;

  async function limit(key: string, perHour: number) {
    const verdict = await deps.rateLimiter.hit(key, perHour, HOUR_MS, deps.clock.now());
    if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterMs, 'Too many client log entries: try again later.');
  }

  /** Counted as the request arrives, before its body is read: a flood costs one upsert a request. */
  async function limitSender(request: FastifyRequest) {
    await limit(`client-log:ip:${request.ipKey}`, limits.perIpPerHour);
    const session = await deps.guard.optionalSession(request);
    if (session) await limit(`client-log:user:${session.user.id}`, limits.perPersonPerHour);
  }

  registerCall(
    app,
    CALLS.clientLog,
    async (request) => {
      await limit('client-log:all', limits.storedPerHour);
      await logs.add({
        clientUuid: request.body.uuid,
        entries: request.body.logMap,
        userAgent: request.headers['user-agent'],
        createdAt: deps.clock.now(),
      });
      return ok(null);
    },
    {
      summary: `${CALLS.clientLog.summary}; at most ${limits.bodyBytes / 1024} KB, ${limits.perIpPerHour} an hour per address and per person, kept ${limits.keepDays} days`,
      bodyLimit: limits.bodyBytes,
      onRequest: limitSender,
    },
  );

  deps.worker.register(JOB_CLIENT_LOG_PRUNE, async () => {
    const now = deps.clock.now();
    await logs.prune(new Date(now.getTime() - limits.keepDays * DAY_MS), limits.keepRows);
    return { runAgainAt: new Date(now.getTime() + HOUR_MS) };
  });
  return {
    scheduleHousekeeping: () =>
      deps.queue.enqueue({ kind: JOB_CLIENT_LOG_PRUNE, payload: {}, runAt: deps.clock.now(), dedupeKey: JOB_CLIENT_LOG_PRUNE }),
  };
}
