import { PATHS, RISK_WARNING_VERSION } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appropriatenessAssessments, appropriatenessAttempts, appropriatenessTests, users } from '../../db/schema/index.ts';
import { call, createIdentityTestApp, type IdentityTestApp, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { newBusiness } from '../../../test/kyb-helpers.ts';
import { newIndividual } from '../../../test/kyc-helpers.ts';
import { FAILING, PASSING, personAtQuestions, riskCalls, TEST_VERSION } from '../../../test/risk-helpers.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const stateOf = async (userId: string) =>
  (await t.db.select().from(appropriatenessAssessments).where(eq(appropriatenessAssessments.userId, userId)))[0];
const attemptsOf = (userId: string) => t.db.select().from(appropriatenessAttempts).where(eq(appropriatenessAttempts.userId, userId));

describe('risk survey check and agreement (trade routing, docs/rules/order-states.md)', () => {
  it('asks for the risk warning until it is agreed to, once, then the test', async () => {
    const headers = tokenHeaders(await signUp(t.app, 'risk@example.com'));
    const first = (await call(t.app, 'POST', PATHS.riskSurveyCheck, { headers })).body.data;
    expect(first).toMatchObject({ riskSurveyCheckNextStep: 'RISK_WARNING', version: RISK_WARNING_VERSION });
    expect(first.assessment).toMatchObject({
      stage: 'RISK_WARING_OK',
      testVersion: TEST_VERSION,
      attempt: 0,
      questionCount: 7,
      passMark: 5,
    });
    const agreed = await call(t.app, 'POST', PATHS.riskSurveyAgreement, {
      headers,
      body: { agree: true, version: RISK_WARNING_VERSION, viewTime: 4200 },
    });
    expect(agreed.body.data.riskSurveyCheckNextStep).toBe('RISK_WARING_OK');
    expect((await call(t.app, 'POST', PATHS.riskSurveyCheck, { headers })).body.data.riskSurveyCheckNextStep).toBe('RISK_WARING_OK');
    // Agreeing again changes nothing.
    expect(
      (await call(t.app, 'POST', PATHS.riskSurveyAgreement, { headers, body: { agree: true, version: RISK_WARNING_VERSION } })).statusCode,
    ).toBe(200);
  });

  it('refuses a refusal, another version, and no session', async () => {
    const headers = tokenHeaders(await signUp(t.app, 'risk-bad@example.com'));
    expect(
      (await call(t.app, 'POST', PATHS.riskSurveyAgreement, { headers, body: { agree: false, version: RISK_WARNING_VERSION } })).body.code,
    ).toBe('REQ0000400');
    expect((await call(t.app, 'POST', PATHS.riskSurveyAgreement, { headers, body: { agree: true, version: '19990101' } })).body.code).toBe(
      'REQ0000400',
    );
    expect((await call(t.app, 'POST', PATHS.riskSurveyCheck, { headers })).body.data.riskSurveyCheckNextStep).toBe('RISK_WARNING');
    for (const path of [
      PATHS.riskSurveyCheck,
      PATHS.riskSurveyAgreement,
      PATHS.riskSurveyAnswer,
      PATHS.riskSurveyTerminate,
      PATHS.riskSurveyContinue,
    ]) {
      expect((await call(t.app, 'POST', path)).body.code, path).toBe('USER0000001');
    }
  });

  it('the demo individual passed the test already: the warning is the only step (docs/sandbox.md)', async () => {
    const [demo] = await t.db.select().from(users).where(eq(users.emailNormalized, 'demo@causeway.test'));
    expect((await stateOf(demo!.id))?.stage).toBe('PASSED');
  });

  it('a business agrees to the warning only: no test', async () => {
    const headers = await newBusiness(t, 'risk-business@example.com');
    const check = await call(t.app, 'POST', PATHS.riskSurveyCheck, { headers });
    expect(check.body.data).toEqual({ riskSurveyCheckNextStep: 'RISK_WARNING', version: RISK_WARNING_VERSION, assessment: null });
    const agreed = await call(t.app, 'POST', PATHS.riskSurveyAgreement, { headers, body: { agree: true, version: RISK_WARNING_VERSION } });
    expect(agreed.body.data.riskSurveyCheckNextStep).toBe('OK');
    expect((await riskCalls(t, headers).continueFrom()).body.code).toBe('RSK0000001');
  });
});

describe('bad input: a clear 400 and nothing changed (docs/rules/appropriateness.md)', () => {
  it('answers that do not fit the questions', async () => {
    const { userId, risk } = await personAtQuestions(t, 'risk-input@example.com');
    const before = await stateOf(userId);
    const { protection: _left, ...missing } = PASSING;
    const cases: Array<[object, string]> = [
      [{ attempt: 1, answers: Object.entries(missing).map(([questionId, optionId]) => ({ questionId, optionId })) }, 'RSK0000003'],
      [
        { attempt: 1, answers: Object.entries({ ...PASSING, loss: 'volatility-c' }).map(([q, o]) => ({ questionId: q, optionId: o })) },
        'RSK0000003',
      ],
      [
        {
          attempt: 1,
          answers: [
            ...Object.entries(PASSING).map(([q, o]) => ({ questionId: q, optionId: o })),
            { questionId: 'loss', optionId: 'loss-a' },
          ],
        },
        'RSK0000003',
      ],
      [
        {
          attempt: 1,
          answers: [...Object.entries(PASSING).map(([q, o]) => ({ questionId: q, optionId: o })), { questionId: 'x', optionId: 'y' }],
        },
        'RSK0000003',
      ],
      [{ attempt: 1, answers: 'all of them' }, 'REQ0000400'],
      [{ attempt: 0, answers: [{ questionId: 'loss', optionId: 'loss-b' }] }, 'REQ0000400'],
      [{ answers: [] }, 'REQ0000400'],
    ];
    for (const [body, code] of cases) {
      const response = await risk.answerRaw(body);
      expect(response.body.code, JSON.stringify(body)).toBe(code);
      expect(response.statusCode).toBe(400);
    }
    expect(await stateOf(userId)).toEqual(before);
    expect((await attemptsOf(userId))[0]).toMatchObject({ answeredAt: null, answers: null, outcome: null });
  });

  it('an answer for another attempt, a stage the page did not show, a stage agreement does not sign', async () => {
    const { userId, risk } = await personAtQuestions(t, 'risk-stale@example.com');
    const before = await stateOf(userId);
    const stale = await risk.answer(2, PASSING);
    expect([stale.statusCode, stale.body.code]).toEqual([409, 'RSK0000001']);
    expect((await risk.continueFrom('QUESTIONS')).body.code).toBe('RSK0000001');
    expect((await risk.continueFrom('ANSWER_WAIT')).body.code).toBe('RSK0000001');
    expect((await risk.continueFrom('NOT_A_STAGE')).body.code).toBe('REQ0000400');
    expect((await risk.agree('QUESTIONS')).body.code).toBe('REQ0000400');
    expect((await risk.agree('CONFIRMATION_SIGN')).body.code).toBe('RSK0000001');
    expect((await risk.terminate('AGREEMENT')).body.code).toBe('RSK0000001');
    expect(await stateOf(userId)).toEqual(before);
  });

  it('the declaration of another version of the test', async () => {
    const { token, userId } = await newIndividual(t, 'risk-version@example.com');
    const risk = riskCalls(t, tokenHeaders(token));
    await risk.agreeWarning();
    await risk.continueFrom();
    const refused = await risk.agree('AGREEMENT', '20240101');
    expect([refused.statusCode, refused.body.code, refused.body.data]).toEqual([400, 'AGR0000001', { version: TEST_VERSION }]);
    expect((await stateOf(userId))?.stage).toBe('AGREEMENT');
    expect(await attemptsOf(userId)).toEqual([]);
  });
});

describe('the test cannot be taken: UNAVAILABLE', () => {
  it('while no test is published, and on an account closed for another reason', async () => {
    const { token, userId } = await newIndividual(t, 'risk-unavailable@example.com');
    const risk = riskCalls(t, tokenHeaders(token));
    await risk.agreeWarning();
    await t.db.update(appropriatenessTests).set({ active: false }).where(eq(appropriatenessTests.version, TEST_VERSION));
    try {
      expect((await risk.check()).body.data).toMatchObject({ riskSurveyCheckNextStep: 'UNAVAILABLE', assessment: { testVersion: null } });
      expect((await risk.continueFrom()).body.code).toBe('RSK0000004');
    } finally {
      await t.db.update(appropriatenessTests).set({ active: true }).where(eq(appropriatenessTests.version, TEST_VERSION));
    }
    expect((await risk.check()).body.data.riskSurveyCheckNextStep).toBe('RISK_WARING_OK');

    await t.db.update(users).set({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100002' }).where(eq(users.id, userId));
    expect((await risk.check()).body.data.riskSurveyCheckNextStep).toBe('UNAVAILABLE');
    expect((await risk.continueFrom()).body.code).toBe('RSK0000004');
    expect((await risk.terminate()).body.code).toBe('RSK0000004');
    expect((await t.db.select().from(users).where(eq(users.id, userId)))[0]?.accountStatusReasonCode).toBe('AC100002');
  });

  it('a failed attempt keeps its questions when the published test changes', async () => {
    const { userId, risk } = await personAtQuestions(t, 'risk-republished@example.com');
    await t.db.update(appropriatenessTests).set({ active: false }).where(eq(appropriatenessTests.version, TEST_VERSION));
    try {
      const answered = await risk.answer(1, FAILING);
      expect(answered.body.data).toMatchObject({ riskSurveyCheckNextStep: 'IN_SILENT', assessment: { testVersion: TEST_VERSION } });
    } finally {
      await t.db.update(appropriatenessTests).set({ active: true }).where(eq(appropriatenessTests.version, TEST_VERSION));
    }
    expect((await stateOf(userId))?.failures).toBe(1);
  });
});

describe('the sandbox tools (docs/sandbox.md "The appropriateness test")', () => {
  it('show a person’s test and end a cooling-off now, as an operator would', async () => {
    const { risk, userId } = await personAtQuestions(t, 'risk-sandbox@example.com');
    const end = (email: string) =>
      t.app.inject({ method: 'POST', url: '/sandbox/appropriateness/end-cooling-off', payload: { email, reason: 'demo' } });
    expect((await end('risk-sandbox@example.com')).statusCode).toBe(409);
    expect((await end('nobody@example.com')).statusCode).toBe(404);
    await risk.answer(1, FAILING);
    const ended = await end('risk-sandbox@example.com');
    expect(ended.statusCode).toBe(200);
    expect(ended.json().record).toMatchObject({ stage: 'AFTER_SILENT', failures: 1 });
    expect((await stateOf(userId))?.stage).toBe('AFTER_SILENT');
    const shown = await t.app.inject({ method: 'GET', url: '/sandbox/appropriateness?email=risk-sandbox@example.com' });
    expect(shown.json().record.events.at(-1)).toMatchObject({ actor: 'operator:sandbox', detail: 'cooling-off ended early: demo' });
    expect((await risk.continueFrom('AFTER_SILENT')).body.data.riskSurveyCheckNextStep).toBe('AGREEMENT');
  });
});
