import { z } from 'zod';
import {
  APPROPRIATENESS_OUTCOMES,
  APPROPRIATENESS_STAGES,
  RISK_AGREEMENT_STAGES,
  RISK_NEXT_STEPS,
  RISK_WARNING_VERSION,
} from './risk-rules.ts';

// The risk warning's version and steps, apart from the schemas: the web app loads them without Zod.
export * from './risk-rules.ts';

/** A text of the test in each language the product speaks (docs/rules/appropriateness.md: questions are data). */
export const localisedTextSchema = z.object({ en: z.string(), zh: z.string() });
export type LocalisedText = z.infer<typeof localisedTextSchema>;

/** A question as the person sees it: never the points of its options (the answer key stays on the server). */
export const appropriatenessQuestionSchema = z.object({
  id: z.string(),
  topic: z.string(),
  prompt: localisedTextSchema,
  options: z.array(z.object({ id: z.string(), label: localisedTextSchema })),
});
export type AppropriatenessQuestion = z.infer<typeof appropriatenessQuestionSchema>;

/** How the latest answered attempt came out; `concerns` are the ids of the questions whose answer raised one. */
export const appropriatenessResultSchema = z.object({
  outcome: z.enum(APPROPRIATENESS_OUTCOMES),
  score: z.number().int(),
  passMark: z.number().int(),
  maxScore: z.number().int(),
  concerns: z.array(z.string()),
  answeredAt: z.string(),
});
export type AppropriatenessResult = z.infer<typeof appropriatenessResultSchema>;

/** An individual's appropriateness test as the risk check answers it (docs/rules/appropriateness.md). */
export const appropriatenessViewSchema = z.object({
  stage: z.enum(APPROPRIATENESS_STAGES),
  /** The test's version: of the attempt under way or last answered, else of the published test (null: none published). */
  testVersion: z.string().nullable(),
  /** Attempts started (0 before the first); `answer` names the one it answers. */
  attempt: z.number().int(),
  failures: z.number().int(),
  /** Failed attempts that block the account (AC100007) when reached. */
  failuresAllowed: z.number().int(),
  questionCount: z.number().int(),
  passMark: z.number().int(),
  maxScore: z.number().int(),
  /** When the cooling-off ends (IN_SILENT), or ended (AFTER_SILENT): ISO time. */
  silentUntil: z.string().nullable(),
  result: appropriatenessResultSchema.nullable(),
  /** The attempt's questions, at QUESTIONS only. */
  questions: z.array(appropriatenessQuestionSchema).nullable(),
  /** The block reason the test ended with (ANSWER_FAIL, TERMINATED). */
  blockReason: z.string().nullable(),
});
export type AppropriatenessView = z.infer<typeof appropriatenessViewSchema>;

export const riskSurveyCheckResultSchema = z.object({
  riskSurveyCheckNextStep: z.enum(RISK_NEXT_STEPS),
  /** The risk warning's current version. */
  version: z.string(),
  /** The individual's test; null for a business account, which agrees to the warning only. */
  assessment: appropriatenessViewSchema.nullable().optional(),
});
export type RiskSurveyCheckResult = z.infer<typeof riskSurveyCheckResultSchema>;

/**
 * agreement signs what the named stage shows (RISK_WARNING when none: the warning, as before the test existed).
 * The warning's version is checked here; the test's version (AGREEMENT, CONFIRMATION_SIGN) against the test.
 */
export const riskSurveyAgreementSchema = z
  .object({
    agree: z.literal(true, 'the risk warning must be agreed to'),
    stage: z.enum(RISK_AGREEMENT_STAGES).default('RISK_WARNING'),
    version: z.string().regex(/^\d{8}$/, 'the version is a date, yyyymmdd'),
    /** How long the text was on screen, for the record (ms). */
    viewTime: z.number().int().min(0).max(86_400_000).optional(),
  })
  .refine((body) => body.stage !== 'RISK_WARNING' || body.version === RISK_WARNING_VERSION, {
    message: `the version agreed must be ${RISK_WARNING_VERSION}`,
    path: ['version'],
  });
export type RiskSurveyAgreement = z.input<typeof riskSurveyAgreementSchema>;

/** One answer per question of the attempt, each one of its options. */
export const riskSurveyAnswerSchema = z.object({
  /** The attempt the page shows: answers of an older page are refused, never put on a newer attempt. */
  attempt: z.number().int().min(1).max(1000),
  answers: z
    .array(
      z.object({
        questionId: z.string().min(1).max(64),
        optionId: z.string().min(1).max(64),
      }),
    )
    .min(1)
    .max(50),
});
export type RiskSurveyAnswer = z.infer<typeof riskSurveyAnswerSchema>;

/**
 * continue and terminate (empty in the product) may name the stage the page showed: the move is then made only from
 * that stage, so a second press of a stale page never takes the next step too.
 */
export const riskSurveyStepSchema = z.object({ stage: z.enum(APPROPRIATENESS_STAGES).optional() }).nullish();
export type RiskSurveyStep = z.infer<typeof riskSurveyStepSchema>;
