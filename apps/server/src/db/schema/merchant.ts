import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/** A merchant that embeds the checkout. Its keys (merchant_api_keys) sign its entry links and transactions. */
export const merchants = pgTable(
  'merchants',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    code: varchar('code', { length: 32 }).notNull(),
    name: text('name').notNull(),
    /** Whether a linked customer may skip our sign-in on this merchant's signed entry (skip-login). */
    skipLoginEnabled: boolean('skip_login_enabled').notNull().default(false),
    status: varchar('status', { length: 12 }).notNull().default('Active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('merchants_code').on(t.code), check('merchants_status', sql`${t.status} in ('Active', 'Disabled')`)],
);

/**
 * A merchant's API key: the public key travels in URLs; its secret signs entry links and transactions
 * (HMAC-SHA256) and is shown once, when made. It is kept encrypted, not hashed: checking an HMAC needs
 * the secret itself (docs/decisions/010-merchant-keys.md). A rolled key keeps working until `expiresAt`,
 * so a merchant can deploy the new one first; a revoked key stops at once.
 */
export const merchantApiKeys = pgTable(
  'merchant_api_keys',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    merchantId: varchar('merchant_id', { length: 32 })
      .notNull()
      .references(() => merchants.id),
    apiKey: varchar('api_key', { length: 64 }).notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    /** The secret's last four characters, so the console can tell keys apart without the secret. */
    secretHint: varchar('secret_hint', { length: 8 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('merchant_api_keys_api_key').on(t.apiKey), index('merchant_api_keys_merchant').on(t.merchantId)],
);

/** Who may manage a merchant in the merchant console: an account of ours, as its owner or a developer. */
export const merchantMembers = pgTable(
  'merchant_members',
  {
    merchantId: varchar('merchant_id', { length: 32 })
      .notNull()
      .references(() => merchants.id),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    role: varchar('role', { length: 12 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.userId] }),
    index('merchant_members_user').on(t.userId),
    check('merchant_members_role', sql`${t.role} in ('Owner', 'Developer')`),
  ],
);

/**
 * The origins a merchant's pages are served from (scheme, host and port): where the checkout may be
 * embedded and post its events, and where `redirectUrl` may send the person back to.
 */
export const merchantAllowedOrigins = pgTable(
  'merchant_allowed_origins',
  {
    merchantId: varchar('merchant_id', { length: 32 })
      .notNull()
      .references(() => merchants.id),
    origin: varchar('origin', { length: 200 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.origin] })],
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
    /** The entry's `cTag` (the merchant's own campaign or channel tag) that made or last renewed this link. */
    campaignTag: varchar('campaign_tag', { length: 64 }),
    /** The account was created by the sign-in that made this link: the merchant brought us a new customer. */
    signedUpHere: boolean('signed_up_here').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.merchantUserId] }),
    index('merchant_user_links_user').on(t.userId),
    // The console's customer list: a merchant's links, newest first.
    index('merchant_user_links_merchant_created').on(t.merchantId, t.createdAt),
  ],
);
