import { PATHS } from '@causeway/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskSignIn, type DemoRole } from '../../../test/desk-helpers.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { newIndividual } from '../../../test/kyc-helpers.ts';
import { FAILING, personAtQuestions } from '../../../test/risk-helpers.ts';
import { operatorAuditLog } from '../../db/schema/index.ts';

// docs/rules/operator-desk.md "Questionnaires" and docs/rules/appropriateness.md "For the operator's desk": a person's
// appropriateness record, and ending their cooling-off early with a reason (audited).

let t: IdentityTestApp;
const tokens = {} as Record<DemoRole, string>;
beforeAll(async () => {
  t = await createIdentityTestApp();
  for (const role of ['support', 'compliance'] as const) tokens[role] = await deskSignIn(t, role);
});
afterAll(() => t.app.close());

const desk = (role: DemoRole, method: 'GET' | 'POST', path: string, options: { body?: object; query?: Record<string, string> } = {}) =>
  deskCall(t.app, method, path, tokens[role], options);
const auditOf = (action: string, targetId: string) =>
  t.db
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.action, action), eq(operatorAuditLog.targetId, targetId)));

describe("a person's appropriateness record on the desk", () => {
  it('shows a failed test; compliance ends its cooling-off with a reason and the person continues at once', async () => {
    const { userId, risk } = await personAtQuestions(t, 'desk-cooling@example.com');
    expect((await risk.answer(1, FAILING)).body.data.riskSurveyCheckNextStep).toBe('IN_SILENT');
    expect((await risk.continueFrom('IN_SILENT')).body.code).toBe('RSK0000002');

    const hidden = await desk('support', 'GET', PATHS.deskAppropriateness, { query: { userId } });
    expect([hidden.statusCode, hidden.body.code]).toEqual([403, 'DSK0000004']);
    const notSupport = await desk('support', 'POST', PATHS.deskAppropriatenessEndCoolingOff, { body: { userId, reason: 'Called us' } });
    expect([notSupport.statusCode, notSupport.body.code]).toEqual([403, 'DSK0000004']);

    const seen = await desk('compliance', 'GET', PATHS.deskAppropriateness, { query: { userId } });
    expect(seen.body.data).toMatchObject({ userId, record: { stage: 'IN_SILENT', failures: 1, silentUntil: expect.any(String) } });
    expect(seen.body.data.record.attemptsMade[0]).toMatchObject({ number: 1, outcome: 'FAIL' });
    expect(seen.body.data.record.attemptsMade[0].answers[0]).toMatchObject({ prompt: { en: expect.any(String), zh: expect.any(String) } });
    expect(await auditOf('appropriateness.view', userId)).toHaveLength(1);

    // A reason is required: a blank one is a 400 that changes nothing and writes no row.
    const blank = await desk('compliance', 'POST', PATHS.deskAppropriatenessEndCoolingOff, { body: { userId, reason: '   ' } });
    expect([blank.statusCode, blank.body.code]).toEqual([400, 'REQ0000400']);
    expect((await risk.check()).body.data.riskSurveyCheckNextStep).toBe('IN_SILENT');
    expect(await auditOf('appropriateness.end-cooling-off', userId)).toEqual([]);

    const ended = await desk('compliance', 'POST', PATHS.deskAppropriatenessEndCoolingOff, {
      body: { userId, reason: 'Misread a question; explained on the phone' },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.body.data.record.stage).toBe('AFTER_SILENT');
    expect(ended.body.data.record.events.at(-1)).toMatchObject({
      fromStage: 'IN_SILENT',
      toStage: 'AFTER_SILENT',
      detail: 'cooling-off ended early: Misread a question; explained on the phone',
    });
    expect(await auditOf('appropriateness.end-cooling-off', userId)).toMatchObject([
      { outcome: 'done', details: { reason: 'Misread a question; explained on the phone' } },
    ]);
    expect((await risk.continueFrom('AFTER_SILENT')).body.data.riskSurveyCheckNextStep).toBe('AGREEMENT');

    // Not in a cooling-off any more: refused, as the face says.
    const again = await desk('compliance', 'POST', PATHS.deskAppropriatenessEndCoolingOff, { body: { userId, reason: 'Again' } });
    expect([again.statusCode, again.body.code]).toEqual([409, 'RSK0000001']);
  });

  it('answers null for a person who never started, and refuses an unknown person', async () => {
    const { userId } = await newIndividual(t, 'desk-fresh@example.com');
    expect((await desk('compliance', 'GET', PATHS.deskAppropriateness, { query: { userId } })).body.data).toEqual({ userId, record: null });
    const nobody = await desk('compliance', 'GET', PATHS.deskAppropriateness, { query: { userId: 'usr_nobody' } });
    expect([nobody.statusCode, nobody.body.code]).toEqual([404, 'DSK0000005']);
  });
});
