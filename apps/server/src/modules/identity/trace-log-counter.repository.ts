import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimitBuckets } from '../../db/schema/index.ts';
import type { RateLimitResult } from '../../platform/rate-limit.repository.ts';

/**
 * Counts many hits at once, in the same fixed windows and table as RateLimiter.hit (so the rate-limit
 * housekeeping prunes these buckets too): the trace log limits events, and one batch holds up to 50.
 */
export function createTraceEventCounter(db: Database) {
  return {
    /**
     * Counts `weight` hits on `key` and says whether the window's count is within `limit`. One atomic upsert,
     * so parallel batches are all counted; a refused batch keeps its count, as a refused hit does.
     */
    async hit(key: string, weight: number, limit: number, windowMs: number, now: Date): Promise<RateLimitResult> {
      const windowStart = new Date(now.getTime() - windowMs).toISOString();
      const expired = sql`${rateLimitBuckets.windowStartedAt} <= ${windowStart}::timestamptz`;
      const [row] = await db
        .insert(rateLimitBuckets)
        .values({ key, count: weight, windowStartedAt: now })
        .onConflictDoUpdate({
          target: rateLimitBuckets.key,
          set: {
            count: sql`case when ${expired} then ${weight}::integer else ${rateLimitBuckets.count} + ${weight}::integer end`,
            windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimitBuckets.windowStartedAt} end`,
          },
        })
        .returning();
      if (!row) throw new Error('rate limit upsert returned nothing');
      const retryAfterMs = Math.max(0, row.windowStartedAt.getTime() + windowMs - now.getTime());
      return { allowed: row.count <= limit, count: row.count, retryAfterMs };
    },
  };
}
