import type { KycStatus } from '@causeway/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * Our view of a person's identity verification (docs/rules/entities.md kycInfo). The vendor owns documents and
 * decisions; this row is what its reviews told us, plus the flow's own state.
 */
export const kycProfiles = pgTable(
  'kyc_profiles',
  {
    userId: varchar('user_id', { length: 32 })
      .primaryKey()
      .references(() => users.id),
    provider: varchar('provider', { length: 16 }).notNull(),
    applicantId: varchar('applicant_id', { length: 64 }),
    levelName: varchar('level_name', { length: 64 }).notNull(),
    kycStatus: varchar('kyc_status', { length: 16 }).$type<KycStatus>().notNull().default('Initial'),
    kycFlowVersion: char('kyc_flow_version', { length: 2 }).notNull().default('V1'),
    /** Tier of the limits table: 0 unverified, 1 verified. */
    kycLevel: integer('kyc_level').notNull().default(0),
    firstName: text('first_name'),
    lastName: text('last_name'),
    dob: date('dob'),
    nationality: char('nationality', { length: 2 }),
    residentCountry: char('resident_country', { length: 2 }),
    addressLine: text('address_line'),
    city: text('city'),
    postalCode: varchar('postal_code', { length: 16 }),
    addressCountry: char('address_country', { length: 2 }),
    ukFlag: boolean('uk_flag').notNull().default(false),
    rejectLabels: jsonb('reject_labels').$type<string[]>().notNull().default([]),
    /** Pop: the person must go through remediation; Closed once done. */
    remediationStatus: varchar('remediation_status', { length: 12 }),
    requireDynamicQuestionnaire: boolean('require_dynamic_questionnaire').notNull().default(false),
    /** Entity migration (docs/rules/order-states.md): the entity the account moves to, by when, and whether the person chose "later". */
    entitySwitch: boolean('entity_switch').notNull().default(false),
    routeEntity: char('route_entity', { length: 2 }),
    entitySwitchDeadline: timestamp('entity_switch_deadline', { withTimezone: true }),
    hitClickedLater: boolean('hit_clicked_later').notNull().default(false),
    /** When the vendor's review we applied was made, by the vendor's clock: an older review never overwrites a newer one. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kyc_profiles_applicant').on(t.applicantId),
    check('kyc_profiles_status', sql`${t.kycStatus} in ('Initial', 'Pending', 'Resubmitting', 'Pass', 'Fail')`),
    check('kyc_profiles_flow_version', sql`${t.kycFlowVersion} in ('V1', 'V2')`),
  ],
);

/** Every verified vendor webhook, raw, once (its key is unique): the evidence and the dedupe. */
export const kycWebhookEvents = pgTable(
  'kyc_webhook_events',
  {
    eventKey: varchar('event_key', { length: 128 }).primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull(),
    type: varchar('type', { length: 48 }).notNull(),
    applicantId: varchar('applicant_id', { length: 64 }).notNull(),
    rawBody: text('raw_body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [index('kyc_webhook_events_applicant').on(t.applicantId)],
);

/** Business verification (docs/rules/entities.md kybInfo): statuses only, until the business onboarding lands. */
export const kybProfiles = pgTable('kyb_profiles', {
  userId: varchar('user_id', { length: 32 })
    .primaryKey()
    .references(() => users.id),
  kybBasicStatus: varchar('kyb_basic_status', { length: 16 }).notNull().default('Initial'),
  kybStandardStatus: varchar('kyb_standard_status', { length: 16 }),
  eddStatus: varchar('edd_status', { length: 16 }),
  verificationStatus: varchar('verification_status', { length: 16 }).notNull().default('Initial'),
  eddFailReason: text('edd_fail_reason'),
  verificationFailReason: text('verification_fail_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox vendor's own applicants (what Sumsub would hold on its side). */
export const sandboxKycApplicants = pgTable(
  'sandbox_kyc_applicants',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    externalUserId: varchar('external_user_id', { length: 64 }).notNull(),
    email: text('email').notNull(),
    levelName: varchar('level_name', { length: 64 }).notNull(),
    reviewStatus: varchar('review_status', { length: 16 }).notNull().default('init'),
    reviewAnswer: varchar('review_answer', { length: 8 }),
    reviewRejectType: varchar('review_reject_type', { length: 8 }),
    rejectLabels: jsonb('reject_labels').$type<string[]>().notNull().default([]),
    info: jsonb('info').$type<Record<string, string>>().notNull().default({}),
    /** SHA-256 of the document image the person uploaded (the sandbox keeps no images). */
    documentSha256: char('document_sha256', { length: 64 }),
    /** The share token this applicant was imported with (Reusable KYC): unique, so a token works once. */
    shareTokenId: varchar('share_token_id', { length: 32 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_kyc_applicants_external').on(t.externalUserId),
    uniqueIndex('sandbox_kyc_applicants_share_token').on(t.shareTokenId),
  ],
);

/**
 * People who asked to be told when a service returns to them (join-uk-email-list: UK residents
 * while UK service is changing). Once per list and account; the email is the account's at joining.
 */
export const mailingListMembers = pgTable(
  'mailing_list_members',
  {
    list: varchar('list', { length: 32 }).notNull(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** The page language the person joined in: the email telling them the list's news is written in it. */
    lang: varchar('lang', { length: 5 }).notNull().default('en'),
    /** When the person was told (the UK opened for their kind of account); null: not yet. Each member is told once. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('mailing_list_members_list_user').on(t.list, t.userId)],
);

/**
 * What became of each KYC a merchant shared (Reusable KYC, modules/kyc/shared-kyc.ts), one row per
 * share token (kept only as its SHA-256: the token is a bearer secret). The person's account-status
 * page and the merchant's console read it; `party` says whose side must act on a refusal. For an
 * account verified already, the shared person is compared with its own (docs/rules/merchant-linking.md).
 */
export const kycShareOutcomes = pgTable(
  'kyc_share_outcomes',
  {
    shareTokenSha256: char('share_token_sha256', { length: 64 }).notNull(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    /** The merchant whose entry carried the token. */
    merchantId: varchar('merchant_id', { length: 32 }),
    /** The merchant's own id for its customer, from the same entry (null: rows from before it was kept, or none sent). */
    merchantUserId: varchar('merchant_user_id', { length: 128 }),
    /**
     * reused (the vendor is rechecking under our level), refused, or not-recorded (the person began their own
     * meanwhile); for an account verified already: comparing (the vendor's review of the shared person is awaited),
     * then matched, mismatch, or uncompared (the review named no full name and date of birth).
     */
    outcome: varchar('outcome', { length: 16 }).notNull(),
    /** With refused: merchant (its token), person (their data cannot serve our level) or operator (our vendor account). */
    party: varchar('party', { length: 16 }),
    reason: varchar('reason', { length: 64 }),
    vendorErrorCode: integer('vendor_error_code'),
    applicantId: varchar('applicant_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Per token and account: a spent token tried again by another account is that account's own outcome.
    primaryKey({ columns: [t.shareTokenSha256, t.userId] }),
    index('kyc_share_outcomes_user').on(t.userId, t.createdAt),
    index('kyc_share_outcomes_merchant').on(t.merchantId, t.createdAt),
    // A comparison's applicant: its webhooks find their row by it.
    index('kyc_share_outcomes_applicant').on(t.applicantId),
  ],
);
