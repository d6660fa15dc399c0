import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * A person's choice about promotional emails, per list (docs/rules/calls.md "Promotional emails"). No
 * row is a no: nobody gets them before saying yes in Settings. Kept, not deleted, on a no: when and how
 * the choice was made is the record of consent.
 */
export const promotionEmailSubscriptions = pgTable(
  'promotion_email_subscriptions',
  {
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    list: varchar('list', { length: 32 }).notNull(),
    subscribed: boolean('subscribed').notNull(),
    /** The language of the page the person said yes on: what the emails are written in. */
    language: varchar('language', { length: 5 }).notNull(),
    /**
     * The unsubscribe links' generation: each link carries the one it was made in, and only the current
     * one works. Raised when the person says yes again in Settings, so an old or forwarded email cannot
     * undo a choice made after it was sent.
     */
    linkGeneration: integer('link_generation').notNull().default(0),
    /** Where the choice was last made: settings, link (the unsubscribe screen) or one-click (the mail client's button). */
    changedVia: varchar('changed_via', { length: 16 }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    /** When the person last said yes. */
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.list] }),
    check('promotion_email_subscriptions_changed_via', sql`${t.changedVia} in ('settings', 'link', 'one-click')`),
    check('promotion_email_subscriptions_language', sql`${t.language} in ('en', 'zh')`),
  ],
);
