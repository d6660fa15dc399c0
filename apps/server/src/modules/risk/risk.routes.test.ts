import { PATHS, RISK_WARNING_VERSION } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

describe('risk survey check and agreement (trade routing, docs/rules/order-states.md)', () => {
  it('asks for the risk warning until it is agreed to, once', async () => {
    const headers = tokenHeaders(await signUp(t.app, 'risk@example.com'));
    expect((await call(t.app, 'POST', PATHS.riskSurveyCheck, { headers })).body.data).toEqual({
      riskSurveyCheckNextStep: 'RISK_WARNING',
      version: RISK_WARNING_VERSION,
    });
    const agreed = await call(t.app, 'POST', PATHS.riskSurveyAgreement, {
      headers,
      body: { agree: true, version: RISK_WARNING_VERSION, viewTime: 4200 },
    });
    expect(agreed.body.data.riskSurveyCheckNextStep).toBe('OK');
    expect((await call(t.app, 'POST', PATHS.riskSurveyCheck, { headers })).body.data.riskSurveyCheckNextStep).toBe('OK');
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
    expect((await call(t.app, 'POST', PATHS.riskSurveyCheck)).body.code).toBe('USER0000001');
  });
});
