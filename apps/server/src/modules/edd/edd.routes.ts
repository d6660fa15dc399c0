import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import { emailLanguageOf } from '../../platform/request-language.ts';
import { eddOptionsIn } from './edd-options.ts';
import type { EddService } from './edd.service.ts';

/** Each commit reads up to 5 stored files again: a person's commits are counted (docs/rules/limits.md). */
export const EDD_COMMITS_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;

/** docs/rules/calls.md "Enhanced due diligence": the signed-in person's EDD calls. HTTP only. */
export function registerEddRoutes(app: FastifyInstance, deps: { service: EddService; rateLimiter: RateLimiter; clock: Clock }): void {
  const { service } = deps;
  async function limitCommits(userId: string) {
    const verdict = await deps.rateLimiter.hit(`edd-commit:${userId}`, EDD_COMMITS_PER_HOUR, HOUR_MS, deps.clock.now());
    if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterMs, 'Too many answers sent: try again later.');
  }

  registerCall(app, CALLS.eddDetail, async (request) => ok(await service.detail(request.auth!.user)));
  registerCall(app, CALLS.eddCommitSow, async (request) => {
    await limitCommits(request.auth!.user.id);
    return ok(await service.commitSow(request.auth!.user, request.body));
  });
  registerCall(app, CALLS.eddCommitSof, async (request) => {
    await limitCommits(request.auth!.user.id);
    return ok(await service.commitSof(request.auth!.user, request.body));
  });
  // The language asked for, else the browser's (Accept-Language).
  registerCall(app, CALLS.eddOptions, async (request) => ok(eddOptionsIn(request.body?.language ?? emailLanguageOf(request))));
}
