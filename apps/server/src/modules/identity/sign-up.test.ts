import { PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import {
  accountCheck,
  call,
  checkLoginStatus,
  createIdentityTestApp,
  GOOD_PASSWORD,
  type IdentityTestApp,
  loginWithCode,
  nextIp,
  passwordLogin,
  sendCode,
  signInWithCode,
  signUp,
  tokenHeaders,
} from '../../../test/identity-helpers.ts';
import { readLatestCode } from '../../../test/test-app.ts';
import { TERMS_VERSION } from './login.service.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const passwordInit = (token: string, password: string, confirmPassword = password) =>
  call(t.app, 'POST', PATHS.passwordInit, { headers: { token }, body: { password, confirmPassword } });

describe('sign-up with an emailed code', () => {
  it('mails a six-digit code and says when a resend is allowed', async () => {
    const sent = await sendCode(t.app, 'first@example.test', { ip: nextIp() });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toEqual({ status: 200, code: '000000', msg: '', data: { resendAfterSeconds: 59, expiresInSeconds: 600 } });
    const mailbox = await t.app.inject({ method: 'GET', url: '/sandbox/mailbox?to=first@example.test' });
    const [message] = mailbox.json().messages;
    expect(message.subject).toMatch(/^Your Causeway code: \d{6}$/);
    expect(message.text).toContain(message.subject.slice(-6));
  });

  it('creates the account when the terms are accepted, with a one-hour token and no password yet', async () => {
    const email = 'new.user@example.test';
    expect((await accountCheck(t.app, email)).exists).toBe(false);
    const ip = nextIp();
    await sendCode(t.app, email, { ip });
    const { statusCode, body } = await loginWithCode(t.app, { email, code: await readLatestCode(t.app, email), termsAccepted: true }, ip);
    expect(statusCode).toBe(200);
    expect(body.data).toMatchObject({
      status: 'SUCCESS',
      isNewUser: true,
      hasPassword: false,
      email,
      userType: 'Individual',
      accountStatus: 'Active',
      processToken: null,
      token: { validTime: 3600 },
    });
    expect(body.data.token.token).toEqual(expect.any(String));
    expect(await accountCheck(t.app, email)).toMatchObject({
      exists: true,
      hasPassword: false,
      userType: 'Individual',
      accountStatus: 'Active',
    });
    const [row] = await t.db.select().from(users).where(eq(users.emailNormalized, email));
    expect(row?.termsVersion).toBe(TERMS_VERSION);
  });

  it('refuses to create an account without the terms accepted, and creates nothing', async () => {
    const email = 'no.terms@example.test';
    const ip = nextIp();
    await sendCode(t.app, email, { ip });
    const { statusCode, body } = await loginWithCode(t.app, { email, code: await readLatestCode(t.app, email) }, ip);
    expect(statusCode).toBe(400);
    expect(body).toMatchObject({ status: 400, code: 'USE000001003', data: null });
    expect((await accountCheck(t.app, email)).exists).toBe(false);
    expect(await t.db.select().from(users).where(eq(users.emailNormalized, email))).toEqual([]);
  });

  it('signs an existing account in with a code (not a new user, terms not asked again)', async () => {
    const email = 'returning@example.test';
    await signUp(t.app, email);
    t.clock.advance(60_000);
    const ip = nextIp();
    await sendCode(t.app, email, { ip });
    const { body } = await loginWithCode(t.app, { email, code: await readLatestCode(t.app, email) }, ip);
    expect(body.data).toMatchObject({ status: 'SUCCESS', isNewUser: false });
  });

  it('creates a Corporate account from the business sign-in page', async () => {
    const token = await signUp(t.app, 'company@example.test', { loginMode: 'business' });
    expect(await checkLoginStatus(t.app, tokenHeaders(token, 'business'))).toEqual({
      isLogin: true,
      email: 'company@example.test',
      userType: 'Corporate',
      mode: 'business',
      targetEntityTag: null,
    });
  });
});

describe('email uniqueness', () => {
  it('is case-insensitive: Mixed@Case.test and mixed@case.test are one account', async () => {
    await signUp(t.app, 'Mixed@Case.test');
    expect(await accountCheck(t.app, 'mixed@case.test')).toMatchObject({ exists: true, userType: 'Individual' });
    const rows = await t.db.select().from(users).where(eq(users.emailNormalized, 'mixed@case.test'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe('Mixed@Case.test');
    t.clock.advance(60_000);
    expect(await signInWithCode(t.app, 'MIXED@case.TEST')).toMatchObject({ isNewUser: false, email: 'Mixed@Case.test' });
    expect(await t.db.select().from(users).where(eq(users.emailNormalized, 'mixed@case.test'))).toHaveLength(1);
  });

  it('suggests a fix for a common domain typo of an unknown address', async () => {
    expect(await accountCheck(t.app, 'someone@gmial.com')).toMatchObject({ exists: false, suggestedEmail: 'someone@gmail.com' });
  });
});

describe('check-login-status', () => {
  it('is signed in with a live token and signed out without one or with a made-up one', async () => {
    const token = await signUp(t.app, 'status@example.test');
    expect(await checkLoginStatus(t.app, { token })).toEqual({
      isLogin: true,
      email: 'status@example.test',
      userType: 'Individual',
      mode: 'individual',
      targetEntityTag: null,
    });
    expect(await checkLoginStatus(t.app)).toEqual({ isLogin: false, email: null, userType: null, mode: null, targetEntityTag: null });
    expect((await checkLoginStatus(t.app, { token: 'not-a-token' })).isLogin).toBe(false);
  });

  it("answers the account's target entity, which account-check answers too", async () => {
    const token = await signUp(t.app, 'moving@example.test');
    await t.db.update(users).set({ targetEntityTag: 'PL' }).where(eq(users.emailNormalized, 'moving@example.test'));
    expect((await checkLoginStatus(t.app, { token })).targetEntityTag).toBe('PL');
    expect((await accountCheck(t.app, 'moving@example.test')).targetEntityTag).toBe('PL');
  });
});

describe('password/init (the setPWD step)', () => {
  let token: string;
  const email = 'setpwd@example.test';
  beforeAll(async () => {
    token = await signUp(t.app, email);
  });

  it('refuses a weak password with a 400 naming the rule', async () => {
    const short = await passwordInit(token, 'Aa1!short');
    expect(short.statusCode).toBe(400);
    expect(short.body).toMatchObject({ code: 'REQ0000400', data: null });
    expect(short.body.msg).toContain('password must be 12 to 32 characters');
    const noDigit = await passwordInit(token, 'Causeway-test-pass!');
    expect(noDigit.body.msg).toContain('password needs a digit');
    const badSpecial = await passwordInit(token, 'Causeway test 2026!');
    expect(badSpecial.body.msg).toContain('special character that is not accepted');
  });

  it('refuses a confirmation that does not match', async () => {
    const { statusCode, body } = await passwordInit(token, GOOD_PASSWORD, 'Causeway-test-2026?');
    expect(statusCode).toBe(400);
    expect(body.msg).toContain('Password mismatch');
  });

  it('needs a signed-in session', async () => {
    const { statusCode, body } = await call(t.app, 'POST', PATHS.passwordInit, {
      body: { password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
    });
    expect(statusCode).toBe(401);
    expect(body.code).toBe('USER0000001');
  });

  it('sets a good password once; a second time is refused; then password sign-in works', async () => {
    const first = await passwordInit(token, GOOD_PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.body).toEqual({ status: 200, code: '000000', msg: '', data: null });
    expect(await accountCheck(t.app, email)).toMatchObject({ hasPassword: true });

    const again = await passwordInit(token, 'Another-pass-2026!');
    expect(again.statusCode).toBe(409);
    expect(again.body.code).toBe('USE000001004');

    const login = await passwordLogin(t.app, { email, password: GOOD_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.body.data).toMatchObject({ status: 'SUCCESS', isNewUser: false, hasPassword: true, token: { validTime: 3600 } });
    expect((await passwordLogin(t.app, { email, password: 'Another-pass-2026!' })).body.code).toBe('USE000001001');
  });

  it('stores an argon2id hash, never the password', async () => {
    const [row] = await t.db.select().from(users).where(eq(users.emailNormalized, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(GOOD_PASSWORD);
  });
});
