import { z } from 'zod';
import { RISK_NEXT_STEPS, RISK_WARNING_VERSION } from './risk-rules.ts';

// The risk warning's version and steps, apart from the schemas: the web app loads them without Zod.
export * from './risk-rules.ts';

export const riskSurveyCheckResultSchema = z.object({
  riskSurveyCheckNextStep: z.enum(RISK_NEXT_STEPS),
  version: z.string(),
});
export type RiskSurveyCheckResult = z.infer<typeof riskSurveyCheckResultSchema>;

export const riskSurveyAgreementSchema = z.object({
  agree: z.literal(true, 'the risk warning must be agreed to'),
  version: z.literal(RISK_WARNING_VERSION, `the version agreed must be ${RISK_WARNING_VERSION}`),
  /** How long the warning was on screen, for the record (ms). */
  viewTime: z.number().int().min(0).max(86_400_000).optional(),
});
