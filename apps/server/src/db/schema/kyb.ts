import type { BusinessData, BusinessProfileFinancials, EddAnswer, GeneralData } from '@causeway/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * A business's verification form (docs/rules/kyb.md), one per corporate account: the company sections
 * as saved so far, and what the KYB vendor was sent. The statuses themselves are kyb_profiles'.
 */
export const kybApplications = pgTable(
  'kyb_applications',
  {
    userId: varchar('user_id', { length: 32 })
      .primaryKey()
      .references(() => users.id),
    generalData: jsonb('general_data').$type<GeneralData>().notNull().default({}),
    businessData: jsonb('business_data').$type<BusinessData>().notNull().default({}),
    financials: jsonb('financials').$type<BusinessProfileFinancials>().notNull().default({}),
    allOwnersDeclared: boolean('all_owners_declared').notNull().default(false),
    informationAccurate: boolean('information_accurate').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    provider: varchar('provider', { length: 16 }),
    applicantId: varchar('applicant_id', { length: 64 }),
    levelName: varchar('level_name', { length: 64 }),
    /** The vendor's last word on the company: none (not submitted), pending, onHold, passed, retry, refused. */
    companyReview: varchar('company_review', { length: 12 }).notNull().default('none'),
    /** The reviewer's words to the business (shown as the failure reason). */
    reviewComment: text('review_comment'),
    /** Enhanced due diligence: null (not asked), required, pending, passed, resubmit. */
    eddReview: varchar('edd_review', { length: 12 }),
    eddComment: text('edd_comment'),
    /** The fields the reviewer asked to be corrected (RETRY), e.g. GeneralData.registrationNumber. */
    rejectedFields: jsonb('rejected_fields').$type<string[]>().notNull().default([]),
    eddAnswers: jsonb('edd_answers').$type<EddAnswer[]>().notNull().default([]),
    eddSubmittedAt: timestamp('edd_submitted_at', { withTimezone: true }),
    /** A stored upload (kyb/<userId>/...), checked to be a jpg or png. */
    logoPath: text('logo_path'),
    /** When the vendor made the review we applied, by its clock: an older review never overwrites a newer one. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kyb_applications_applicant').on(t.applicantId),
    check('kyb_applications_company_review', sql`${t.companyReview} in ('none', 'pending', 'onHold', 'passed', 'retry', 'refused')`),
    check('kyb_applications_edd_review', sql`${t.eddReview} in ('required', 'pending', 'passed', 'resubmit')`),
  ],
);

/** A company of the ownership chain: a corporate owner of the business, or of another corporate owner. */
export const kybCompanies = pgTable(
  'kyb_companies',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    businessUserId: varchar('business_user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    companyName: text('company_name').notNull(),
    registrationNumber: varchar('registration_number', { length: 40 }).notNull(),
    jurisdiction: char('jurisdiction', { length: 2 }).notNull(),
    ownershipPercent: numeric('ownership_percent', { precision: 5, scale: 2 }).notNull(),
    ownershipType: varchar('ownership_type', { length: 12 }).notNull(),
    ownedThroughCompanyId: varchar('owned_through_company_id', { length: 40 }),
    documents: jsonb('documents').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyb_companies_business').on(t.businessUserId)],
);

/**
 * One human of a business, whatever roles they hold in it (same name and date of birth): they verify
 * their identity once, through the KYC vendor, from the link emailed to them.
 */
export const kybPeople = pgTable(
  'kyb_people',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    businessUserId: varchar('business_user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    /** SHA-256 of the normalised first name, last name and date of birth. */
    identityKey: char('identity_key', { length: 64 }).notNull(),
    kycApplicantId: varchar('kyc_applicant_id', { length: 64 }),
    kycStatus: varchar('kyc_status', { length: 16 }).notNull().default('Initial'),
    rejectLabels: jsonb('reject_labels').$type<string[]>().notNull().default([]),
    emailSentAt: timestamp('email_sent_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kyb_people_identity').on(t.businessUserId, t.identityKey),
    uniqueIndex('kyb_people_applicant').on(t.kycApplicantId),
    check('kyb_people_status', sql`${t.kycStatus} in ('Initial', 'Pending', 'Resubmitting', 'Pass', 'Fail')`),
  ],
);

/** A director, owner or authorised trader as declared: one row per role, pointing at the human (kyb_people). */
export const kybIndividuals = pgTable(
  'kyb_individuals',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    businessUserId: varchar('business_user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    personId: varchar('person_id', { length: 40 })
      .notNull()
      .references(() => kybPeople.id),
    personType: varchar('person_type', { length: 32 }).notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    dob: date('dob').notNull(),
    nationality: char('nationality', { length: 2 }).notNull(),
    countryOfBirth: char('country_of_birth', { length: 2 }).notNull(),
    position: text('position'),
    pesel: varchar('pesel', { length: 11 }),
    email: text('email').notNull(),
    ownershipPercent: numeric('ownership_percent', { precision: 5, scale: 2 }),
    ownershipType: varchar('ownership_type', { length: 12 }),
    ownedThroughCompanyId: varchar('owned_through_company_id', { length: 40 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kyb_individuals_business').on(t.businessUserId),
    index('kyb_individuals_person').on(t.personId),
    check(
      'kyb_individuals_person_type',
      sql`${t.personType} in ('Management_Individual', 'Ownership_Individual', 'AuthorizedTrader_Individual')`,
    ),
  ],
);

/** Every verified KYB vendor webhook, raw, once (its key is unique): the evidence and the dedupe. */
export const kybWebhookEvents = pgTable('kyb_webhook_events', {
  eventKey: varchar('event_key', { length: 128 }).primaryKey(),
  provider: varchar('provider', { length: 16 }).notNull(),
  type: varchar('type', { length: 48 }).notNull(),
  applicantId: varchar('applicant_id', { length: 64 }).notNull(),
  rawBody: text('raw_body').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

/** The sandbox KYB reviewer's own company applicants (what Sumsub would hold on its side). */
export const sandboxKybApplicants = pgTable(
  'sandbox_kyb_applicants',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    externalId: varchar('external_id', { length: 64 }).notNull(),
    levelName: varchar('level_name', { length: 64 }).notNull(),
    companyName: text('company_name').notNull(),
    /** The submission as received, without document bytes (their names, types and SHA-256). */
    submission: jsonb('submission').$type<Record<string, unknown>>().notNull(),
    reviewStatus: varchar('review_status', { length: 16 }).notNull().default('init'),
    reviewAnswer: varchar('review_answer', { length: 8 }),
    reviewRejectType: varchar('review_reject_type', { length: 8 }),
    rejectLabels: jsonb('reject_labels').$type<string[]>().notNull().default([]),
    rejectedFields: jsonb('rejected_fields').$type<string[]>().notNull().default([]),
    moderationComment: text('moderation_comment'),
    /** null, required, pending, passed, resubmit. */
    eddStatus: varchar('edd_status', { length: 12 }),
    eddComment: text('edd_comment'),
    /** How many times the company was submitted: a resubmission is reviewed afresh. */
    submissions: integer('submissions').notNull().default(1),
    eddSubmissions: integer('edd_submissions').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_kyb_applicants_external').on(t.externalId)],
);
