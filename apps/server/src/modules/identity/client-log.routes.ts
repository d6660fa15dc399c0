import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.ts';
import { createClientLogRepository } from './client-log.repository.ts';
import { createLogIntake, type LogIntakeDeps } from './log-intake.ts';

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

export const JOB_CLIENT_LOG_PRUNE = 'client-log.prune';

export type ClientLogDeps = LogIntakeDeps;

/**
 * POST login/common/log (docs/rules/calls.md: logMap with the client's uuid) and the hourly job that prunes
 * what it stored. Answers how to schedule that job (once, found again by its key).
 */
export function registerClientLogRoutes(app: FastifyInstance, deps: ClientLogDeps): { scheduleHousekeeping: () => Promise<void> } {
  const logs = createClientLogRepository(deps.db);
  const limits = CLIENT_LOG_LIMITS;
  const intake = createLogIntake(deps, {
    refusal: 'Too many client log entries: try again later.',
    bodyBytes: limits.bodyBytes,
    ipBucket: 'client-log:ip',
    perIpPerHour: limits.perIpPerHour,
    keepDays: limits.keepDays,
    keepRows: limits.keepRows,
    pruneJob: JOB_CLIENT_LOG_PRUNE,
    prune: (olderThan, keepRows) => logs.prune(olderThan, keepRows),
  });

  registerCall(
    app,
    CALLS.clientLog,
    async (request) => {
      await intake.limit('client-log:all', limits.storedPerHour);
      await logs.add({
        clientUuid: request.body.uuid,
        entries: request.body.logMap,
        userAgent: request.headers['user-agent'],
        createdAt: deps.clock.now(),
      });
      return ok(null);
    },
    intake.routeOptions(
      `${CALLS.clientLog.summary}; at most ${limits.bodyBytes / 1024} KB, ${limits.perIpPerHour} an hour per address and per person, kept ${limits.keepDays} days`,
      // After the address's, as the request arrives: a valid token's person.
      async (request) => {
        const session = await deps.guard.optionalSession(request);
        if (session) await intake.limit(`client-log:user:${session.user.id}`, limits.perPersonPerHour);
      },
    ),
  );

  return { scheduleHousekeeping: intake.scheduleHousekeeping };
}
