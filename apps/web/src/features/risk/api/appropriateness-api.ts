import { type AppropriatenessStage, CALL_ROUTES, type CallResult } from '@causeway/contracts';
import type { HttpClient } from '@/lib/http-client';

/** What every risk survey call answers: the next step, and an individual's test. */
export type RiskStep = CallResult<typeof CALL_ROUTES.riskSurveyCheck>;
export type Assessment = NonNullable<RiskStep['assessment']>;

/**
 * The appropriateness test's moves (docs/rules/appropriateness.md). Each names the stage the page showed, so a second
 * press of a page that moved on is refused (RSK0000001) instead of taking the next step too.
 */
export function createAppropriatenessApi(client: HttpClient) {
  return {
    continueFrom: (stage: AppropriatenessStage) => client.call(CALL_ROUTES.riskSurveyContinue, { stage }),
    terminate: (stage: AppropriatenessStage) => client.call(CALL_ROUTES.riskSurveyTerminate, { stage }),
    sign: (stage: 'AGREEMENT' | 'CONFIRMATION_SIGN', version: string, viewTime: number) =>
      client.call(CALL_ROUTES.riskSurveyAgreement, { agree: true, stage, version, viewTime }),
    answer: (attempt: number, answers: Array<{ questionId: string; optionId: string }>) =>
      client.call(CALL_ROUTES.riskSurveyAnswer, { attempt, answers }),
  };
}

export type AppropriatenessApi = ReturnType<typeof createAppropriatenessApi>;
