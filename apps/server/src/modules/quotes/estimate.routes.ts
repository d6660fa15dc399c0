import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import { registerCall } from '../../platform/calls.ts';
import type { QuoteEstimator } from './quote-estimate.ts';

/**
 * The bounds of order/estimate-buy, a call anyone may make without a session. It stores nothing,
 * but each one reads two prices: a page debounces what is typed (a few a minute), so an address
 * asking more than once a second for a minute is a script.
 */
export const ESTIMATE_LIMITS = { perIpPerMinute: 60 } as const;

const MINUTE_MS = 60_000;

/** GET order/estimate-buy (docs/rules/calls.md): a card buy's indicative figures at the current price. */
export function registerEstimateRoutes(app: FastifyInstance, deps: { estimator: QuoteEstimator; rateLimiter: RateLimiter; clock: Clock }) {
  /** Counted as the request arrives, before its query is parsed: a flood costs one upsert a request. */
  async function limitAddress(request: FastifyRequest) {
    const verdict = await deps.rateLimiter.hit(
      `estimate-buy:ip:${request.ipKey}`,
      ESTIMATE_LIMITS.perIpPerMinute,
      MINUTE_MS,
      deps.clock.now(),
    );
    if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterMs, 'Too many price estimates: try again in a minute.');
  }

  registerCall(app, CALLS.estimateBuy, async (request) => ok(await deps.estimator.estimate(request.query)), {
    summary: `${CALLS.estimateBuy.summary}; at most ${ESTIMATE_LIMITS.perIpPerMinute} a minute per address`,
    onRequest: limitAddress,
  });
}
