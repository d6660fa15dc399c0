import { PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAgreements, users } from '../../db/schema/index.ts';
import { call, createIdentityTestApp, type IdentityTestApp, nextIp, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { readLatestCode } from '../../../test/test-app.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

describe('verify-login-email', () => {
  it('says whether the signed-in account has the entry email, ignoring case and spaces', async () => {
    const token = await signUp(t.app, 'Entry.Match@example.test');
    const check = (email: string) => call(t.app, 'POST', PATHS.verifyLoginEmail, { headers: tokenHeaders(token), body: { email } });
    expect((await check(' entry.match@EXAMPLE.test ')).body.data).toEqual({ match: true, email: 'Entry.Match@example.test' });
    expect((await check('someone.else@example.test')).body.data.match).toBe(false);
    expect((await check('not-an-email')).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const { statusCode, body } = await call(t.app, 'POST', PATHS.verifyLoginEmail, { body: { email: 'x@example.test' } });
    expect(statusCode).toBe(401);
    expect(body.code).toBe('USER0000001');
  });
});

describe('account/check', () => {
  it("answers the signed-in account's standing, with the blocked reason code", async () => {
    const email = 'standing@example.test';
    const token = await signUp(t.app, email);
    expect((await call(t.app, 'GET', PATHS.accountStatusCheck, { headers: tokenHeaders(token) })).body.data).toEqual({
      email,
      userType: 'Individual',
      accountStatus: 'Active',
      accountStatusReasonCode: null,
      entityTag: 'LI',
      sensitiveActionsSuspendedUntil: null,
    });
    const until = new Date(t.clock.now().getTime() + 60_000);
    await t.db
      .update(users)
      .set({ accountStatusReasonCode: 'AC100004', sensitiveActionsSuspendedUntil: until })
      .where(eq(users.emailNormalized, email));
    expect((await call(t.app, 'GET', PATHS.accountStatusCheck, { headers: tokenHeaders(token) })).body.data).toMatchObject({
      accountStatusReasonCode: 'AC100004',
      sensitiveActionsSuspendedUntil: until.toISOString(),
    });
    t.clock.advance(60_001);
    expect(
      (await call(t.app, 'GET', PATHS.accountStatusCheck, { headers: tokenHeaders(token) })).body.data.sensitiveActionsSuspendedUntil,
    ).toBeNull();
  });
});

describe('verification/verify-code', () => {
  async function emailOtp(token: string, email: string, ip: string) {
    await call(t.app, 'POST', PATHS.verificationSendCode, {
      headers: tokenHeaders(token),
      body: { verifyBusiness: 'EMAIL_OTP', email },
      ip,
    });
    return readLatestCode(t.app, email);
  }

  it('checks an EMAIL_OTP code and records the entity statement it accepts', async () => {
    const email = 'statement@example.test';
    const token = await signUp(t.app, email);
    const ip = nextIp();
    const code = await emailOtp(token, email, ip);
    const wrong = code === '000000' ? '111111' : '000000';
    const verify = (verifyCode: string) =>
      call(t.app, 'POST', PATHS.verificationVerifyCode, {
        headers: tokenHeaders(token),
        body: { verifyCode, entityProtocolId: 'STATEMENT' },
        ip,
      });

    expect((await verify(wrong)).body.data).toEqual({ status: 'FAILED', tokenVo: null });
    const [user] = await t.db.select().from(users).where(eq(users.emailNormalized, email));
    const statements = () => t.db.select().from(userAgreements).where(eq(userAgreements.userId, user!.id));
    // Sign-up recorded its terms and its entity's statement (docs/rules/agreements.md); the wrong code added nothing.
    expect((await statements()).map((a) => a.protocol).sort()).toEqual(['STATEMENT_LI', 'TERM']);

    const passed = await verify(code);
    expect(passed.body.data).toMatchObject({ status: 'SUCCESS', tokenVo: { validTime: 300 } });
    expect((await statements()).map((a) => `${a.protocol}@${a.version}`).sort()).toEqual([
      'STATEMENT@20241104',
      'STATEMENT_LI@20250101',
      'TERM@20241104',
    ]);
    expect((await verify(code)).body.code).toBe('USE000002004');
  });

  it('refuses an unknown protocol with a 400 and changes nothing', async () => {
    const token = await signUp(t.app, 'bad.protocol@example.test');
    const { statusCode, body } = await call(t.app, 'POST', PATHS.verificationVerifyCode, {
      headers: tokenHeaders(token),
      body: { verifyCode: '123456', entityProtocolId: 'NOPE' },
    });
    expect(statusCode).toBe(400);
    expect(body.msg).toContain('entityProtocolId');
  });
});
