import type { JobQueueRepository } from '../jobs/job-queue.repository.ts';
import type { JobWorker } from '../jobs/job-worker.ts';
import type { Clock } from './clock.ts';
import { RATE_LIMIT_MAX_WINDOW_MS, type RateLimiter } from './rate-limit.repository.ts';

export const JOB_RATE_LIMIT_PRUNE = 'rate-limit.prune';
const HOUR_MS = 60 * 60 * 1000;

/**
 * The hourly job that forgets rate limit buckets whose window is long over. Per-IP limits keep a
 * row per calling address, and strangers reach several of them without a session: without this,
 * one row per address that ever called would stay for ever.
 */
export function registerRateLimitHousekeeping(deps: {
  worker: JobWorker;
  queue: JobQueueRepository;
  rateLimiter: RateLimiter;
  clock: Clock;
}): { scheduleHousekeeping: () => Promise<void> } {
  deps.worker.register(JOB_RATE_LIMIT_PRUNE, async () => {
    const now = deps.clock.now();
    await deps.rateLimiter.prune(new Date(now.getTime() - RATE_LIMIT_MAX_WINDOW_MS));
    return { runAgainAt: new Date(now.getTime() + HOUR_MS) };
  });
  return {
    scheduleHousekeeping: () =>
      deps.queue.enqueue({ kind: JOB_RATE_LIMIT_PRUNE, payload: {}, runAt: deps.clock.now(), dedupeKey: JOB_RATE_LIMIT_PRUNE }),
  };
}
