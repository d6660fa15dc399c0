import { PATHS, RISK_WARNING_VERSION, type RiskSurveyCheckResult } from '@causeway/contracts';
import type { HttpClient } from './http-client';

/** The risk step of trade routing (spec §7 risk survey): shared by the trade pages and risk-reminder. */
export function createRiskApi(client: HttpClient) {
  return {
    check: () => client.post<RiskSurveyCheckResult>(PATHS.riskSurveyCheck, undefined, { silent: true }),
    agree: (viewTime: number) => client.post<RiskSurveyCheckResult>(PATHS.riskSurveyAgreement, { agree: true, version: RISK_WARNING_VERSION, viewTime }),
  };
}
