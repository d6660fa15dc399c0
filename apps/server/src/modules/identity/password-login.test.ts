import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialFailures, users } from '../../db/schema/index.ts';
import {
  createIdentityTestApp,
  GOOD_PASSWORD,
  type IdentityTestApp,
  loginWithCode,
  nextIp,
  passwordLogin,
  sendCode,
  signUp,
  signUpWithPassword,
} from '../../../test/identity-helpers.ts';
import { readLatestCode } from '../../../test/test-app.ts';
import { LOCKED_MESSAGE } from './sign-in-lock.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const HOUR_MS = 60 * 60_000;
const WRONG_PASSWORD = 'Wrong-password-2026!';

/** The person's count of failed password checks (credential_failures; 0 when no row). */
const failedLoginCount = async (email: string) => {
  const [user] = await t.db.select().from(users).where(eq(users.emailNormalized, email));
  const [row] = await t.db
    .select()
    .from(credentialFailures)
    .where(and(eq(credentialFailures.userId, user!.id), eq(credentialFailures.factor, 'password')));
  return row?.failures ?? 0;
};

describe('password sign-in', () => {
  it('signs in with the right password', async () => {
    const email = 'right@example.test';
    await signUpWithPassword(t.app, email);
    const { statusCode, body } = await passwordLogin(t.app, { email, password: GOOD_PASSWORD });
    expect(statusCode).toBe(200);
    expect(body.data).toMatchObject({ status: 'SUCCESS', email, hasPassword: true, isNewUser: false, token: { validTime: 3600 } });
  });

  it('answers a wrong password with Invalid credentials', async () => {
    const email = 'wrong@example.test';
    await signUpWithPassword(t.app, email);
    const { statusCode, body } = await passwordLogin(t.app, { email, password: WRONG_PASSWORD });
    expect(statusCode).toBe(400);
    expect(body).toEqual({ status: 400, code: 'USE000001001', msg: 'Invalid credentials', data: null });
  });

  it('answers an unknown email, or an account without a password, exactly the same', async () => {
    const wrong = await passwordLogin(t.app, { email: 'wrong@example.test', password: WRONG_PASSWORD });
    const unknown = await passwordLogin(t.app, { email: 'nobody@example.test', password: WRONG_PASSWORD });
    expect(unknown).toEqual(wrong);
    await signUp(t.app, 'code.only@example.test');
    expect(await passwordLogin(t.app, { email: 'code.only@example.test', password: WRONG_PASSWORD })).toEqual(wrong);
  });

  it('finds the account whatever the case of the email', async () => {
    await signUpWithPassword(t.app, 'Case.Login@example.test');
    expect((await passwordLogin(t.app, { email: 'case.login@EXAMPLE.test', password: GOOD_PASSWORD })).body.data.status).toBe('SUCCESS');
  });

  it('refuses an Individual account on the business sign-in page, even with the right password', async () => {
    const email = 'individual@example.test';
    await signUpWithPassword(t.app, email);
    for (const loginMode of ['business', 'businessIndependent']) {
      const { statusCode, body } = await passwordLogin(t.app, { email, password: GOOD_PASSWORD, loginMode });
      expect(statusCode).toBe(400);
      expect(body.code).toBe('USE000001002');
    }
  });

  it('refuses a Corporate account on the individual sign-in page', async () => {
    const email = 'corporate@example.test';
    await signUpWithPassword(t.app, email, GOOD_PASSWORD, 'business');
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.code).toBe('USE000001002');
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD, loginMode: 'business' })).body.data.status).toBe('SUCCESS');
  });
});

