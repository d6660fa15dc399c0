import { sql } from 'drizzle-orm';
import { char, check, index, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/** One rule's finding behind a rating (docs/rules/edd.md "Risk rating"): its code, the level it leads to, what it saw. */
export interface RiskFactor {
  code: string;
  rating: 'medium' | 'high' | 'extreme';
  detail: string;
}

/** A file of an EDD answer: the person's stored upload, its name, and the SHA-256 of its bytes (distinct files are told apart by it). */
export interface EddFile {
  filePath: string;
  fileName: string;
  sha256: string;
}

/** One part of an individual's EDD as the person committed it. */
export interface EddAnswerValue {
  choice: string;
  text: string;
  files: EddFile[];
  committedAt: string;
}

/**
 * A person's risk rating (docs/rules/edd.md "Risk rating"): what the rules computed from the data we hold, the
 * findings behind it, an operator's override with its reason, and the rating that holds (the override's, else
 * the rules'). Recomputed after each settled order and each KYC review.
 */
export const riskRatings = pgTable(
  'risk_ratings',
  {
    userId: varchar('user_id', { length: 32 })
      .primaryKey()
      .references(() => users.id),
    rating: varchar('rating', { length: 8 }).notNull(),
    computedRating: varchar('computed_rating', { length: 8 }).notNull(),
    factors: jsonb('factors').$type<RiskFactor[]>().notNull().default([]),
    /** Settled orders of the last 365 days, in EUR, as the last computation counted them. */
    volume12m: numeric('volume_12m', { precision: 38, scale: 18 }).notNull().default('0'),
    overrideRating: varchar('override_rating', { length: 8 }),
    overrideReason: text('override_reason'),
    overrideBy: text('override_by'),
    overrideAt: timestamp('override_at', { withTimezone: true }),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('risk_ratings_rating', sql`${t.rating} in ('low', 'medium', 'high', 'extreme')`),
    check('risk_ratings_computed', sql`${t.computedRating} in ('low', 'medium', 'high', 'extreme')`),
    check('risk_ratings_override', sql`${t.overrideRating} is null or ${t.overrideRating} in ('low', 'medium', 'high', 'extreme')`),
    check('risk_ratings_override_reason', sql`${t.overrideRating} is null or ${t.overrideReason} is not null`),
    index('risk_ratings_rating_idx').on(t.rating),
  ],
);

/**
 * An enhanced due diligence case of an individual (docs/rules/edd.md "The case"): asked (by the rating, an operator
 * or the sandbox tool), answered part by part (source of wealth, source of funds), reviewed, decided. At most one
 * case of a person is open (Initial, RFI or Pending) at a time.
 */
export const eddCases = pgTable(
  'edd_cases',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    /** Initial, RFI, Pending, Pass, Fail, Expired (no answer by the deadline), Withdrawn (no longer asked). */
    status: varchar('status', { length: 10 }).notNull(),
    /** rating, operator or sandbox. */
    trigger: varchar('trigger', { length: 10 }).notNull(),
    requestedBy: text('requested_by').notNull(),
    requestReason: text('request_reason').notNull(),
    /** The parts still to commit: both at first, those asked again by a request for information. */
    askedParts: jsonb('asked_parts').$type<Array<'SOW' | 'SOF'>>().notNull(),
    sow: jsonb('sow').$type<EddAnswerValue>(),
    sof: jsonb('sof').$type<EddAnswerValue>(),
    rfiMessage: text('rfi_message'),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    decisionNote: text('decision_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('edd_cases_status', sql`${t.status} in ('Initial', 'RFI', 'Pending', 'Pass', 'Fail', 'Expired', 'Withdrawn')`),
    check('edd_cases_trigger', sql`${t.trigger} in ('rating', 'operator', 'sandbox')`),
    uniqueIndex('edd_cases_one_open')
      .on(t.userId)
      .where(sql`${t.status} in ('Initial', 'RFI', 'Pending')`),
    index('edd_cases_user').on(t.userId, t.createdAt),
    index('edd_cases_status_idx').on(t.status, t.submittedAt),
  ],
);

/**
 * The residence and nationality risk list (docs/rules/edd.md "Countries"): data an operator keeps, seeded at every
 * start without overwriting a row. A country not listed adds no risk.
 */
export const riskCountries = pgTable(
  'risk_countries',
  {
    country: char('country', { length: 2 }).primaryKey(),
    level: varchar('level', { length: 8 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: text('updated_by'),
  },
  (t) => [check('risk_countries_level', sql`${t.level} in ('medium', 'high', 'extreme')`)],
);
