import { z } from 'zod';
import {
  QUESTION_ANSWER_TYPES,
  QUESTION_ID_PATTERN,
  QUESTION_TEXT_MAX_LENGTH,
  QUESTIONNAIRE_MAX_QUESTIONS,
} from './questionnaire-rules.ts';

/**
 * The dynamic questionnaire (docs/rules/questionnaire.md): the questions an operator asks a person (the spec's
 * "additional question"), as the calls show them, and the answers they take.
 */

const questionIdSchema = z.string().regex(QUESTION_ID_PATTERN, 'a question id is letters, digits, _ and -, at most 64');
/** A language tag as a page sends it (en, zh, zh-CN...): questions are shown in zh or en (docs/rules/questionnaire.md). */
const languageTagSchema = z.string().trim().max(16).optional();

/** One question in one language (spec §3 "Additional question"). */
export const additionalQuestionSchema = z.object({
  id: z.string(),
  questionText: z.string(),
  additionDescription: z.string().nullable(),
  answerType: z.enum(QUESTION_ANSWER_TYPES),
  /** RADIO: a JSON list of {option, extraQuestionText?} in the question's language; null otherwise. */
  radioQuestionDetail: z.string().nullable(),
  questionGroup: z.string(),
});
export type AdditionalQuestion = z.infer<typeof additionalQuestionSchema>;

/**
 * One answer (spec §3 "Answer"): the text (a RADIO's: the choice, a newline and its extra text), the files of an
 * UPLOAD comma-joined, the RADIO's choice. What is left out is empty.
 */
export const additionalAnswerSchema = z
  .object({
    id: z.string().min(1).max(64),
    answerText: z
      .string()
      .max(QUESTION_TEXT_MAX_LENGTH + 201)
      .default(''),
    file: z.string().max(2000).default(''),
    radioOption: z.string().max(200).nullable().default(null),
  })
  .strict();
export type AdditionalAnswer = z.infer<typeof additionalAnswerSchema>;
export type AdditionalAnswerInput = z.input<typeof additionalAnswerSchema>;
const answersSchema = z.array(additionalAnswerSchema).max(QUESTIONNAIRE_MAX_QUESTIONS);

/** What a submission answers: whether a questionnaire is still asked (false once this one is answered). */
export const questionnaireCommitResultSchema = z.object({ requireDynamicQuestionnaire: z.boolean() });
export type QuestionnaireCommitResult = z.infer<typeof questionnaireCommitResultSchema>;

/** query/my-question-ids: the questions asked of the person now, in order, each with its group; none when nothing is asked. */
export const myQuestionIdsResultSchema = z.object({
  questions: z.array(z.object({ questionId: z.string(), questionGroup: z.string() })),
});
export type MyQuestionIds = z.infer<typeof myQuestionIdsResultSchema>;

/** my-question-detail (spec §3 "Security question data"): one asked question in a language. */
export const myQuestionDetailRequestSchema = z
  .object({ questionId: questionIdSchema, language: languageTagSchema, questionGroup: z.string().max(64).optional() })
  .strict();

/** extra-my-question: the extra question a RADIO option asks, in a language (null: it asks none). */
export const extraMyQuestionRequestSchema = z
  .object({ questionId: questionIdSchema, radioOption: z.string().min(1).max(200), language: languageTagSchema })
  .strict();
export const extraMyQuestionResultSchema = z.object({
  questionId: z.string(),
  radioOption: z.string(),
  extraQuestionText: z.string().nullable(),
});

/** commit/my-questionnaire (v1): a RADIO's answerText is its extra text alone (the server prefixes the choice). */
export const commitMyQuestionnaireSchema = z.object({ answers: answersSchema }).strict();
/** commit/v3/my-questionnaire and dynamic-questionnaire/commit: a RADIO's answerText carries the choice first (spec §5). */
export const commitMyQuestionnaireV3Schema = z
  .object({ answers: answersSchema, questionGroup: z.string().max(64).optional(), language: languageTagSchema })
  .strict();
/** The additional-info submit: the list of answers itself (spec §7 "submit list of id, answerText, file, radioOption"). */
export const additionalInfoSubmitSchema = answersSchema;

/** dynamic-questionnaire/query and additional-info list: the language to show the questions in. */
export const questionnaireLanguageQuerySchema = z.object({ language: languageTagSchema });

/** dynamic-questionnaire/query: whether a questionnaire is asked, its questions, and when the person last answered one. */
export const dynamicQuestionnaireSchema = z.object({
  requireDynamicQuestionnaire: z.boolean(),
  questions: z.array(additionalQuestionSchema),
  /** ISO time of the person's latest answered questionnaire; null when they never answered one. */
  lastAnsweredAt: z.string().nullable(),
});
export type DynamicQuestionnaire = z.infer<typeof dynamicQuestionnaireSchema>;

