import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/** A text in both languages of the product (docs/rules/questionnaire.md: every question is written in en and zh). */
export interface BilingualText {
  en: string;
  zh: string;
}

/** A RADIO question's option: its label, and the extra question it asks once chosen (or none). */
export interface QuestionOptionData {
  option: BilingualText;
  extraQuestion: BilingualText | null;
}

/**
 * The questions of the dynamic questionnaire (docs/rules/questionnaire.md): data an operator writes, changes and
 * deactivates (never deletes: an answer names its question). Seeded for the sandbox's demo questionnaire only.
 */
export const questionnaireQuestions = pgTable(
  'questionnaire_questions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    questionGroup: varchar('question_group', { length: 64 }).notNull(),
    answerType: varchar('answer_type', { length: 12 }).notNull(),
    text: jsonb('text').$type<BilingualText>().notNull(),
    description: jsonb('description').$type<BilingualText>(),
    /** RADIO: its options in order; null for the other answer types. */
    options: jsonb('options').$type<QuestionOptionData[]>(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('questionnaire_questions_answer_type', sql`${t.answerType} in ('INPUT_LINE', 'INPUT_BAR', 'UPLOAD', 'RADIO')`),
    check('questionnaire_questions_options', sql`(${t.answerType} = 'RADIO') = (${t.options} is not null)`),
  ],
);

/**
 * A questionnaire asked of a person: the questions, who asked and when, and when it was answered. At most one is
 * open (unanswered) per person: while it is, the account info says requireDynamicQuestionnaire.
 */
export const questionnaireAssignments = pgTable(
  'questionnaire_assignments',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    questionIds: text('question_ids').array().notNull(),
    assignedBy: varchar('assigned_by', { length: 100 }).notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /**
     * An operator's decision on the answers (docs/rules/questionnaire.md "Deciding the answers"): accepted, or
     * asked again (the same questions asked anew). Null while the answers wait for one, and before they are given.
     */
    reviewOutcome: varchar('review_outcome', { length: 12 }),
    /** Why, in the operator's words (required to ask again); kept with the decision, never shown to the person. */
    reviewNote: text('review_note'),
    reviewedBy: varchar('reviewed_by', { length: 100 }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('questionnaire_assignments_open')
      .on(t.userId)
      .where(sql`${t.answeredAt} is null`),
    index('questionnaire_assignments_user').on(t.userId, t.assignedAt),
    // The desk's queue: answered questionnaires no operator decided yet, oldest first.
    index('questionnaire_assignments_waiting')
      .on(t.answeredAt)
      .where(sql`${t.answeredAt} is not null and ${t.reviewedAt} is null`),
    check('questionnaire_assignments_review_outcome', sql`${t.reviewOutcome} in ('accepted', 'asked-again')`),
    // A decision is whole (outcome, who, when), and only on answers given.
    check(
      'questionnaire_assignments_review_whole',
      sql`(${t.reviewOutcome} is null) = (${t.reviewedAt} is null) and (${t.reviewedBy} is null) = (${t.reviewedAt} is null) and (${t.reviewedAt} is null or ${t.answeredAt} is not null)`,
    ),
  ],
);

/**
 * The answers of an answered questionnaire, one per question, all written together (never part of them):
 * the text (a radio's: the choice, a newline, its extra text), the files (the person's own uploads), the choice,
 * and the question's English text as it was asked.
 */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    assignmentId: varchar('assignment_id', { length: 32 })
      .notNull()
      .references(() => questionnaireAssignments.id),
    questionId: varchar('question_id', { length: 64 })
      .notNull()
      .references(() => questionnaireQuestions.id),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    questionText: text('question_text').notNull(),
    answerText: text('answer_text').notNull(),
    files: text('files').array().notNull(),
    radioOption: varchar('radio_option', { length: 200 }),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.questionId] }), index('questionnaire_answers_user').on(t.userId)],
);
