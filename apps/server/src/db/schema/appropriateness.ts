import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
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

/** A text in each language the product speaks. */
export interface LocalisedText {
  en: string;
  zh: string;
}

/** One option of a question: its points towards the pass mark, and whether choosing it raises a concern. */
export interface AppropriatenessOption {
  id: string;
  label: LocalisedText;
  points: number;
  concern: boolean;
}

/** An answer as kept on the attempt: what was chosen, and what it counted for when scored. */
export interface AppropriatenessAnswer {
  questionId: string;
  optionId: string;
  points: number;
  concern: boolean;
}

/**
 * A version of the appropriateness test (docs/rules/appropriateness.md): its pass mark and how many failed attempts
 * block the account. At most one is published (`active`); an attempt keeps the version it started on.
 */
export const appropriatenessTests = pgTable(
  'appropriateness_tests',
  {
    version: varchar('version', { length: 16 }).primaryKey(),
    passMark: integer('pass_mark').notNull(),
    failuresAllowed: integer('failures_allowed').notNull(),
    active: boolean('active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appropriateness_tests_one_active')
      .on(t.active)
      .where(sql`${t.active}`),
    check('appropriateness_tests_pass_mark', sql`${t.passMark} > 0`),
    check('appropriateness_tests_failures_allowed', sql`${t.failuresAllowed} > 0`),
  ],
);

/** The questions of a test version, in order, with their options (data an operator may change). */
export const appropriatenessQuestions = pgTable(
  'appropriateness_questions',
  {
    testVersion: varchar('test_version', { length: 16 })
      .notNull()
      .references(() => appropriatenessTests.version),
    id: varchar('id', { length: 64 }).notNull(),
    position: integer('position').notNull(),
    topic: varchar('topic', { length: 32 }).notNull(),
    prompt: jsonb('prompt').$type<LocalisedText>().notNull(),
    options: jsonb('options').$type<AppropriatenessOption[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.testVersion, t.id] }), uniqueIndex('appropriateness_questions_position').on(t.testVersion, t.position)],
);

/**
 * A person's appropriateness test: the stage they are at (risk-rules.ts APPROPRIATENESS_STAGES). Every move is a
 * compare-and-set of `stage` and `revision` (appropriateness.repository.ts), so two calls at once move it once.
 */
export const appropriatenessAssessments = pgTable(
  'appropriateness_assessments',
  {
    userId: varchar('user_id', { length: 32 })
      .primaryKey()
      .references(() => users.id),
    stage: varchar('stage', { length: 24 }).notNull(),
    revision: integer('revision').notNull().default(0),
    /** Attempts started, and how many of them failed. */
    attempts: integer('attempts').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    /** The end of the cooling-off after the latest failure. */
    silentUntil: timestamp('silent_until', { withTimezone: true }),
    passedAt: timestamp('passed_at', { withTimezone: true }),
    /** The block reason the test ended with (AC100005, AC100006, AC100007). */
    endedReason: varchar('ended_reason', { length: 16 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'appropriateness_assessments_stage',
      sql`${t.stage} in ('RISK_WARING_OK', 'AGREEMENT', 'QUESTIONS', 'ANSWER_WAIT', 'IN_SILENT', 'AFTER_SILENT', 'CONFIRMATION', 'CONFIRMATION_SIGN', 'PASSED', 'ANSWER_FAIL', 'TERMINATED')`,
    ),
  ],
);

/** One attempt at the test: the questions' version it was given, and once answered, the answers and the score. */
export const appropriatenessAttempts = pgTable(
  'appropriateness_attempts',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    number: integer('number').notNull(),
    testVersion: varchar('test_version', { length: 16 })
      .notNull()
      .references(() => appropriatenessTests.version),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answers: jsonb('answers').$type<AppropriatenessAnswer[]>(),
    score: integer('score'),
    passMark: integer('pass_mark'),
    maxScore: integer('max_score'),
    outcome: varchar('outcome', { length: 8 }),
  },
  (t) => [
    uniqueIndex('appropriateness_attempts_number').on(t.userId, t.number),
    check('appropriateness_attempts_outcome', sql`${t.outcome} is null or ${t.outcome} in ('FAIL', 'CONCERN', 'PASS')`),
  ],
);

/** Every move of a person's test, who made it (the person, the clock, an operator) and why: the desk's record. */
export const appropriatenessEvents = pgTable(
  'appropriateness_events',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    /** Insertion order: two moves of the same millisecond still read in the order they were made. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    fromStage: varchar('from_stage', { length: 24 }).notNull(),
    toStage: varchar('to_stage', { length: 24 }).notNull(),
    actor: varchar('actor', { length: 64 }).notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('appropriateness_events_user').on(t.userId, t.seq)],
);
