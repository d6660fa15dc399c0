import { PATHS } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLatestCode } from '../../../test/test-app.ts';
import {
  authenticatorOf,
  call,
  createIdentityTestApp,
  GOOD_PASSWORD,
  type IdentityTestApp,
  nextIp,
  passwordLogin,
  signUpWithPassword,
  tokenHeaders,
  totpAt,
} from '../../../test/identity-helpers.ts';
import { createIdentityRepository } from './identity.repository.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const codeAt = (secret: string) => totpAt(t.clock, secret);

describe('changing the authenticator', () => {
  it('needs a bound authenticator', async () => {
    const token = await signUpWithPassword(t.app, 'no-app@causeway.test');
    expect((await call(t.app, 'GET', PATHS.preCheckChangeGoogleAuthenticator, { headers: tokenHeaders(token) })).body.code).toBe(
      'USE003000010',
    );
  });

  it('replaces the secret with the current code, the emailed code and the new code', async () => {
    const email = 'switcher@causeway.test';
    const token = await signUpWithPassword(t.app, email);
    const user = await createIdentityRepository(t.db).findUserByEmail(email);
    const authenticator = await authenticatorOf(t);
    const { secret: oldSecret } = await authenticator.startBinding(user!.id, email);
    expect(await authenticator.confirmBinding(user!.id, await codeAt(oldSecret))).toBe(true);
    t.clock.advance(30_000);
    const login = await passwordLogin(t.app, { email, password: GOOD_PASSWORD });
    expect(login.body.data.status).toBe('NEED_GA');
    const other = (
      await call(t.app, 'POST', PATHS.verifyGaCode, {
        body: { processToken: login.body.data.processToken, verifyCode: await codeAt(oldSecret) },
      })
    ).body.data.token.token as string;

    t.clock.advance(30_000);
    const setup = await call(t.app, 'GET', PATHS.preCheckChangeGoogleAuthenticator, { headers: tokenHeaders(token) });
    const newSecret = setup.body.data.googleAuthenticatorToken as string;
    expect(newSecret).not.toBe(oldSecret);
    expect(setup.body.data.qrCode).toMatch(/^data:image\/png;base64,/);
    await call(t.app, 'POST', PATHS.verificationSendCode, {
      headers: tokenHeaders(token),
      body: { verifyBusiness: 'GA_CHANGE', email },
      ip: nextIp(),
    });
    const emailCode = await readLatestCode(t.app, email);
    const change = (body: object) =>
      call(t.app, 'POST', PATHS.changeGoogleAuthenticator, { headers: tokenHeaders(token), body, ip: nextIp() });

    expect(
      (await change({ oldGaVerifyCode: '000000', newGaVerifyCode: await codeAt(newSecret), emailVerifyCode: emailCode })).body.code,
    ).toBe('USE003000011');
    const done = await change({
      oldGaVerifyCode: await codeAt(oldSecret),
      newGaVerifyCode: await codeAt(newSecret),
      emailVerifyCode: emailCode,
    });
    expect(done.body.data).toEqual({ bindStatus: 'SUCCESS' });

    // The other session ended, sensitive actions pause, and only the new app's codes count now.
    expect((await call(t.app, 'GET', PATHS.checkLoginStatus, { headers: tokenHeaders(other) })).body.data.isLogin).toBe(false);
    const status = await call(t.app, 'GET', `${PATHS.authenticatorBindingStatus}?scenario=SELL`, { headers: tokenHeaders(token) });
    expect(status.body.data.bindStatus).toBe('COOLING_OFF_PERIOD');
    t.clock.advance(30_000);
    const verify = (code: string) =>
      call(t.app, 'GET', `${PATHS.verifyOtp}?verifyOtpType=GA_OTP&verifyCode=${code}`, { headers: tokenHeaders(token) });
    expect((await verify(await codeAt(oldSecret))).body.data.status).toBe('FAILED');
    expect((await verify(await codeAt(newSecret))).body.data.status).toBe('SUCCESS');
  });
});
