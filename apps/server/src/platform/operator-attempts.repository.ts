import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimitBuckets } from '../db/schema/index.ts';

/**
 * The two writes the operator password's lock needs beyond counting a check (the rate limiter's
 * hit): giving back a check that found the right password, and starting the lock's hour at the
 * failure that locked. Both on the same rate_limit_buckets rows, each one statement.
 */
export function createOperatorAttemptsRepository(db: Database) {
  return {
    async giveBack(key: string): Promise<void> {
      await db.update(rateLimitBuckets).set({ count: sql`greatest(${rateLimitBuckets.count} - 1, 0)` }).where(eq(rateLimitBuckets.key, key));
    },

    async restartWindow(key: string, now: Date): Promise<void> {
      await db.update(rateLimitBuckets).set({ windowStartedAt: now }).where(eq(rateLimitBuckets.key, key));
    },
  };
}

export type OperatorAttemptsRepository = ReturnType<typeof createOperatorAttemptsRepository>;
