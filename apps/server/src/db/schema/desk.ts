import { sql } from 'drizzle-orm';
import { bigint, char, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * An operator of the desk (docs/rules/operator-desk.md): not a customer account. The password is an
 * argon2id hash (identity's hasher); the authenticator secret is AES-256-GCM sealed with a key derived
 * from the server secret, like a person's. `totpEnrolledAt` is null until the first sign-in confirms a
 * code; `totpLastStep` is the last time step accepted, so a code is never accepted twice.
 */
export const operators = pgTable(
  'operators',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    /** Lower-cased: one operator per address. */
    email: text('email').notNull(),
    displayName: varchar('display_name', { length: 100 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    totpSecretSealed: text('totp_secret_sealed'),
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    role: varchar('role', { length: 12 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('Active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operators_email').on(t.email),
    check('operators_role', sql`${t.role} in ('support', 'compliance', 'admin')`),
    check('operators_status', sql`${t.status} in ('Active', 'Disabled')`),
  ],
);

/**
 * A desk session: only the token's SHA-256 is stored. It ends at `expiresAt` (8 hours after the
 * sign-in) or after 30 minutes without a call (`lastSeenAt`), or at sign-out (`revokedAt`).
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: char('token_hash', { length: 64 }).primaryKey(),
    operatorId: varchar('operator_id', { length: 32 })
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('operator_sessions_operator').on(t.operatorId), index('operator_sessions_expires').on(t.expiresAt)],
);

/**
 * Every operator action, append-only: the repository only inserts, and the database refuses any
 * UPDATE, DELETE or TRUNCATE (a trigger, as the ledger's posted rows). `details` never holds a secret
 * (modules/desk/desk-actions.ts drops the logs' redacted keys); `ipKey` is the client as the rate limits
 * count it. A refused attempt (the role may not) is written too, with outcome `refused`.
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    operatorId: varchar('operator_id', { length: 32 })
      .notNull()
      .references(() => operators.id),
    action: varchar('action', { length: 64 }).notNull(),
    targetType: varchar('target_type', { length: 32 }),
    targetId: varchar('target_id', { length: 128 }),
    details: jsonb('details').notNull().default({}),
    outcome: varchar('outcome', { length: 8 }).notNull().default('done'),
    ipKey: varchar('ip_key', { length: 64 }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('operator_audit_log_operator_at').on(t.operatorId, t.at),
    index('operator_audit_log_action_at').on(t.action, t.at),
    index('operator_audit_log_at').on(t.at),
    check('operator_audit_log_outcome', sql`${t.outcome} in ('done', 'refused')`),
  ],
);

/**
 * An operator's decision on a verification the vendor left for a person (docs/rules/operator-desk.md
 * "Verifications"), sent to the vendor. One per review round: `round` is the vendor's time of the review we
 * hold (our row's reviewed_at), so a second operator deciding the same round is refused, and a new submission
 * (a new round) can be decided again. The vendor's webhook applies the outcome; this row is what was asked.
 */
export const verificationDecisions = pgTable(
  'verification_decisions',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    /** kyc (a person's identity) or kyb (a business's company review). */
    subject: varchar('subject', { length: 4 }).notNull(),
    userId: varchar('user_id', { length: 32 }).notNull(),
    applicantId: varchar('applicant_id', { length: 64 }).notNull(),
    round: varchar('round', { length: 40 }).notNull(),
    decision: varchar('decision', { length: 12 }).notNull(),
    reason: varchar('reason', { length: 32 }),
    note: text('note'),
    operatorId: varchar('operator_id', { length: 32 })
      .notNull()
      .references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('verification_decisions_round').on(t.subject, t.applicantId, t.round),
    check('verification_decisions_subject', sql`${t.subject} in ('kyc', 'kyb')`),
    check('verification_decisions_decision', sql`${t.decision} in ('approve', 'reject', 'askAgain')`),
  ],
);
