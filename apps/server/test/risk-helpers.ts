import { PATHS, RISK_WARNING_VERSION } from '@causeway/contracts';
import { call, type IdentityTestApp, signUp, tokenHeaders } from './identity-helpers.ts';
import { newIndividual } from './kyc-helpers.ts';

/** The seeded test's version (db/seed/appropriateness.ts). */
export const TEST_VERSION = '20250601';

/** docs/sandbox.md: answers that score 6 of 6 and raise no concern. */
export const PASSING = {
  loss: 'loss-b',
  volatility: 'volatility-c',
  irreversible: 'irreversible-a',
  scams: 'scams-b',
  protection: 'protection-b',
  experience: 'experience-b',
  'loss-capacity': 'loss-capacity-a',
} as const;
/** Two risks wrong: 4 of 6, below the pass mark of 5. */
export const FAILING = { ...PASSING, loss: 'loss-a', volatility: 'volatility-a' };
/** Passes, but the loss could not be borne: a concern. */
export const CONCERNING = { ...PASSING, 'loss-capacity': 'loss-capacity-b' };

export const answersOf = (choice: Record<string, string>) =>
  Object.entries(choice).map(([questionId, optionId]) => ({ questionId, optionId }));

/** The risk survey calls of one person. */
export function riskCalls(t: IdentityTestApp, headers: Record<string, string>) {
  const post = (path: string, body?: object) => call(t.app, 'POST', path, { headers, ...(body === undefined ? {} : { body }) });
  return {
    check: () => post(PATHS.riskSurveyCheck),
    agreeWarning: () => post(PATHS.riskSurveyAgreement, { agree: true, version: RISK_WARNING_VERSION }),
    agree: (stage: string, version = TEST_VERSION) => post(PATHS.riskSurveyAgreement, { agree: true, stage, version }),
    answer: (attempt: number, choice: Record<string, string>) => post(PATHS.riskSurveyAnswer, { attempt, answers: answersOf(choice) }),
    answerRaw: (body: object) => post(PATHS.riskSurveyAnswer, body),
    continueFrom: (stage?: string) => post(PATHS.riskSurveyContinue, stage ? { stage } : undefined),
    terminate: (stage?: string) => post(PATHS.riskSurveyTerminate, stage ? { stage } : undefined),
  };
}

/** A new individual with the warning agreed and the questions of attempt 1 in front of them. */
export async function personAtQuestions(t: IdentityTestApp, email: string) {
  const { token, userId } = await newIndividual(t, email);
  const headers = tokenHeaders(token);
  const risk = riskCalls(t, headers);
  await risk.agreeWarning();
  await risk.continueFrom('RISK_WARING_OK');
  const atQuestions = await risk.agree('AGREEMENT');
  if (atQuestions.body.data?.riskSurveyCheckNextStep !== 'QUESTIONS')
    throw new Error(`not at QUESTIONS: ${JSON.stringify(atQuestions.body)}`);
  return { userId, headers, risk, email };
}

/** A new session for the same person after the test clock moved past the old one's expiry; `headers` now carry it. */
export async function signInAgain(t: IdentityTestApp, email: string, headers: Record<string, string>): Promise<void> {
  Object.assign(headers, tokenHeaders(await signUp(t.app, email)));
}
