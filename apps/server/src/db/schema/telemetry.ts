import { index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * Analytics events of `user/trace/log` (modules/identity/trace-log.routes.ts): what was used, by whom when a
 * session came with them, kept a few days. Never a secret: a text that looks like one is stored as '[redacted]',
 * and the session is kept only as the person's id, never the token.
 */
export const clientTraceEvents = pgTable(
  'client_trace_events',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    /** The client's uuid for the event: a batch sent twice can be told apart. */
    eventUuid: varchar('event_uuid', { length: 36 }).notNull(),
    elementId: varchar('element_id', { length: 64 }).notNull(),
    subElementId: varchar('sub_element_id', { length: 64 }),
    message: varchar('message', { length: 500 }),
    /** The signed-in person when a valid session came with the batch; null for a beacon (which carries no header). */
    userId: varchar('user_id', { length: 32 }).references(() => users.id, { onDelete: 'set null' }),
    /** When the event happened, as the client says. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The hourly prune deletes by age and keeps the newest rows: both walk this index.
  (t) => [index('client_trace_events_created').on(t.createdAt)],
);
