import { CALLS, ok, redactTraceText, type TraceEvent } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.ts';
import { createLogIntake, HOUR_MS, type LogIntakeDeps } from './log-intake.ts';
import { createTraceEventCounter } from './trace-log-counter.repository.ts';
import { createTraceLogRepository, type StoredTraceEvent } from './trace-log.repository.ts';

/**
 * The bounds of user/trace/log, a call anyone may make without a session (a beacon carries no header), built
 * as common/log is (client-log.routes.ts), on the same bounds (log-intake.ts). Together they cap what the table holds: at most TRACE_LOG_LIMITS.keepRows
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

export const JOB_TRACE_LOG_PRUNE = 'trace-log.prune';

export type TraceLogDeps = LogIntakeDeps;

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
  const intake = createLogIntake(deps, {
    refusal: 'Too many trace events: try again later.',
    bodyBytes: limits.bodyBytes,
    // Batches, counted as the request arrives; the events are counted once the body is read.
    ipBucket: 'trace-log:batch:ip',
    perIpPerHour: limits.batchesPerIpPerHour,
    keepDays: limits.keepDays,
    keepRows: limits.keepRows,
    pruneJob: JOB_TRACE_LOG_PRUNE,
    prune: (olderThan, keepRows) => events.prune(olderThan, keepRows),
  });

  async function limitEvents(key: string, count: number, perHour: number) {
    const verdict = await eventCounter.hit(key, count, perHour, HOUR_MS, deps.clock.now());
    if (!verdict.allowed) throw intake.refuse(verdict.retryAfterMs);
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
    intake.routeOptions(
      `${CALLS.traceLog.summary}; at most ${limits.bodyBytes / 1024} KB, ${limits.eventsPerIpPerHour} events an hour per address and ${limits.eventsPerPersonPerHour} per person, kept ${limits.keepDays} days`,
    ),
  );

  return { scheduleHousekeeping: intake.scheduleHousekeeping };
}
