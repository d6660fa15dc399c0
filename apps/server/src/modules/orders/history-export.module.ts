import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import { deriveKey } from '../../platform/crypto.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { MailProvider } from '../../providers/mail/index.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { People } from '../identity/index.ts';
import type { ExportLanguage } from './history-export-csv.ts';
import { historyExportReadyEmail } from './history-export-email.ts';
import { createHistoryExportRepository } from './history-export.repository.ts';
import { HISTORY_EXPORT_DOWNLOAD_PATH, registerHistoryExportRoutes } from './history-export.routes.ts';
import { createHistoryExportService, JOB_HISTORY_EXPORT, JOB_HISTORY_EXPORT_READY_MAIL } from './history-export.service.ts';

/** The hourly job deleting exports whose 7 days are up (file and row), found again by its key like the other housekeeping jobs. */
export const JOB_HISTORY_EXPORT_PRUNE = 'orders.history-export-prune';
const HOUR_MS = 60 * 60 * 1000;

/** The history export: its service, its three jobs and its routes. Answers how to schedule its housekeeping at start-up. */
export function registerHistoryExport(deps: {
  app: FastifyInstance;
  db: Database;
  transaction: RunInTransaction;
  queue: JobQueueRepository;
  worker: JobWorker;
  storage: StorageProvider;
  mail: MailProvider;
  people: People;
  rateLimiter: RateLimiter;
  clock: Clock;
  serverSecret: Buffer;
  /** PUBLIC_URL without its trailing slash, or '': the email carries the download link only with one. */
  publicUrl: string;
}) {
  const { clock, queue, worker } = deps;
  const downloadUrlOf = (exportId: string, signature: string) =>
    `${HISTORY_EXPORT_DOWNLOAD_PATH}?${new URLSearchParams({ exportId, sig: signature }).toString()}`;
  const service = createHistoryExportService({
    exports: createHistoryExportRepository(deps.db),
    storage: deps.storage,
    queue,
    transaction: deps.transaction,
    clock,
    log: deps.app.log,
    linkKey: deriveKey(deps.serverSecret, 'history-export-link'),
    downloadUrlOf,
  });

  worker.register(JOB_HISTORY_EXPORT, (payload, job) => service.generate((payload as { exportId: string }).exportId, job.attempts));
  worker.register(JOB_HISTORY_EXPORT_READY_MAIL, async (payload) => {
    const ready = await service.readyLink((payload as { exportId: string }).exportId);
    const person = ready && (await deps.people.findById(ready.row.userId));
    if (!ready || !person) return;
    const email = historyExportReadyEmail({
      downloadUrl: deps.publicUrl ? `${deps.publicUrl}${ready.downloadUrl}` : null,
      expiresAt: ready.row.expiresAt,
      lang: ready.row.lang as ExportLanguage,
    });
    await deps.mail.send({ to: person.email, ...email });
  });
  worker.register(JOB_HISTORY_EXPORT_PRUNE, async () => {
    await service.pruneExpired();
    return { runAgainAt: new Date(clock.now().getTime() + HOUR_MS) };
  });

  registerHistoryExportRoutes(deps.app, { service, rateLimiter: deps.rateLimiter, clock });
  return {
    service,
    scheduleHousekeeping: () =>
      queue.enqueue({ kind: JOB_HISTORY_EXPORT_PRUNE, payload: {}, runAt: clock.now(), dedupeKey: JOB_HISTORY_EXPORT_PRUNE }),
  };
}
