import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A customer account. Email is unique case-insensitively through email_normalized. */
export const users = pgTable(
  'users',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull(),
    userType: varchar('user_type', { length: 12 }).notNull(),
    accountStatus: varchar('account_status', { length: 12 }).notNull().default('Initial'),
    accountStatusReasonCode: varchar('account_status_reason_code', { length: 16 }),
    entityTag: char('entity_tag', { length: 2 }).notNull().default('LI'),
    targetEntityTag: char('target_entity_tag', { length: 2 }),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Sell, add card and add bank account are suspended until then (24 h after a password or authenticator change). */
    sensitiveActionsSuspendedUntil: timestamp('sensitive_actions_suspended_until', { withTimezone: true }),
    termsVersion: varchar('terms_version', { length: 16 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_normalized').on(t.emailNormalized),
    check('users_user_type', sql`${t.userType} in ('Individual', 'Corporate')`),
    check('users_account_status', sql`${t.accountStatus} in ('Initial', 'Active', 'Blocked', 'Terminated')`),
    check('users_entity_tag', sql`${t.entityTag} in ('PL', 'LI')`),
  ],
);

/**
 * A signed-in session. The token itself is never stored: only its SHA-256. `expiresAt` is the
 * token's validTime (idle expiry, pushed forward by refresh); `absoluteExpiresAt` caps refreshes.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    mode: varchar('mode', { length: 20 }).notNull(),
    stayLoggedIn: boolean('stay_logged_in').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: varchar('revoked_reason', { length: 24 }),
  },
  (t) => [uniqueIndex('sessions_token_hash').on(t.tokenHash), index('sessions_user').on(t.userId)],
);

/** One-time email codes: stored as an HMAC, valid 10 minutes, single use, burnt after 5 wrong entries. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    emailNormalized: text('email_normalized').notNull(),
    purpose: varchar('purpose', { length: 24 }).notNull(),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, burnt, or replaced by a resend. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedReason: varchar('closed_reason', { length: 16 }),
  },
  (t) => [index('email_codes_lookup').on(t.emailNormalized, t.purpose)],
);

/** Authenticator (TOTP) of a user: pending while binding, bound after a correct first code. */
export const userAuthenticators = pgTable(
  'user_authenticators',
  {
    userId: varchar('user_id', { length: 32 })
      .primaryKey()
      .references(() => users.id),
    secretEncrypted: text('secret_encrypted').notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    createdAt: createdAt(),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    /** The last accepted time step: a code is never accepted twice. */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    /** A replacement secret while a change is in progress (pre-check-change → change). */
    pendingSecretEncrypted: text('pending_secret_encrypted'),
  },
  (t) => [check('user_authenticators_status', sql`${t.status} in ('pending', 'bound')`)],
);

/** Agreements a person accepted (docs/rules/limits.md versions: TERM, STATEMENT, TERMROMA, STATEMENT_LI), kept as evidence. */
export const userAgreements = pgTable(
  'user_agreements',
  {
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    protocol: varchar('protocol', { length: 16 }).notNull(),
    version: varchar('version', { length: 16 }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('user_agreements_once').on(t.userId, t.protocol, t.version)],
);

/**
 * Failed checks of one factor of one person (password, email code, authenticator code), counted
 * wherever that factor is checked. An attempt is reserved (counted) before the check, by one
 * conditional upsert, so parallel guesses never get more than the allowed number of checks. The
 * factor is locked while failures reached the maximum and the last one is less than an hour old.
 */
export const credentialFailures = pgTable(
  'credential_failures',
  {
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    factor: varchar('factor', { length: 16 }).notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.factor] }),
    check('credential_failures_factor', sql`${t.factor} in ('password', 'email-code', 'authenticator')`),
  ],
);

/** Single-use links that lift a person's sign-in locks, mailed to the owner when one starts: only the SHA-256 of the token is kept. */
export const signInUnlockTokens = pgTable(
  'sign_in_unlock_tokens',
  {
    tokenHash: char('token_hash', { length: 64 }).primaryKey(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_unlock_tokens_user').on(t.userId)],
);

/** Sign-in process tokens (NEED_GA step) already exchanged for a session: each is good for one sign-in. */
export const spentProcessTokens = pgTable(
  'spent_process_tokens',
  {
    nonce: varchar('nonce', { length: 32 }).primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('spent_process_tokens_expiry').on(t.expiresAt)],
);
