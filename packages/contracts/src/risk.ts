import { z } from 'zod';

/**
 * The risk step before trading (docs/rules/order-states.md trade routing: "risk check next step other than OK goes
 * to risk-reminder first"). The person reads the crypto risk warning and agrees once per version;
 * a new version of the warning asks again.
 */
export const RISK_WARNING_PROTOCOL = 'RISK_WARNING';
export const RISK_WARNING_VERSION = '20250101';
export const RISK_NEXT_STEPS = ['OK', 'RISK_WARNING'] as const;
export type RiskNextStep = (typeof RISK_NEXT_STEPS)[number];

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
