import { PATHS, RISK_WARNING_VERSION, type RiskSurveyCheckResult } from '@causeway/contracts';
import type { HttpClient } from './http-client';

/** The query key of the risk check's answer, shared so the risk-reminder page can update it. */
export const RISK_CHECK_QUERY_KEY = ['risk-check'] as const;

/** The risk step of trade routing (spec §7 risk survey): shared by the trade pages and risk-reminder. */
export function createRiskApi(client: HttpClient) {
  return {
    check: () => client.post<RiskSurveyCheckResult>(PATHS.riskSurveyCheck, undefined, { silent: true }),
    agree: (viewTime: number) => client.post<RiskSurveyCheckResult>(PATHS.riskSurveyAgreement, { agree: true, version: RISK_WARNING_VERSION, viewTime }),
  };
}
