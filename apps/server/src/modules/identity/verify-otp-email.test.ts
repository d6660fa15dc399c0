import { PATHS } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLatestCode } from '../../../test/test-app.ts';
import {
  call,
  createIdentityTestApp,
  type IdentityTestApp,
  nextIp,
  signUpWithPassword,
  tokenHeaders,
} from '../../../test/identity-helpers.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

describe('verify-otp with an email code (EMAIL_OTP)', () => {
  it('accepts the code emailed for EMAIL_OTP once, and never a code sent for another business', async () => {
    const email = 'otp-by-mail@causeway.test';
    const token = await signUpWithPassword(t.app, email);
    const headers = tokenHeaders(token);
    const verify = (code: string) =>
      call(t.app, 'GET', `${PATHS.verifyOtp}?verifyOtpType=EMAIL_OTP&verifyCode=${code}&scenario=WITHDRAW`, { headers, ip: nextIp() });

    await call(t.app, 'POST', PATHS.verificationSendCode, { headers, body: { verifyBusiness: 'GA_BIND', email }, ip: nextIp() });
    const bindCode = await readLatestCode(t.app, email);
    expect((await verify(bindCode)).body.data).toEqual({ status: 'FAILED', tokenVo: null });

    const sent = await call(t.app, 'POST', PATHS.verificationSendCode, {
      headers,
      body: { verifyBusiness: 'EMAIL_OTP', email },
      ip: nextIp(),
    });
    expect(sent.body.code, sent.body.msg).toBe('000000');
    const otp = await readLatestCode(t.app, email);
    const wrong = otp === '000000' ? '111111' : '000000';
    expect((await verify(wrong)).body.data.status).toBe('FAILED');
    expect((await verify(otp)).body.data).toMatchObject({ status: 'SUCCESS', tokenVo: { validTime: 300 } });
    expect((await verify(otp)).body.code).toBe('USE000002004');
  });

  it('sends codes only to the signed-in address', async () => {
    const token = await signUpWithPassword(t.app, 'own-address@causeway.test');
    const other = await call(t.app, 'POST', PATHS.verificationSendCode, {
      headers: tokenHeaders(token),
      body: { verifyBusiness: 'EMAIL_OTP', email: 'someone-else@causeway.test' },
      ip: nextIp(),
    });
    expect(other.statusCode).toBe(400);
    expect(other.body.msg).toContain('signed-in account');
  });
});
