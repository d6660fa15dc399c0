import { z } from 'zod';
import { questionDefinitionInputSchema } from './questionnaire.ts';
import { QUESTION_ANSWER_TYPES, QUESTION_ID_PATTERN, QUESTIONNAIRE_MAX_QUESTIONS } from './questionnaire-rules.ts';
import { APPROPRIATENESS_OUTCOMES, APPROPRIATENESS_STAGES } from './risk-rules.ts';

/**
 * The desk's Questionnaires screen (docs/rules/operator-desk.md "Questionnaires"): the question bank as data (en and
 * zh), asking a person questions, reading and deciding their answers, and their appropriateness record with the
 * end of a cooling-off. The faces behind them: docs/rules/questionnaire.md and appropriateness.md.
 */

const userId = z.string().trim().min(1).max(32);
const questionId = z.string().regex(QUESTION_ID_PATTERN, 'a question id is letters, digits, _ and -, at most 64');
const bilingual = z.object({ en: z.string(), zh: z.string() });

/** What an operator decides on answers given: accept them, or ask the same questions again. */
export const QUESTIONNAIRE_DECISIONS = ['accept', 'ask-again'] as const;
export type QuestionnaireDecision = (typeof QUESTIONNAIRE_DECISIONS)[number];
/** How a decision is kept on the questionnaire. */
export const QUESTIONNAIRE_REVIEW_OUTCOMES = ['accepted', 'asked-again'] as const;
export type QuestionnaireReviewOutcome = (typeof QUESTIONNAIRE_REVIEW_OUTCOMES)[number];
/** The longest note of a decision, and of the reason a cooling-off ends early. */
export const DESK_REASON_MAX_LENGTH = 500;

export const deskQuestionSchema = z.object({
  id: z.string(),
  questionGroup: z.string(),
  answerType: z.enum(QUESTION_ANSWER_TYPES),
  text: bilingual,
  description: bilingual.nullable(),
  options: z.array(z.object({ option: bilingual, extraQuestion: bilingual.nullable() })).nullable(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeskQuestion = z.infer<typeof deskQuestionSchema>;
export const deskQuestionsSchema = z.object({ questions: z.array(deskQuestionSchema) });

/** Create and update take the whole question (update replaces every field of the question with that id). */
export const deskQuestionBodySchema = questionDefinitionInputSchema;
export const deskQuestionActiveSchema = z.object({ id: questionId, active: z.boolean() }).strict();

export const deskQuestionnaireSchema = z.object({
  id: z.string(),
  userId: z.string(),
  questionIds: z.array(z.string()),
  assignedBy: z.string(),
  assignedAt: z.string(),
  answeredAt: z.string().nullable(),
  /** The operator's decision on the answers; null while none (and before they are given). */
  review: z
    .object({
      outcome: z.enum(QUESTIONNAIRE_REVIEW_OUTCOMES),
      note: z.string().nullable(),
      reviewedBy: z.string(),
      reviewedAt: z.string(),
    })
    .nullable(),
  answers: z.array(
    z.object({
      questionId: z.string(),
      /** The question's English text as it was asked. */
      questionText: z.string(),
      answerText: z.string(),
      /** Stored paths of the person's uploads; each downloadable through deskQuestionnaireFile. */
      files: z.array(z.string()),
      radioOption: z.string().nullable(),
    }),
  ),
});
export type DeskQuestionnaire = z.infer<typeof deskQuestionnaireSchema>;

export const deskQuestionnairesWaitingSchema = z.object({
  questionnaires: z.array(deskQuestionnaireSchema.extend({ email: z.string().nullable() })),
});

export const deskQuestionnairePersonQuerySchema = z.object({ userId });
export const deskQuestionnairesOfSchema = z.object({
  userId: z.string(),
  email: z.string(),
  /** What the person's account info says: a questionnaire with a question still active waits for their answers. */
  asked: z.boolean(),
  questionnaires: z.array(deskQuestionnaireSchema),
});

export const deskQuestionnaireAssignSchema = z
  .object({ userId, questionIds: z.array(questionId).min(1).max(QUESTIONNAIRE_MAX_QUESTIONS) })
  .strict();

const note = z.string().trim().max(DESK_REASON_MAX_LENGTH);
export const deskQuestionnaireDecideSchema = z
  .object({ assignmentId: z.string().trim().min(1).max(32), decision: z.enum(QUESTIONNAIRE_DECISIONS), note: note.default('') })
  .strict()
  .refine((body) => body.decision !== 'ask-again' || body.note.length > 0, {
    message: 'note: say why the questions are asked again',
    path: ['note'],
  });

export const deskQuestionnaireFileQuerySchema = z.object({
  assignmentId: z.string().trim().min(1).max(32),
  questionId,
  file: z.string().min(1).max(500),
});
/** The file itself, base64, so it travels with the desk session's header (a link would carry no header). */
export const deskQuestionnaireFileSchema = z.object({ fileName: z.string(), contentType: z.string(), base64: z.string() });

const localised = z.object({ en: z.string(), zh: z.string() });
export const deskAppropriatenessRecordSchema = z.object({
  userId: z.string(),
  stage: z.enum(APPROPRIATENESS_STAGES),
  attempts: z.number().int(),
  failures: z.number().int(),
  silentUntil: z.string().nullable(),
  passedAt: z.string().nullable(),
  endedReason: z.string().nullable(),
  attemptsMade: z.array(
    z.object({
      number: z.number().int(),
      testVersion: z.string(),
      startedAt: z.string(),
      answeredAt: z.string().nullable(),
      score: z.number().int().nullable(),
      passMark: z.number().int().nullable(),
      maxScore: z.number().int().nullable(),
      outcome: z.enum(APPROPRIATENESS_OUTCOMES).nullable(),
      answers: z.array(
        z.object({
          questionId: z.string(),
          prompt: localised.nullable(),
          optionId: z.string(),
          option: localised.nullable(),
          points: z.number().int(),
          concern: z.boolean(),
        }),
      ),
    }),
  ),
  events: z.array(
    z.object({ fromStage: z.string(), toStage: z.string(), actor: z.string(), detail: z.string().nullable(), at: z.string() }),
  ),
});
export type DeskAppropriatenessRecord = z.infer<typeof deskAppropriatenessRecordSchema>;
/** A person's test, or null when they never started it. */
export const deskAppropriatenessSchema = z.object({ userId: z.string(), record: deskAppropriatenessRecordSchema.nullable() });
export const deskEndCoolingOffSchema = z.object({ userId, reason: z.string().trim().min(1).max(DESK_REASON_MAX_LENGTH) }).strict();
