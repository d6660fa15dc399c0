import type { ErrorName } from '@causeway/contracts';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { RateLimitedError } from './rate-limited.ts';
import { rateLimitBuckets } from '../db/schema/index.ts';

/**
 * The longest window a limit may count in. Buckets whose window started before it are pruned
 * (rate-limit.housekeeping.ts): such a bucket counts nothing any more, the next hit starts afresh.
 */
export const RATE_LIMIT_MAX_WINDOW_MS = 24 * 60 * 60 * 1000;

/** How countRefusals refuses and what it counts as a refusal; unset, the defaults its comment names. */
export interface CountRefusalsOptions {
  /** The refusal's error once the limit stands (TooManyRequests unless the spec names another, as a credential check's TooManyAttempts). */
  errorName?: ErrorName;
  /** Whether an error `check` threw is a refusal that keeps its count; false gives the count back (a check that guessed nothing). Every error counts unless given. */
  countsAsRefusal?: (error: unknown) => boolean;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterMs: number;
}

/**
 * Counts one hit on `key` in a fixed window and says whether it is within `limit`. One atomic
 * upsert, so concurrent hits from several processes are all counted.
 */
export function createRateLimiter(db: Database) {
  const limiter = {
    async hit(key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitResult> {
      if (windowMs > RATE_LIMIT_MAX_WINDOW_MS)
        throw new Error(`rate limit window of ${windowMs} ms is longer than the ${RATE_LIMIT_MAX_WINDOW_MS} ms the pruning keeps`);
      const windowStart = new Date(now.getTime() - windowMs);
      const [row] = await db
        .insert(rateLimitBuckets)
        .values({ key, count: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: rateLimitBuckets.key,
          set: {
            count: sql`case when ${rateLimitBuckets.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz then 1 else ${rateLimitBuckets.count} + 1 end`,
            windowStartedAt: sql`case when ${rateLimitBuckets.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimitBuckets.windowStartedAt} end`,
          },
        })
        .returning();
      if (!row) throw new Error('rate limit upsert returned nothing');
      const retryAfterMs = Math.max(0, row.windowStartedAt.getTime() + windowMs - now.getTime());
      return { allowed: row.count <= limit, count: row.count, retryAfterMs };
    },

    /** Takes back one hit on `key`, for a check counted before it ran that turned out right (one statement). */
    async giveBack(key: string): Promise<void> {
      await db
        .update(rateLimitBuckets)
        .set({ count: sql`greatest(${rateLimitBuckets.count} - 1, 0)` })
        .where(eq(rateLimitBuckets.key, key));
    },

    /**
     * One check of a secret (a signature, an email code), counted before it runs so parallel
     * guesses cannot slip past the limit: once `limit` refusals stand in the window, the key is
     * refused unchecked (RateLimitedError, with Retry-After, error `options.errorName`). A check that
     * passes gives its count back, so only refusals add up; one that throws keeps it, unless
     * `options.countsAsRefusal` says that error is no refusal.
     */
    async countRefusals<T>(
      key: string,
      limit: number,
      windowMs: number,
      now: Date,
      message: string,
      check: () => Promise<T>,
      options: CountRefusalsOptions = {},
    ): Promise<T> {
      const counted = await limiter.hit(key, limit, windowMs, now);
      if (!counted.allowed) throw new RateLimitedError(counted.retryAfterMs, message, options.errorName);
      let passed: T;
      try {
        passed = await check();
      } catch (error) {
        if (options.countsAsRefusal && !options.countsAsRefusal(error)) await limiter.giveBack(key);
        throw error;
      }
      await limiter.giveBack(key);
      return passed;
    },

    /** Deletes the buckets whose window started before `before` (they count nothing any more); answers how many went. */
    async prune(before: Date): Promise<number> {
      const gone = await db
        .delete(rateLimitBuckets)
        .where(lt(rateLimitBuckets.windowStartedAt, before))
        .returning({ key: rateLimitBuckets.key });
      return gone.length;
    },
  };
  return limiter;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
