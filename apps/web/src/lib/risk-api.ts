import { CALL_ROUTES, RISK_WARNING_VERSION } from '@causeway/contracts';
import type { HttpClient } from './http-client';

/** The query key of the risk check's answer, shared so the risk-reminder page can update it. */
export const RISK_CHECK_QUERY_KEY = ['risk-check'] as const;

/** The risk step of trade routing (docs/rules/calls.md risk survey): shared by the trade pages and risk-reminder. */
export function createRiskApi(client: HttpClient) {
  return {
    check: () => client.call(CALL_ROUTES.riskSurveyCheck, undefined, { silent: true }),
    agree: (viewTime: number) => client.call(CALL_ROUTES.riskSurveyAgreement, { agree: true, version: RISK_WARNING_VERSION, viewTime }),
  };
}
