import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * A person's history exports (docs/rules/limits.md "History export"): asked for by export-history,
 * written to storage by a job (orders/history-export.service.ts), downloadable until `expiresAt`
 * (7 days after the file was made), then the file and the row are deleted. Rows asked for in a UTC
 * day are what the per-day cap counts.
 */
export const historyExports = pgTable(
  'history_exports',
  {
    id: varchar('id', { length: 48 }).primaryKey(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    /** The range asked for: orders created from `fromTime` to `toTime`, both included. */
    fromTime: timestamp('from_time', { withTimezone: true }).notNull(),
    toTime: timestamp('to_time', { withTimezone: true }).notNull(),
    /** The language of the file's header row and of the email saying it is ready. */
    lang: varchar('lang', { length: 2 }).notNull(),
    status: varchar('status', { length: 8 }).notNull(),
    /** Where the file is stored (providers/storage); null until it is. */
    storageKey: varchar('storage_key', { length: 200 }),
    /** Orders written to the file. */
    rowCount: integer('row_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the file was made (READY) or given up (FAILED). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When the file and the row go: 7 days after the file was made, or after the export was asked for while it is not ready. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('history_exports_user_created').on(t.userId, t.createdAt),
    index('history_exports_expires').on(t.expiresAt),
    check('history_exports_status', sql`${t.status} in ('PENDING', 'READY', 'FAILED')`),
    check('history_exports_lang', sql`${t.lang} in ('en', 'zh')`),
  ],
);
