import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimitBuckets } from '../db/schema/index.ts';

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
  return {
    async hit(key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitResult> {
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
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
