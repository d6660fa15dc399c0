import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * A phone handoff of the file-upload page: a link a signed-in person opens on a phone to upload
 * documents there. Only the SHA-256 of the link's ticket is kept, so a database read cannot
 * upload into someone's verification.
 */
export const uploadHandoffs = pgTable(
  'upload_handoffs',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    ticketHash: varchar('ticket_hash', { length: 64 }).notNull(),
    purpose: varchar('purpose', { length: 8 }).notNull(),
    maxFiles: integer('max_files').notNull(),
    /** Upload URLs handed out: capped, so one link cannot fill the storage with files never completed. */
    signedCount: integer('signed_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('upload_handoffs_ticket').on(t.ticketHash),
    index('upload_handoffs_user').on(t.userId),
    check('upload_handoffs_purpose', sql`${t.purpose} in ('kyc', 'kyb')`),
  ],
);

/** The files that arrived through a handoff, once each, checked in storage before being listed. */
export const uploadHandoffFiles = pgTable(
  'upload_handoff_files',
  {
    handoffId: varchar('handoff_id', { length: 32 })
      .notNull()
      .references(() => uploadHandoffs.id),
    filePath: varchar('file_path', { length: 300 }).notNull().primaryKey(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    fileType: varchar('file_type', { length: 8 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upload_handoff_files_handoff').on(t.handoffId, t.createdAt)],
);

/**
 * Every key sign-upload handed out, so what is never submitted can be found and deleted: a
 * document nobody sent to verification within a day is removed, row and stored bytes
 * (uploads.service pruneUnsubmitted).
 */
export const documentUploads = pgTable(
  'document_uploads',
  {
    filePath: varchar('file_path', { length: 300 }).primaryKey(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    purpose: varchar('purpose', { length: 8 }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    /** Set when a verification step took the file: from then on it is kept. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    index('document_uploads_unsubmitted')
      .on(t.signedAt)
      .where(sql`${t.submittedAt} is null`),
    index('document_uploads_user').on(t.userId),
    check('document_uploads_purpose', sql`${t.purpose} in ('kyc', 'kyb')`),
  ],
);

/**
 * A person's upload quota of one UTC day: upload URLs handed out and bytes stored through our own
 * /uploads URLs. Each is raised by one conditional upsert, so concurrent requests cannot pass it.
 */
export const uploadUsage = pgTable(
  'upload_usage',
  {
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    signedCount: integer('signed_count').notNull().default(0),
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
