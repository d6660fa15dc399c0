import {
  ErrorCode,
  type ExportHistoryResult,
  type ExportHistoryStatusResult,
  HISTORY_EXPORT_FILE_TTL_DAYS,
  HISTORY_EXPORTS_PER_DAY,
  HISTORY_MAX_RANGE_DAYS,
  type HistoryExportStatus,
} from '@causeway/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { constantTimeEqual, hmacHex, newId } from '../../platform/crypto.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { Principal } from '../identity/index.ts';
import { CSV_BOM, CSV_CONTENT_TYPE, csvHeader, csvOrder, type ExportLanguage, exportFileName } from './history-export-csv.ts';
import type { HistoryExportRepository, HistoryExportRow, OrderCursor } from './history-export.repository.ts';

export const JOB_HISTORY_EXPORT = 'orders.history-export';
export const JOB_HISTORY_EXPORT_READY_MAIL = 'orders.history-export-ready-mail';

const DAY_MS = 24 * 60 * 60 * 1000;
const FILE_TTL_MS = HISTORY_EXPORT_FILE_TTL_DAYS * DAY_MS;
/** Orders read per query while the file is written: memory holds one page, however long the history. */
export const EXPORT_PAGE_SIZE = 500;
/** Runs of the job (1 s, 2 s, 4 s, 8 s apart) before the export is given up as FAILED: the page stops waiting then. */
const EXPORT_ATTEMPTS = 5;
/**
 * The page sends whole local days (start of the first to the end of the last); 365 of them are a
 * little over 365 × 24 h when a daylight-saving change falls inside, so an hour more is allowed.
 */
const DST_ALLOWANCE_MS = 60 * 60 * 1000;

/**
 * docs/rules/validation.md "History": the end on or after the start, at most 365 days apart, and no
 * later than today. The server does not know the person's time zone; the end of their today is at
 * most a day after now.
 */
export function checkExportRange(from: Date, to: Date, now: Date): void {
  if (to < from || to.getTime() - from.getTime() > HISTORY_MAX_RANGE_DAYS * DAY_MS + DST_ALLOWANCE_MS)
    throw new AppError(ErrorCode.HistoryRangeTooLong);
  if (to.getTime() > now.getTime() + DAY_MS) throw new AppError(ErrorCode.HistoryRangeInFuture);
}

/** The start of the UTC day `now` is in: the per-day cap counts exports asked for since then. */
const utcDayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** The storage key of an export's file: its own folder, under the person's. */
const storageKeyOf = (row: Pick<HistoryExportRow, 'id' | 'userId'>) => `history-exports/${row.userId}/${row.id}/history.csv`;

export interface HistoryExportDeps {
  exports: HistoryExportRepository;
  storage: StorageProvider;
  queue: JobQueueRepository;
  transaction: RunInTransaction;
  clock: Clock;
  log: FastifyBaseLogger;
  /** deriveKey(serverSecret, 'history-export-link'): what a download link is signed with. */
  linkKey: Buffer;
  /** The download route's URL for an export and its signature (history-export.routes.ts). */
  downloadUrlOf: (exportId: string, signature: string) => string;
}

