import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters for rate limits and lockouts. In the database (not process memory) so a
 * limit holds across every server process.
 */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/** Secrets the server generates once and every process shares (when SECRET_KEY is not set). */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 32 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every message the sandbox mail provider "sends": read by /sandbox/mailbox. */
export const sandboxOutbox = pgTable('sandbox_outbox', {
  id: varchar('id', { length: 32 }).primaryKey(),
  /** Insertion order: "newest first" must hold even for two messages of the same millisecond. */
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** Extra headers the message was sent with (List-Unsubscribe of a promotional email), by name. */
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Diagnostics the web client reports (common/log): kept for support, never secrets (the client sends none). */
export const clientLogs = pgTable(
  'client_logs',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    clientUuid: varchar('client_uuid', { length: 36 }).notNull(),
    entries: jsonb('entries').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The hourly prune deletes by age and keeps the newest rows: both walk this index.
  (t) => [index('client_logs_created').on(t.createdAt)],
);
