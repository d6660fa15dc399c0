import { CALLS, ok, redactTraceText, type TraceEvent } from '@causeway/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import { registerCall } from '../../platform/calls.ts';
import type { AuthGuard } from './auth-guard.ts';
import { createTraceEventCounter } from './trace-log-counter.repository.ts';
import { createTraceLogRepository, type StoredTraceEvent } from './trace-log.repository.ts';

/**
 * The bounds of user/trace/log, a call anyone may make without a session (a beacon carries no header), built
 * as common/log is (client-log.routes.ts). Together they cap what the table holds: at most TRACE_LOG_LIMITS.keepRows
 * after each hourly prune, plus what storedPerHour lets in before the next one; each row is a few short fields.
 */
export const TRACE_LOG_LIMITS = {
  /** 50 events of a few short fields: anything bigger is refused before it is parsed. */
  bodyBytes: 16 * 1024,
  /** Batches per address, counted as the request arrives (before its body is read): one every 5 s, for an hour. */
  batchesPerIpPerHour: 720,
  eventsPerIpPerHour: 1_500,
  eventsPerPersonPerHour: 1_000,
  /** Events stored per hour from everyone together: a crowd of addresses cannot fill the disk either. */
  storedPerHour: 20_000,
  keepDays: 7,
  keepRows: 50_000,
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const JOB_TRACE_LOG_PRUNE = 'trace-log.prune';

export interface TraceLogDeps {
  db: Database;
  rateLimiter: RateLimiter;
  guard: Pick<AuthGuard, 'optionalSession'>;
  queue: JobQueueRepository;
  worker: JobWorker;
  clock: Clock;
}

const refusal = (retryAfterMs: number) => new RateLimitedError(retryAfterMs, 'Too many trace events: try again later.');

/**
 * An event as it is stored: every text that looks like a secret (a card number, a code, an email address, a
 * token: telemetry-rules.ts) replaced by '[redacted]', whatever the client already did; the session only as
 * the person's id.
 */
const storedEvent = (event: TraceEvent, userId: string | null, createdAt: Date): StoredTraceEvent => ({
  eventUuid: event.uuid,
  elementId: redactTraceText(event.elementId),
  subElementId: event.subElementId === undefined ? null : redactTraceText(event.subElementId),
  message: event.message === undefined ? null : redactTraceText(event.message),
  userId,
  occurredAt: new Date(event.at),
  createdAt,
});

/**
 * POST user/trace/log (docs/rules/calls.md: batched analytics events) and the hourly job that prunes what it
 * stored. Answers how to schedule that job (once, found again by its key).
 */
export function registerTraceLogRoutes(app: FastifyInstance, deps: TraceLogDeps): { scheduleHousekeeping: () => Promise<void> } {
  const events = createTraceLogRepository(deps.db);
  const eventCounter = createTraceEventCounter(deps.db);
  const limits = TRACE_LOG_LIMITS;

  async function limitEvents(key: string, count: number, perHour: number) {
    const verdict = await eventCounter.hit(key, count, perHour, HOUR_MS, deps.clock.now());
    if (!verdict.allowed) throw refusal(verdict.retryAfterMs);
  }

  /** Counted as the request arrives, before its body is read: a flood costs one upsert a request. */
  async function limitBatches(request: FastifyRequest) {
    const verdict = await deps.rateLimiter.hit(
      `trace-log:batch:ip:${request.ipKey}`,
      limits.batchesPerIpPerHour,
      HOUR_MS,
      deps.clock.now(),
    );
    if (!verdict.allowed) throw refusal(verdict.retryAfterMs);
  }

  registerCall(
    app,
    CALLS.traceLog,
    async (request) => {
      const batch = request.body.events;
      await limitEvents(`trace-log:ip:${request.ipKey}`, batch.length, limits.eventsPerIpPerHour);
      // A valid token makes the events the person's (and counts them as theirs); anything else is anonymous.
      const session = await deps.guard.optionalSession(request);
      if (session) await limitEvents(`trace-log:user:${session.user.id}`, batch.length, limits.eventsPerPersonPerHour);
      await limitEvents('trace-log:all', batch.length, limits.storedPerHour);
      const now = deps.clock.now();
      await events.addMany(batch.map((event) => storedEvent(event, session?.user.id ?? null, now)));
      return ok(null);
    },
    {
      summary: `${CALLS.traceLog.summary}; at most ${limits.bodyBytes / 1024} KB, ${limits.eventsPerIpPerHour} events an hour per address and ${limits.eventsPerPersonPerHour} per person, kept ${limits.keepDays} days`,
      bodyLimit: limits.bodyBytes,
      onRequest: limitBatches,
    },
  );

  deps.worker.register(JOB_TRACE_LOG_PRUNE, async () => {
    const now = deps.clock.now();
    await events.prune(new Date(now.getTime() - limits.keepDays * DAY_MS), limits.keepRows);
    return { runAgainAt: new Date(now.getTime() + HOUR_MS) };
  });
  return {
    scheduleHousekeeping: () =>
      deps.queue.enqueue({ kind: JOB_TRACE_LOG_PRUNE, payload: {}, runAt: deps.clock.now(), dedupeKey: JOB_TRACE_LOG_PRUNE }),
  };
}
