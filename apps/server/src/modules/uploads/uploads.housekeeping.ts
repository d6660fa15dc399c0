import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import type { UploadsService } from './uploads.service.ts';

export const JOB_UPLOADS_PRUNE = 'uploads.prune-unsubmitted';
const HOUR_MS = 60 * 60 * 1000;

/**
 * The hourly job that deletes uploads never submitted to a verification step a day after they
 * were signed (row and stored bytes, local or S3), like the orders' housekeeping: one job, found
 * again by its key, that reschedules itself. Answers how to schedule it at start-up.
 */
export function registerUploadHousekeeping(deps: {
  worker: JobWorker;
  queue: JobQueueRepository;
  uploads: Pick<UploadsService, 'pruneUnsubmitted'>;
  clock: Clock;
}): { scheduleHousekeeping: () => Promise<void> } {
  deps.worker.register(JOB_UPLOADS_PRUNE, async () => {
    await deps.uploads.pruneUnsubmitted();
    return { runAgainAt: new Date(deps.clock.now().getTime() + HOUR_MS) };
  });
  return {
    scheduleHousekeeping: () =>
      deps.queue.enqueue({ kind: JOB_UPLOADS_PRUNE, payload: {}, runAt: deps.clock.now(), dedupeKey: JOB_UPLOADS_PRUNE }),
  };
}
