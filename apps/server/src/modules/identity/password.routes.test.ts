import { PATHS } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLatestCode } from '../../../test/test-app.ts';
import { createIdentityRepository } from './identity.repository.ts';
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

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const NEW_PASSWORD = 'Another-Pass-2026#';
const statusOf = (token: string) => call(t.app, 'GET', PATHS.checkLoginStatus, { headers: tokenHeaders(token) });

describe('forgot password: reset-check and reset', () => {
  it('answers the same for an unknown address and sends nothing', async () => {
    const answer = await call(t.app, 'POST', PATHS.passwordResetCheck, { body: { email: 'nobody@causeway.test' }, ip: nextIp() });
    expect(answer.body.data).toEqual({ resendAfterSeconds: 59, expiresInSeconds: 600 });
    await expect(readLatestCode(t.app, 'nobody@causeway.test')).rejects.toThrow();
  });

  it('sets a new password with the emailed code and ends every session', async () => {
    const email = 'forgot@causeway.test';
    const token = await signUpWithPassword(t.app, email);
    t.clock.advance(60_000);
    await call(t.app, 'POST', PATHS.passwordResetCheck, { body: { email }, ip: nextIp() });
    const code = await readLatestCode(t.app, email);

    const weak = await call(t.app, 'POST', PATHS.passwordReset, { body: { email, code, password: 'short', confirmPassword: 'short' } });
    expect(weak.statusCode).toBe(400);
    const reset = await call(t.app, 'POST', PATHS.passwordReset, {
      body: { email, code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      ip: nextIp(),
    });
    expect(reset.body.code).toBe('000000');

    expect((await statusOf(token)).body.data.isLogin).toBe(false);
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.code).toBe('USE000001001');
    expect((await passwordLogin(t.app, { email, password: NEW_PASSWORD })).body.data.status).toBe('SUCCESS');
    const again = await call(t.app, 'POST', PATHS.passwordReset, {
      body: { email, code, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
    });
    expect(again.body.code).toBe('USE000002004');
  });
});

describe('forgot password with an authenticator bound (docs/trust.md: factor changes need the second factor)', () => {
  const totp = (secret: string) => totpAt(t.clock, secret);
  const reset = (body: object) => call(t.app, 'POST', PATHS.passwordReset, { body, ip: nextIp() });

  /** An account with a password and a bound authenticator, and the reset code just emailed to it. */
  async function boundAccountWithResetCode(email: string) {
    await signUpWithPassword(t.app, email);
    const repository = createIdentityRepository(t.db);
    const row = await repository.findUserByEmail(email);
    const authenticator = await authenticatorOf(t);
    const { secret } = await authenticator.startBinding(row!.id, email);
    expect(await authenticator.confirmBinding(row!.id, await totp(secret))).toBe(true);
    t.clock.advance(60_000);
    await call(t.app, 'POST', PATHS.passwordResetCheck, { body: { email }, ip: nextIp() });
    return {
      secret,
      code: await readLatestCode(t.app, email),
      passwordHash: async () => (await repository.findUserByEmail(email))!.passwordHash,
    };
  }

  it('asks for the authenticator code only once the emailed code passed, and keeps that code for the next submit', async () => {
    const email = 'reset-guarded@causeway.test';
    const { secret, code, passwordHash } = await boundAccountWithResetCode(email);
    const body = { email, code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const before = await passwordHash();

    // A wrong emailed code says nothing about the authenticator.
    expect((await reset({ ...body, code: code === '000000' ? '111111' : '000000' })).body.code).toBe('USE003000002');
    expect((await reset(body)).body.code).toBe('USE000001006');
    expect(await passwordHash()).toBe(before);

    t.clock.advance(30_000);
    expect((await reset({ ...body, gaVerifyCode: await totp(secret) })).body.code).toBe('000000');
    expect(await passwordHash()).not.toBe(before);
    expect((await passwordLogin(t.app, { email, password: NEW_PASSWORD })).body.data.status).toBe('NEED_GA');
    // The emailed code was used up by the reset that went through.
    expect((await reset({ ...body, gaVerifyCode: await totp(secret) })).body.code).toBe('USE000002004');
  });

  it('refuses a wrong authenticator code with USE003000011, counted toward the sign-in lock, and changes nothing', async () => {
    const email = 'reset-guessing@causeway.test';
    const { secret, code, passwordHash } = await boundAccountWithResetCode(email);
    const body = { email, code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const before = await passwordHash();
    const wrong = (await totp(secret)) === '000000' ? '111111' : '000000';

    for (let i = 0; i < 4; i += 1) expect((await reset({ ...body, gaVerifyCode: wrong })).body.code).toBe('USE003000011');
    expect((await reset({ ...body, gaVerifyCode: wrong })).body.code).toBe('USE000002002');
    // Locked: the right code waits for the lock to end, like every other credential check.
    expect((await reset({ ...body, gaVerifyCode: await totp(secret) })).body.code).toBe('USE000002002');
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.code).toBe('USE000002002');
    expect(await passwordHash()).toBe(before);
  });
});

describe('change password: reinitialize', () => {
  it('needs the current password, keeps this session, ends the others and suspends sensitive actions', async () => {
    const email = 'changer@causeway.test';
    const token = await signUpWithPassword(t.app, email);
    const other = (await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.data.token.token as string;

    const wrong = await call(t.app, 'POST', PATHS.passwordReinitialize, {
      headers: tokenHeaders(token),
      body: { oldPassword: 'Wrong-Pass-2026!', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(wrong.body.code).toBe('USE000001005');

    const changed = await call(t.app, 'POST', PATHS.passwordReinitialize, {
      headers: tokenHeaders(token),
      body: { oldPassword: GOOD_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.body.code).toBe('000000');
    expect((await statusOf(token)).body.data.isLogin).toBe(true);
    expect((await statusOf(other)).body.data.isLogin).toBe(false);
    const binding = await call(t.app, 'GET', `${PATHS.authenticatorBindingStatus}?scenario=SELL`, { headers: tokenHeaders(token) });
    expect(binding.body.data.bindStatus).toBe('NONE');
  });

  it('asks for the authenticator code when one is bound', async () => {
    const email = 'guarded@causeway.test';
    const token = await signUpWithPassword(t.app, email);
    const authenticator = await authenticatorOf(t);
    const row = await createIdentityRepository(t.db).findUserByEmail(email);
    const { secret } = await authenticator.startBinding(row!.id, email);
    expect(await authenticator.confirmBinding(row!.id, await totpAt(t.clock, secret))).toBe(true);
    t.clock.advance(30_000);

    const body = { oldPassword: GOOD_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const without = await call(t.app, 'POST', PATHS.passwordReinitialize, { headers: tokenHeaders(token), body });
    expect(without.body.code).toBe('USE000001006');
    const withCode = await call(t.app, 'POST', PATHS.passwordReinitialize, {
      headers: tokenHeaders(token),
      body: { ...body, gaVerifyCode: await totpAt(t.clock, secret) },
    });
    expect(withCode.body.code).toBe('000000');
  });
});

describe('password check', () => {
  it('says whether the password is right, and wrong answers count toward the lock', async () => {
    const email = 'checker@causeway.test';
    const token = await signUpWithPassword(t.app, email);
    const check = (password: string) => call(t.app, 'POST', PATHS.passwordCheck, { headers: tokenHeaders(token), body: { password } });
    expect((await check(GOOD_PASSWORD)).body.data).toEqual({ valid: true });
    for (let i = 0; i < 4; i += 1) expect((await check('Wrong-Pass-2026!')).body.data).toEqual({ valid: false });
    expect((await check('Wrong-Pass-2026!')).body.code).toBe('USE000002002');
    expect((await check(GOOD_PASSWORD)).body.code).toBe('USE000002002');
  });
});