/** The history export (docs/rules/limits.md "History export"): asked for at once, made by a job, downloaded through a signed link. */
export function createHistoryExportService(deps: HistoryExportDeps) {
  const { exports, clock } = deps;
  const signatureOf = (exportId: string) => hmacHex(deps.linkKey, `history-export:${exportId}`);
  const isLive = (row: HistoryExportRow) => row.expiresAt.getTime() > clock.now().getTime();

  /** Every line of the file: the header, then the orders a page at a time. */
  async function* fileOf(row: HistoryExportRow, written: { rows: number }): AsyncGenerator<string> {
    yield CSV_BOM + csvHeader(row.lang as ExportLanguage);
    let after: OrderCursor | null = null;
    for (;;) {
      const page = await exports.ordersPage(row.userId, { from: row.fromTime, to: row.toTime }, after, EXPORT_PAGE_SIZE);
      if (page.length > 0) yield page.map(csvOrder).join('');
      written.rows += page.length;
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE_SIZE) return;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  return {
    /**
     * export-history: checks the range and the day's cap, then stores the export and its job in one
     * transaction (the outbox), and answers at once. The file covers orders created up to now.
     */
    async request(user: Principal, body: { from: string; to: string }, lang: ExportLanguage): Promise<ExportHistoryResult> {
      const now = clock.now();
      const from = new Date(body.from);
      const to = new Date(body.to);
      checkExportRange(from, to, now);
      return deps.transaction(async () => {
        await exports.lockPerson(user.id);
        if ((await exports.countAskedSince(user.id, utcDayStart(now))) >= HISTORY_EXPORTS_PER_DAY)
          throw new AppError(ErrorCode.HistoryExportLimitReached);
        const row = await exports.insert({
          id: newId('exp'),
          userId: user.id,
          fromTime: from,
          toTime: to < now ? to : now,
          lang,
          status: 'PENDING',
          createdAt: now,
          // Not ready by then, it goes anyway (the job gives up long before).
          expiresAt: new Date(now.getTime() + FILE_TTL_MS),
        });
        await deps.queue.enqueue({
          kind: JOB_HISTORY_EXPORT,
          payload: { exportId: row.id },
          runAt: now,
          dedupeKey: `${JOB_HISTORY_EXPORT}:${row.id}`,
        });
        return { exportId: row.id, status: 'PENDING' as const };
      });
    },

    /** export-history/status: only the person's own export, and only while it lasts; anything else is not found. */
    async status(user: Principal, exportId: string): Promise<ExportHistoryStatusResult> {
      const row = await exports.find(exportId);
      if (!row || row.userId !== user.id || !isLive(row)) throw new AppError(ErrorCode.HistoryExportNotFound);
      const ready = row.status === 'READY';
      return {
        exportId: row.id,
        status: row.status as HistoryExportStatus,
        downloadUrl: ready ? deps.downloadUrlOf(row.id, signatureOf(row.id)) : null,
        expiresAt: ready ? row.expiresAt.toISOString() : null,
      };
    },

    /**
     * The job: writes the file to storage, then marks the export READY with its 7 days and queues
     * its email, together. Idempotent: a run after a crash writes the same key again; a run for an
     * export no longer PENDING does nothing. After EXPORT_ATTEMPTS failed runs the export is FAILED.
     */
    async generate(exportId: string, attempt: number): Promise<void> {
      const row = await exports.find(exportId);
      if (!row || row.status !== 'PENDING') return;
      const storageKey = storageKeyOf(row);
      const written = { rows: 0 };
      try {
        await deps.storage.write(storageKey, fileOf(row, written), CSV_CONTENT_TYPE);
      } catch (error) {
        if (attempt < EXPORT_ATTEMPTS) throw error;
        deps.log.warn({ exportId, err: error instanceof Error ? error.message : String(error) }, 'history export given up');
        await exports.markFailed(exportId, clock.now());
        return;
      }
      const finishedAt = clock.now();
      const expiresAt = new Date(finishedAt.getTime() + FILE_TTL_MS);
      const ready = await deps.transaction(async () => {
        if (!(await exports.markReady(exportId, { storageKey, rowCount: written.rows, finishedAt, expiresAt }))) return false;
        await deps.queue.enqueue({ kind: JOB_HISTORY_EXPORT_READY_MAIL, payload: { exportId }, runAt: finishedAt });
        return true;
      });
      // Pruned while it was written: the file goes too.
      if (!ready) await deps.storage.remove(storageKey);
    },

    /** The download link's check: a link this server signed, for an export still READY and within its 7 days; else not found. */
    async download(exportId: string, signature: string): Promise<{ bytes: Buffer; fileName: string }> {
      const row = constantTimeEqual(signatureOf(exportId), signature.toLowerCase()) ? await exports.find(exportId) : undefined;
      if (!row || row.status !== 'READY' || !row.storageKey || !isLive(row)) throw new AppError(ErrorCode.HistoryExportNotFound);
      const bytes = await deps.storage.read(row.storageKey);
      if (!bytes) throw new AppError(ErrorCode.HistoryExportNotFound);
      return { bytes, fileName: exportFileName(row.createdAt) };
    },

    /** A ready export's link and expiry, for its email (undefined once it is gone). */
    async readyLink(exportId: string): Promise<{ row: HistoryExportRow; downloadUrl: string } | undefined> {
      const row = await exports.find(exportId);
      if (!row || row.status !== 'READY' || !isLive(row)) return undefined;
      return { row, downloadUrl: deps.downloadUrlOf(row.id, signatureOf(row.id)) };
    },

    /** Deletes the exports whose time is up: the stored file first, then the row, so no file is left without its row. */
    async pruneExpired(): Promise<number> {
      let removed = 0;
      for (;;) {
        const due = await exports.expired(clock.now(), 100);
        for (const row of due) {
          if (row.storageKey) await deps.storage.remove(row.storageKey);
          await exports.remove(row.id);
        }
        removed += due.length;
        if (due.length < 100) return removed;
      }
    },
  };
}

export type HistoryExportService = ReturnType<typeof createHistoryExportService>;
