import { index, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * An account's link to a person at an outside identity provider (docs/rules/calls.md "OAuth sign-in"):
 * the provider's issuer and its never-reassigned subject name one person there, so one such pair signs
 * in one account. Made at the first sign-in with the provider (by the verified email, or with a new
 * account); `email` is what the provider said then, kept as the record of how the link was made.
 */
export const userOauthIdentities = pgTable(
  'user_oauth_identities',
  {
    /** The ID token's iss, as OAUTH_ISSUER_URL names it. */
    issuer: varchar('issuer', { length: 255 }).notNull(),
    /** The ID token's sub: at most 255 ASCII characters (OpenID Connect Core §2). */
    subject: varchar('subject', { length: 255 }).notNull(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('user_oauth_identities_user').on(t.userId)],
);
