import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * A merchant that embeds the checkout. Its API key is public (it travels in URLs); its secret
 * signs entry URLs and is kept encrypted, because verifying an HMAC needs the secret itself.
 */
export const merchants = pgTable(
  'merchants',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    code: varchar('code', { length: 32 }).notNull(),
    name: text('name').notNull(),
    apiKey: varchar('api_key', { length: 64 }).notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    /** Whether a linked customer may skip our sign-in on this merchant's signed entry (skip-login). */
    skipLoginEnabled: boolean('skip_login_enabled').notNull().default(false),
    status: varchar('status', { length: 12 }).notNull().default('Active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchants_code').on(t.code),
    uniqueIndex('merchants_api_key').on(t.apiKey),
    check('merchants_status', sql`${t.status} in ('Active', 'Disabled')`),
  ],
);

/**
 * A merchant's customer id linked to one of our accounts. Made only after the person proved the
 * account's email with a code; `verifiedAt` says when, so a skip-login can require a recent proof.
 */
export const merchantUserLinks = pgTable(
  'merchant_user_links',
  {
    merchantId: varchar('merchant_id', { length: 32 })
      .notNull()
      .references(() => merchants.id),
    merchantUserId: varchar('merchant_user_id', { length: 128 }).notNull(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.merchantUserId] }), index('merchant_user_links_user').on(t.userId)],
);