export const additionalInfoListSchema = z.array(additionalQuestionSchema);

// --- What an operator changes (the questionnaire module's face; the operator's desk calls it) ---

const textSchema = (max: number) => z.string().trim().min(1).max(max);
const bilingualSchema = (max: number) => z.object({ en: textSchema(max), zh: textSchema(max) }).strict();

/** A RADIO option in both languages, with the extra question it asks (both languages, or none). */
export const questionOptionInputSchema = z
  .object({ option: bilingualSchema(200), extraQuestion: bilingualSchema(500).nullable().default(null) })
  .strict();

/** A question's fields as given: what a patch may change (no defaults, so a patch changes only what it names). */
const questionFieldShapes = {
  questionGroup: z.string().regex(QUESTION_ID_PATTERN, 'a question group is letters, digits, _ and -, at most 64'),
  answerType: z.enum(QUESTION_ANSWER_TYPES),
  text: bilingualSchema(500),
  description: bilingualSchema(1000).nullable(),
  /** RADIO only: 2 to 10 options, each unique in each language. */
  options: z.array(questionOptionInputSchema).max(10).nullable(),
  sortOrder: z.number().int().min(0).max(100_000),
};

const questionFieldsSchema = z.object({
  ...questionFieldShapes,
  description: questionFieldShapes.description.default(null),
  options: questionFieldShapes.options.default(null),
  sortOrder: questionFieldShapes.sortOrder.default(0),
});

const optionsProblem = (question: { answerType: string; options: Array<{ option: { en: string; zh: string } }> | null }) => {
  if (question.answerType !== 'RADIO') return question.options?.length ? 'options: only a RADIO question has options' : null;
  const options = question.options ?? [];
  if (options.length < 2) return 'options: a RADIO question needs 2 to 10 options';
  for (const language of ['en', 'zh'] as const) {
    const labels = options.map((choice) => choice.option[language]);
    if (new Set(labels).size !== labels.length) return `options: each ${language} option must differ from the others`;
  }
  return null;
};

/** A new question (the operator's face: create). */
export const questionDefinitionInputSchema = questionFieldsSchema
  .extend({ id: questionIdSchema })
  .strict()
  .superRefine((question, context) => {
    const problem = optionsProblem(question);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
export type QuestionDefinitionInput = z.input<typeof questionDefinitionInputSchema>;

/** A change to a question (the operator's face: update): the fields given replace the question's; the rules are checked on the result. */
export const questionDefinitionPatchSchema = z
  .object(questionFieldShapes)
  .partial()
  .extend({ active: z.boolean().optional() })
  .strict()
  .transform((patch) => Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as typeof patch);
export type QuestionDefinitionPatch = z.input<typeof questionDefinitionPatchSchema>;

/** A question as an operator sees it: every language, active or not. */
export interface QuestionDefinition {
  id: string;
  questionGroup: string;
  answerType: (typeof QUESTION_ANSWER_TYPES)[number];
  text: { en: string; zh: string };
  description: { en: string; zh: string } | null;
  options: Array<{ option: { en: string; zh: string }; extraQuestion: { en: string; zh: string } | null }> | null;
  sortOrder: number;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** Assigning a questionnaire: the questions to ask (each existing and active, once each). */
export const questionnaireAssignmentInputSchema = z
  .object({
    userId: z.string().min(1).max(32),
    questionIds: z.array(questionIdSchema).min(1).max(QUESTIONNAIRE_MAX_QUESTIONS),
    /** Who asked: an operator's name or id, kept with the questionnaire (audit). */
    assignedBy: z.string().trim().min(1).max(100),
  })
  .strict();
export type QuestionnaireAssignmentInput = z.input<typeof questionnaireAssignmentInputSchema>;

/** A questionnaire asked of a person, with the answers once given (what an operator reviews). */
export interface QuestionnaireAssignment {
  id: string;
  userId: string;
  questionIds: string[];
  assignedBy: string;
  assignedAt: Date;
  answeredAt: Date | null;
  /** An operator's decision on the answers (docs/rules/questionnaire.md "Deciding the answers"); null while none. */
  review: { outcome: 'accepted' | 'asked-again'; note: string | null; reviewedBy: string; reviewedAt: Date } | null;
  answers: Array<{
    questionId: string;
    /** The question as it was asked (English), kept with the answer: a later edit of the question does not change it. */
    questionText: string;
    answerText: string;
    files: string[];
    radioOption: string | null;
  }>;
}
