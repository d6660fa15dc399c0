import { APPROPRIATENESS_COOLING_OFF_MS, PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appropriatenessAssessments, appropriatenessAttempts, appropriatenessEvents, users } from '../../db/schema/index.ts';
import { call, createIdentityTestApp, type IdentityTestApp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { newIndividual } from '../../../test/kyc-helpers.ts';
import { CONCERNING, FAILING, PASSING, personAtQuestions, riskCalls, signInAgain, TEST_VERSION } from '../../../test/risk-helpers.ts';
import { createIdentityRepository } from '../identity/identity.repository.ts';
import { createPeople } from '../identity/people.ts';
import { createAppropriatenessRepository } from './appropriateness.repository.ts';
import { createAppropriatenessService } from './appropriateness.service.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const HOUR_MS = 60 * 60 * 1000;
const stateOf = async (userId: string) =>
  (await t.db.select().from(appropriatenessAssessments).where(eq(appropriatenessAssessments.userId, userId)))[0]!;
const accountOf = async (userId: string) => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!;
const movesOf = async (userId: string) =>
  (await t.db.select().from(appropriatenessEvents).where(eq(appropriatenessEvents.userId, userId)).orderBy(appropriatenessEvents.seq)).map(
    (event) => `${event.fromStage}>${event.toStage}`,
  );
/** The risk module's face, as the operator's desk will call it, on the test app's database and clock. */
const face = () =>
  createAppropriatenessService({
    repository: createAppropriatenessRepository(t.db),
    people: createPeople(createIdentityRepository(t.db)),
    clock: t.clock,
    transaction: (work) => t.unitOfWork.transaction(work),
  });

describe('the appropriateness test, stage by stage (docs/rules/appropriateness.md)', () => {
  it('warning, explanation, declaration, questions, result, signed confirmation: then OK, and trading is cleared', async () => {
    const { token, userId } = await newIndividual(t, 'appr-pass@example.com');
    const risk = riskCalls(t, tokenHeaders(token));
    expect((await risk.check()).body.data.riskSurveyCheckNextStep).toBe('RISK_WARNING');
    expect((await risk.agreeWarning()).body.data.riskSurveyCheckNextStep).toBe('RISK_WARING_OK');
    expect((await risk.continueFrom('RISK_WARING_OK')).body.data.riskSurveyCheckNextStep).toBe('AGREEMENT');
    const questions = (await risk.agree('AGREEMENT')).body.data;
    expect(questions.riskSurveyCheckNextStep).toBe('QUESTIONS');
    expect(questions.assessment.attempt).toBe(1);
    expect(questions.assessment.questions.map((question: { id: string }) => question.id)).toEqual(Object.keys(PASSING));
    expect(questions.assessment.questions[0].prompt.zh).toMatch(/加密资产/);
    // The answer key stays on the server.
    expect(JSON.stringify(questions)).not.toMatch(/points|concern"/);

    const result = (await risk.answer(1, PASSING)).body.data;
    expect(result).toMatchObject({
      riskSurveyCheckNextStep: 'CONFIRMATION',
      assessment: { result: { outcome: 'PASS', score: 6, passMark: 5, maxScore: 6, concerns: [] }, questions: null },
    });
    expect(await face().isCleared(userId)).toBe(false);
    expect((await risk.continueFrom('CONFIRMATION')).body.data.riskSurveyCheckNextStep).toBe('CONFIRMATION_SIGN');
    expect((await risk.agree('CONFIRMATION_SIGN')).body.data.riskSurveyCheckNextStep).toBe('OK');
    expect((await risk.check()).body.data).toMatchObject({ riskSurveyCheckNextStep: 'OK', assessment: { stage: 'PASSED' } });
    expect(await face().isCleared(userId)).toBe(true);
    expect(await movesOf(userId)).toEqual([
      'RISK_WARING_OK>AGREEMENT',
      'AGREEMENT>QUESTIONS',
      'QUESTIONS>CONFIRMATION',
      'CONFIRMATION>CONFIRMATION_SIGN',
      'CONFIRMATION_SIGN>PASSED',
    ]);
    // Passed is final.
    expect((await risk.terminate()).body.code).toBe('RSK0000001');
    expect((await risk.continueFrom()).body.code).toBe('RSK0000001');
  });

  it('passed with a concern: ANSWER_WAIT until the person chooses; continue goes on to the confirmation', async () => {
    const { risk, userId } = await personAtQuestions(t, 'appr-concern@example.com');
    const waiting = (await risk.answer(1, CONCERNING)).body.data;
    expect(waiting).toMatchObject({
      riskSurveyCheckNextStep: 'ANSWER_WAIT',
      assessment: { result: { outcome: 'CONCERN', score: 6, concerns: ['loss-capacity'] } },
    });
    expect((await risk.continueFrom('ANSWER_WAIT')).body.data.riskSurveyCheckNextStep).toBe('CONFIRMATION');
    expect((await stateOf(userId)).stage).toBe('CONFIRMATION');
  });

  it('a fail below the pass mark, whatever else was chosen, waits 24 h (IN_SILENT), then may be retaken', async () => {
    const { risk, userId, headers, email } = await personAtQuestions(t, 'appr-cooling@example.com');
    const failedAt = t.clock.now();
    const failed = (await risk.answer(1, { ...FAILING, 'loss-capacity': 'loss-capacity-c' })).body.data;
    const silentUntil = new Date(failedAt.getTime() + APPROPRIATENESS_COOLING_OFF_MS).toISOString();
    expect(failed).toMatchObject({
      riskSurveyCheckNextStep: 'IN_SILENT',
      assessment: { silentUntil, failures: 1, failuresAllowed: 3, result: { outcome: 'FAIL', score: 4 } },
    });
    // A retry during the cooling-off is refused with the time it ends, however it is tried.
    for (const retry of [() => risk.continueFrom(), () => risk.agree('AGREEMENT'), () => risk.answer(1, PASSING)]) {
      const refused = await retry();
      expect([refused.statusCode, refused.body.code, refused.body.data]).toEqual([409, 'RSK0000002', { silentUntil }]);
    }
    t.clock.advance(APPROPRIATENESS_COOLING_OFF_MS - 1);
    await signInAgain(t, email, headers);
    expect((await risk.check()).body.data.riskSurveyCheckNextStep).toBe('IN_SILENT');
    expect((await risk.continueFrom()).body.code).toBe('RSK0000002');
    t.clock.advance(1);
    expect((await risk.check()).body.data).toMatchObject({ riskSurveyCheckNextStep: 'AFTER_SILENT', assessment: { silentUntil } });
    expect((await risk.continueFrom('AFTER_SILENT')).body.data.riskSurveyCheckNextStep).toBe('AGREEMENT');
    const second = (await risk.agree('AGREEMENT')).body.data;
    expect(second.assessment).toMatchObject({ attempt: 2, failures: 1 });
    expect((await risk.answer(2, PASSING)).body.data.riskSurveyCheckNextStep).toBe('CONFIRMATION');
    expect(await movesOf(userId)).toContain('IN_SILENT>AFTER_SILENT');
  });

  it('the third failed attempt blocks the account: AC100007, and the user-blocked page shows it', async () => {
    const { risk, userId, headers, email } = await personAtQuestions(t, 'appr-fail3@example.com');
    for (const attempt of [1, 2]) {
      expect((await risk.answer(attempt, FAILING)).body.data.riskSurveyCheckNextStep).toBe('IN_SILENT');
      t.clock.advance(APPROPRIATENESS_COOLING_OFF_MS);
      await signInAgain(t, email, headers);
      await risk.continueFrom('AFTER_SILENT');
      await risk.agree('AGREEMENT');
    }
    const last = (await risk.answer(3, FAILING)).body.data;
    expect(last).toMatchObject({ riskSurveyCheckNextStep: 'ANSWER_FAIL', assessment: { failures: 3, blockReason: 'AC100007' } });
    expect(await accountOf(userId)).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100007' });
    const overview = await call(t.app, 'GET', PATHS.overview, { headers });
    expect(overview.body.data).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100007' });
    expect((await risk.check()).body.data.riskSurveyCheckNextStep).toBe('ANSWER_FAIL');
    // Final: no retake, whatever the clock says.
    expect((await risk.continueFrom()).body.code).toBe('RSK0000001');
    expect((await face().recordOf(userId))?.stage).toBe('ANSWER_FAIL');
  });

  it('ending the journey before an answer blocks with AC100005, even before the warning', async () => {
    const { token, userId } = await newIndividual(t, 'appr-end@example.com');
    const risk = riskCalls(t, tokenHeaders(token));
    const ended = (await risk.terminate()).body.data;
    expect(ended).toMatchObject({ riskSurveyCheckNextStep: 'TERMINATED', assessment: { blockReason: 'AC100005' } });
    expect(await accountOf(userId)).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100005' });

    const { risk: asked, userId: askedId } = await personAtQuestions(t, 'appr-end-questions@example.com');
    expect((await asked.terminate('QUESTIONS')).body.data.riskSurveyCheckNextStep).toBe('TERMINATED');
    expect((await accountOf(askedId)).accountStatusReasonCode).toBe('AC100005');
  });

  it('ending it after an answer blocks with AC100006: a concern not taken on, or during a cooling-off', async () => {
    const { risk, userId } = await personAtQuestions(t, 'appr-concern-end@example.com');
    await risk.answer(1, CONCERNING);
    expect((await risk.terminate('ANSWER_WAIT')).body.data).toMatchObject({
      riskSurveyCheckNextStep: 'TERMINATED',
      assessment: { blockReason: 'AC100006' },
    });
    expect(await accountOf(userId)).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100006' });

    const cooling = await personAtQuestions(t, 'appr-cooling-end@example.com');
    await cooling.risk.answer(1, FAILING);
    expect((await cooling.risk.terminate('IN_SILENT')).body.data.riskSurveyCheckNextStep).toBe('TERMINATED');
    expect((await accountOf(cooling.userId)).accountStatusReasonCode).toBe('AC100006');
  });
});

describe('concurrent calls move a test once', () => {
  it('two answers at once: one is scored, the other refused, nothing else written', async () => {
    const { risk, userId } = await personAtQuestions(t, 'appr-race@example.com');
    const [a, b] = await Promise.all([risk.answer(1, PASSING), risk.answer(1, FAILING)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.body.code).toBe('RSK0000001');
    const attempts = await t.db.select().from(appropriatenessAttempts).where(eq(appropriatenessAttempts.userId, userId));
    expect(attempts).toHaveLength(1);
    const state = await stateOf(userId);
    expect(state.stage).toBe(attempts[0]!.outcome === 'PASS' ? 'CONFIRMATION' : 'IN_SILENT');
    expect((await movesOf(userId)).filter((move) => move.startsWith('QUESTIONS>'))).toHaveLength(1);
  });

  it('two continues at once from a result: one step, not two', async () => {
    const { risk, userId } = await personAtQuestions(t, 'appr-race-continue@example.com');
    await risk.answer(1, PASSING);
    const answers = await Promise.all([risk.continueFrom(), risk.continueFrom(), risk.continueFrom()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await stateOf(userId)).stage).toBe('CONFIRMATION_SIGN');
  });

  it('a declaration agreed twice at once starts one attempt', async () => {
    const { token, userId } = await newIndividual(t, 'appr-race-agree@example.com');
    const risk = riskCalls(t, tokenHeaders(token));
    await risk.agreeWarning();
    await risk.continueFrom();
    const answers = await Promise.all([risk.agree('AGREEMENT'), risk.agree('AGREEMENT')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(appropriatenessAttempts).where(eq(appropriatenessAttempts.userId, userId))).toHaveLength(1);
    expect(await stateOf(userId)).toMatchObject({ stage: 'QUESTIONS', attempts: 1 });
  });
});

describe("the desk's face: a person's attempts, and ending a cooling-off with a reason", () => {
  it('reads every attempt with its answers in words, and ends a cooling-off early with the operator and reason kept', async () => {
    const { risk, userId, headers, email } = await personAtQuestions(t, 'appr-desk@example.com');
    const desk = face();
    expect(await desk.recordOf('usr_nobody')).toBeUndefined();
    await risk.answer(1, FAILING);
    const record = await desk.recordOf(userId);
    expect(record).toMatchObject({ stage: 'IN_SILENT', attempts: 1, failures: 1, endedReason: null });
    expect(record!.attemptsMade[0]).toMatchObject({ number: 1, testVersion: TEST_VERSION, score: 4, passMark: 5, outcome: 'FAIL' });
    expect(record!.attemptsMade[0]!.answers[0]).toMatchObject({
      questionId: 'loss',
      optionId: 'loss-a',
      points: 0,
      option: { en: 'The seller must buy it back at the price I paid.' },
    });

    await expect(desk.endCoolingOff({ userId, operator: 'op_1', reason: '  ' })).rejects.toMatchObject({ code: 'REQ0000400' });
    t.clock.advance(HOUR_MS);
    const reset = await desk.endCoolingOff({ userId, operator: 'op_1', reason: 'asked by phone; misread question 1' });
    expect(reset).toMatchObject({ stage: 'AFTER_SILENT', silentUntil: t.clock.now() });
    expect(reset.events.at(-1)).toMatchObject({
      fromStage: 'IN_SILENT',
      toStage: 'AFTER_SILENT',
      actor: 'operator:op_1',
      detail: 'cooling-off ended early: asked by phone; misread question 1',
    });
    await signInAgain(t, email, headers);
    expect((await risk.check()).body.data.riskSurveyCheckNextStep).toBe('AFTER_SILENT');
    await expect(desk.endCoolingOff({ userId, operator: 'op_1', reason: 'again' })).rejects.toMatchObject({ code: 'RSK0000001' });
  });
});
