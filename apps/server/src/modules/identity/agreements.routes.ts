import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import { registerCall } from '../../platform/calls.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import { createAgreementLogRepository } from './agreement-log.repository.ts';
import { assertCurrentVersions, createAgreementService } from './agreements.service.ts';
import { authContextOf } from './auth-guard.ts';
import type { IdentityRepository } from './identity.repository.ts';
import { normalizeEmail } from './identity.repository.ts';

/**
 * The bounds of agreement/log, a call anyone may make before an account exists (as common/log's,
 * client-log.routes.ts). Together they cap what the table holds: at most keepRows after each hourly prune,
 * plus what storedPerHour lets in before the next one, each row a few short fields.
 */
export const AGREEMENT_LOG_LIMITS = {
  /** An email, a flag, a number and four short pairs: anything bigger is refused before it is parsed. */
  bodyBytes: 2 * 1024,
  /** A person ticks and unticks a few times while signing up; a script gets no further. */
  perIpPerHour: 20,
  /** Nobody floods one address's record from many addresses either. */
  perEmailPerHour: 10,
  /** Rows stored per hour from everyone together: a crowd of addresses cannot fill the disk. */
  storedPerHour: 1_000,
  /** Evidence of consent is worth keeping a while: half a year. */
  keepDays: 180,
  keepRows: 200_000,
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const JOB_AGREEMENT_LOG_PRUNE = 'agreement-log.prune';

export interface AgreementRoutesDeps {
  db: Database;
  repository: IdentityRepository;
  rateLimiter: RateLimiter;
  queue: JobQueueRepository;
  worker: JobWorker;
  clock: Clock;
}

/**
 * terms-and-statements (v1: what is due, v2: accept it) for the signed-in person, and the pre-login agreement
 * log with the hourly job that prunes it (docs/rules/agreements.md). Answers how to schedule that job.
 */
export function registerAgreementRoutes(app: FastifyInstance, deps: AgreementRoutesDeps): { scheduleHousekeeping: () => Promise<void> } {
  const agreements = createAgreementService({ repository: deps.repository, clock: deps.clock });
  const logs = createAgreementLogRepository(deps.db);
  const limits = AGREEMENT_LOG_LIMITS;

  registerCall(app, CALLS.termsAndStatements, async (request) =>
    ok(await agreements.due(authContextOf(request).user, request.body.isRoma)),
  );

  registerCall(app, CALLS.termsAndStatementsV2, async (request) => {
    const accepted = await agreements.accept(authContextOf(request).user, request.body.protocolMap);
    return ok({ accepted });
  });

  async function limit(key: string, perHour: number) {
    const verdict = await deps.rateLimiter.hit(key, perHour, HOUR_MS, deps.clock.now());
    if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterMs, 'Too many agreement log entries: try again later.');
  }

  registerCall(
    app,
    CALLS.agreementLog,
    async (request) => {
      const { email, agree, viewTime, protocolMap } = request.body;
      // Checked before anything is counted against the address: a stale page's log is refused, not stored.
      assertCurrentVersions(protocolMap);
      await limit(`agreement-log:email:${normalizeEmail(email)}`, limits.perEmailPerHour);
      await limit('agreement-log:all', limits.storedPerHour);
      await logs.add({
        email,
        agree,
        viewTimeMs: viewTime,
        protocolMap: protocolMap as Record<string, string>,
        ipKey: request.ipKey,
        createdAt: deps.clock.now(),
      });
      return ok(null);
    },
    {
      summary: `${CALLS.agreementLog.summary}; at most ${limits.bodyBytes / 1024} KB, ${limits.perIpPerHour} an hour per address and ${limits.perEmailPerHour} per email, kept ${limits.keepDays} days`,
      bodyLimit: limits.bodyBytes,
      // Counted as the request arrives, before its body is read: a flood costs one upsert a request.
      onRequest: async (request: FastifyRequest) => limit(`agreement-log:ip:${request.ipKey}`, limits.perIpPerHour),
    },
  );

  deps.worker.register(JOB_AGREEMENT_LOG_PRUNE, async () => {
    const now = deps.clock.now();
    await logs.prune(new Date(now.getTime() - limits.keepDays * DAY_MS), limits.keepRows);
    return { runAgainAt: new Date(now.getTime() + HOUR_MS) };
  });
  return {
    scheduleHousekeeping: () =>
      deps.queue.enqueue({ kind: JOB_AGREEMENT_LOG_PRUNE, payload: {}, runAt: deps.clock.now(), dedupeKey: JOB_AGREEMENT_LOG_PRUNE }),
  };
}