describe('the lock after 5 failed sign-ins', () => {
  it('locks on the fifth wrong password, refuses the right one for an hour, then accepts it', async () => {
    const email = 'lock@example.test';
    await signUpWithPassword(t.app, email);
    for (let i = 1; i <= 4; i += 1)
      expect((await passwordLogin(t.app, { email, password: WRONG_PASSWORD })).body.code).toBe('USE000001001');
    const fifth = await passwordLogin(t.app, { email, password: WRONG_PASSWORD });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.body).toEqual({ status: 429, code: 'USE000002002', msg: LOCKED_MESSAGE, data: null });
    expect(LOCKED_MESSAGE).toBe('Maximum attempts exceeded, try again in 1 hour');

    const whileLocked = await passwordLogin(t.app, { email, password: GOOD_PASSWORD });
    expect(whileLocked.statusCode).toBe(429);
    expect(whileLocked.body.code).toBe('USE000002002');
    t.clock.advance(HOUR_MS - 1000);
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.code).toBe('USE000002002');

    t.clock.advance(1000);
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.data.status).toBe('SUCCESS');
  });

  it('starts counting afresh after the lock ends', async () => {
    const email = 'relock@example.test';
    await signUpWithPassword(t.app, email);
    for (let i = 1; i <= 5; i += 1) await passwordLogin(t.app, { email, password: WRONG_PASSWORD });
    t.clock.advance(HOUR_MS);
    expect((await passwordLogin(t.app, { email, password: WRONG_PASSWORD })).body.code).toBe('USE000001001');
    expect(await failedLoginCount(email)).toBe(1);
  });

  it('forgets failures short of a lock a day after the last one: four old ones and a typo do not lock', async () => {
    const email = 'old.failures@example.test';
    await signUpWithPassword(t.app, email);
    for (let i = 1; i <= 4; i += 1) await passwordLogin(t.app, { email, password: WRONG_PASSWORD });
    t.clock.advance(24 * HOUR_MS - 1000);
    expect((await passwordLogin(t.app, { email, password: WRONG_PASSWORD })).body.code).toBe('USE000002002');
    const next = 'old.failures.2@example.test';
    await signUpWithPassword(t.app, next);
    for (let i = 1; i <= 4; i += 1) await passwordLogin(t.app, { email: next, password: WRONG_PASSWORD });
    t.clock.advance(24 * HOUR_MS);
    expect((await passwordLogin(t.app, { email: next, password: WRONG_PASSWORD })).body.code).toBe('USE000001001');
    expect(await failedLoginCount(next)).toBe(1);
    expect((await passwordLogin(t.app, { email: next, password: GOOD_PASSWORD })).body.data.status).toBe('SUCCESS');
  });

  it('resets the failure count on a successful sign-in', async () => {
    const email = 'reset@example.test';
    await signUpWithPassword(t.app, email);
    for (let i = 1; i <= 4; i += 1) await passwordLogin(t.app, { email, password: WRONG_PASSWORD });
    expect(await failedLoginCount(email)).toBe(4);
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.data.status).toBe('SUCCESS');
    expect(await failedLoginCount(email)).toBe(0);
    for (let i = 1; i <= 4; i += 1)
      expect((await passwordLogin(t.app, { email, password: WRONG_PASSWORD })).body.code).toBe('USE000001001');
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.data.status).toBe('SUCCESS');
  });

  it('counts wrong email codes of an existing account: five wrong codes lock it', async () => {
    const email = 'code.lock@example.test';
    await signUpWithPassword(t.app, email);
    t.clock.advance(60_000);
    const ip = nextIp();
    await sendCode(t.app, email, { ip });
    const code = await readLatestCode(t.app, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 4; i += 1) expect((await loginWithCode(t.app, { email, code: wrong }, ip)).body.code).toBe('USE003000002');
    const fifth = await loginWithCode(t.app, { email, code: wrong }, ip);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.body).toMatchObject({ code: 'USE000002002', msg: LOCKED_MESSAGE });

    // Locked: neither the password nor a fresh code signs in until the hour has passed.
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.code).toBe('USE000002002');
    t.clock.advance(60_000);
    await sendCode(t.app, email, { ip });
    expect((await loginWithCode(t.app, { email, code: await readLatestCode(t.app, email) }, ip)).body.code).toBe('USE000002002');
    t.clock.advance(HOUR_MS);
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.data.status).toBe('SUCCESS');
  });

  // Issue 13: one count per factor (password, email code, authenticator code), so a wrong code no
  // longer adds to the password's count; a lock of either first factor still closes both ways in.
  it('counts wrong passwords and wrong codes each in its own count; either lock closes sign-in by both', async () => {
    const email = 'mixed.lock@example.test';
    await signUpWithPassword(t.app, email);
    for (let i = 1; i <= 3; i += 1) await passwordLogin(t.app, { email, password: WRONG_PASSWORD });
    t.clock.advance(60_000);
    const ip = nextIp();
    await sendCode(t.app, email, { ip });
    const code = await readLatestCode(t.app, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await loginWithCode(t.app, { email, code: wrong }, ip)).body.code).toBe('USE003000002');
    expect((await passwordLogin(t.app, { email, password: WRONG_PASSWORD })).body.code).toBe('USE000001001');
    expect((await passwordLogin(t.app, { email, password: WRONG_PASSWORD })).body).toMatchObject({
      code: 'USE000002002',
      msg: LOCKED_MESSAGE,
    });
    expect((await loginWithCode(t.app, { email, code }, ip)).body).toMatchObject({ code: 'USE000002002', msg: LOCKED_MESSAGE });
  });

  it('does not lock an unknown email (nothing to lock, same answer every time)', async () => {
    for (let i = 1; i <= 6; i += 1)
      expect((await passwordLogin(t.app, { email: 'ghost@example.test', password: WRONG_PASSWORD })).body.code).toBe('USE000001001');
  });
});
