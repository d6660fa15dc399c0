import { z } from 'zod';
import { DESK_PAGE_SIZE } from './desk-rules.ts';
import { EDD_CASE_STATUSES, EDD_DECISION_OUTCOMES, EDD_REASON_MAX_LENGTH, RISK_COUNTRY_LEVELS } from './desk-edd-rules.ts';
import { EDD_MESSAGE_MAX_LENGTH, EDD_PARTS, RISK_RATINGS } from './edd-rules.ts';

/**
 * The desk's EDD screen (docs/rules/operator-desk.md "EDD reviews"): the cases waiting for a decision, one case with
 * the person's answers, files and rating, the decision, a rating override, asking a person for EDD, and the
 * country risk list. What the edd module's face answers (docs/rules/edd.md "The operator's side"), as JSON.
 */

const caseId = z.string().trim().min(1).max(64);
const userId = z.string().trim().min(1).max(32);
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const reason = z.string().trim().min(1, 'give a reason').max(EDD_REASON_MAX_LENGTH);

export const deskEddCasesQuerySchema = z.object({
  status: z.enum(EDD_CASE_STATUSES).default('Pending'),
  page,
});

const caseSummaryFields = {
  id: z.string(),
  userId: z.string(),
  email: z.string().nullable(),
  status: z.enum(EDD_CASE_STATUSES),
  trigger: z.enum(['rating', 'operator', 'sandbox']),
  askedParts: z.array(z.enum(EDD_PARTS)),
  deadlineAt: z.string(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
};

export const deskEddCasesSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  cases: z.array(z.object(caseSummaryFields)),
});

const answerSchema = z.object({
  choice: z.string(),
  /** The choice in English, as the reviewer reads it. */
  choiceLabel: z.string(),
  text: z.string(),
  /** Each file the person gave, with the SHA-256 of its bytes (distinct evidence is told apart by it). */
  files: z.array(z.object({ filePath: z.string(), fileName: z.string(), sha256: z.string() })),
  committedAt: z.string(),
});

export const deskRiskRatingSchema = z.object({
  userId: z.string(),
  rating: z.enum(RISK_RATINGS),
  /** What the rules rated, whatever an override says. */
  computedRating: z.enum(RISK_RATINGS),
  factors: z.array(z.object({ code: z.string(), rating: z.enum(['medium', 'high', 'extreme']), detail: z.string() })),
  /** Settled orders of the last 365 days, in EUR (a decimal string). */
  volume12m: z.string(),
  override: z.object({ rating: z.enum(RISK_RATINGS), reason: z.string(), by: z.string().nullable(), at: z.string().nullable() }).nullable(),
  computedAt: z.string(),
});

export const deskEddCaseQuerySchema = z.object({ caseId });
export const deskEddCaseSchema = z.object({
  ...caseSummaryFields,
  requestedBy: z.string(),
  requestReason: z.string(),
  /** Source of wealth, source of funds: null until answered. */
  sow: answerSchema.nullable(),
  sof: answerSchema.nullable(),
  rfiMessage: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** Null: the person's rating was never computed. */
  rating: deskRiskRatingSchema.nullable(),
});

export const deskEddEvidenceFileQuerySchema = z.object({ caseId, filePath: z.string().trim().min(1).max(300) });

export const deskEddDecideSchema = z.discriminatedUnion('outcome', [
  z.object({ caseId, outcome: z.literal(EDD_DECISION_OUTCOMES[0]), note: z.string().trim().max(EDD_MESSAGE_MAX_LENGTH).optional() }),
  z.object({ caseId, outcome: z.literal(EDD_DECISION_OUTCOMES[1]), note: z.string().trim().max(EDD_MESSAGE_MAX_LENGTH).optional() }),
  z.object({
    caseId,
    outcome: z.literal(EDD_DECISION_OUTCOMES[2]),
    /** What the person is asked for, shown on their EDD page. */
    message: z.string().trim().min(1, 'write what is asked').max(EDD_MESSAGE_MAX_LENGTH),
    /** The parts asked again; both when left out. */
    parts: z.array(z.enum(EDD_PARTS)).min(1).max(2).optional(),
  }),
]);
export type DeskEddDecision = z.infer<typeof deskEddDecideSchema>;
/** The case after the decision. */
export const deskEddDecisionSchema = z.object({ caseId: z.string(), status: z.enum(EDD_CASE_STATUSES) });

export const deskEddRiskOverrideSchema = z.object({
  userId,
  /** Null lifts the override: the rules' rating applies again. */
  rating: z.enum(RISK_RATINGS).nullable(),
  reason,
});
export const deskEddRiskOverrideResultSchema = z.object({ rating: deskRiskRatingSchema.nullable() });

export const deskEddRequestSchema = z.object({ userId, reason });
export const deskEddRequestResultSchema = z.object({
  caseId: z.string(),
  status: z.enum(EDD_CASE_STATUSES),
  /** False: the person already had an open case, answered as it is. */
  opened: z.boolean(),
});

export const deskRiskCountriesSchema = z.object({
  countries: z.array(
    z.object({
      country: z.string(),
      level: z.enum(RISK_COUNTRY_LEVELS),
      updatedAt: z.string().nullable(),
      updatedBy: z.string().nullable(),
    }),
  ),
});
export const deskSetCountryRiskSchema = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'an ISO 3166 alpha-2 code in capitals'),
  /** Null takes the country off the list. */
  level: z.enum(RISK_COUNTRY_LEVELS).nullable(),
});
export const deskSetCountryRiskResultSchema = z.object({ country: z.string(), level: z.enum(RISK_COUNTRY_LEVELS).nullable() });

/** The page size of the case list (the desk's). */
export const DESK_EDD_PAGE_SIZE = DESK_PAGE_SIZE;
