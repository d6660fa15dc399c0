import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimitBuckets } from '../db/schema/index.ts';

/**
 * The write the operator password's lock needs beyond the rate limiter's hit and give-back:
 * starting the lock's hour at the failure that locked (one statement on rate_limit_buckets).
 */
export function createOperatorAttemptsRepository(db: Database) {
  return {
    async restartWindow(key: string, now: Date): Promise<void> {
      await db.update(rateLimitBuckets).set({ windowStartedAt: now }).where(eq(rateLimitBuckets.key, key));
    },
  };
}

export type OperatorAttemptsRepository = ReturnType<typeof createOperatorAttemptsRepository>;
