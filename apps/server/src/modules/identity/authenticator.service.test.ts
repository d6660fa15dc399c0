import { randomBytes } from 'node:crypto';
import { PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAuthenticators, users } from '../../db/schema/index.ts';
import {
  authenticatorOf,
  call,
  checkLoginStatus,
  createIdentityTestApp,
  GOOD_PASSWORD,
  type IdentityTestApp,
  passwordLogin,
  signUpWithPassword,
  totpAt,
} from '../../../test/identity-helpers.ts';
import { type AuthenticatorService, TOTP_ISSUER } from './authenticator.service.ts';

let t: IdentityTestApp;
let authenticator: AuthenticatorService;
beforeAll(async () => {
  t = await createIdentityTestApp();
  authenticator = await authenticatorOf(t);
});
afterAll(() => t.app.close());

const STEP_MS = 30_000;
/** The authenticator app's code for the manual clock's time, `steps` steps away. */
const codeAt = (secret: string, steps = 0) => totpAt(t.clock, secret, steps);

const userIdOf = async (email: string) => (await t.db.select().from(users).where(eq(users.emailNormalized, email)))[0]!.id;

/** A user with a password and a bound authenticator; answers the user id and the secret. */
async function userWithAuthenticator(email: string) {
  await signUpWithPassword(t.app, email);
  const userId = await userIdOf(email);
  const { secret } = await authenticator.startBinding(userId, email);
  expect(await authenticator.confirmBinding(userId, await codeAt(secret))).toBe(true);
  // The binding code's step is spent: later codes come from the next step on.
  t.clock.advance(STEP_MS);
  return { userId, secret };
}

describe('binding an authenticator', () => {
  it('gives a base32 secret and its otpauth URI, pending until a right code', async () => {
    const email = 'bind@example.test';
    await signUpWithPassword(t.app, email);
    const userId = await userIdOf(email);
    expect(await authenticator.status(userId)).toBe('NONE');

    const { secret, otpauthUri } = await authenticator.startBinding(userId, email);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe(TOTP_ISSUER);
    expect(decodeURIComponent(uri.pathname)).toContain(email);
    expect(await authenticator.status(userId)).toBe('PENDING');
    expect(await authenticator.pendingSecret(userId)).toBe(secret);

    expect(await authenticator.confirmBinding(userId, String((Number(await codeAt(secret)) + 1) % 1e6).padStart(6, '0'))).toBe(false);
    expect(await authenticator.status(userId)).toBe('PENDING');
    expect(await authenticator.confirmBinding(userId, await codeAt(secret))).toBe(true);
    expect(await authenticator.status(userId)).toBe('BINDED');
    expect(await authenticator.pendingSecret(userId)).toBeUndefined();
  });

  it('stores the secret encrypted, not as base32 text', async () => {
    const { userId, secret } = await userWithAuthenticator('encrypted@example.test');
    const [row] = await t.db.select().from(userAuthenticators).where(eq(userAuthenticators.userId, userId));
    expect(row?.secretEncrypted).toBeDefined();
    expect(row!.secretEncrypted).not.toContain(secret);
    expect(row!.secretEncrypted.split('.')).toHaveLength(3);
  });

  it('cannot confirm without a binding in progress', async () => {
    const email = 'nobinding@example.test';
    await signUpWithPassword(t.app, email);
    expect(await authenticator.confirmBinding(await userIdOf(email), '123456')).toBe(false);
  });
});

describe('checking codes of a bound authenticator', () => {
  let userId: string;
  let secret: string;
  beforeAll(async () => {
    ({ userId, secret } = await userWithAuthenticator('verify@example.test'));
  });

  it('accepts the current step once, and refuses the same code a second time (replay)', async () => {
    const code = await codeAt(secret);
    expect(await authenticator.verifyCode(userId, code)).toBe(true);
    expect(await authenticator.verifyCode(userId, code)).toBe(false);
  });

  it('accepts the previous and the next step (clock drift)', async () => {
    t.clock.advance(5 * STEP_MS);
    expect(await authenticator.verifyCode(userId, await codeAt(secret, -1))).toBe(true);
    t.clock.advance(5 * STEP_MS);
    expect(await authenticator.verifyCode(userId, await codeAt(secret, 1))).toBe(true);
  });

  it('refuses codes two steps away', async () => {
    t.clock.advance(5 * STEP_MS);
    expect(await authenticator.verifyCode(userId, await codeAt(secret, -2))).toBe(false);
    expect(await authenticator.verifyCode(userId, await codeAt(secret, 2))).toBe(false);
  });

  it('refuses an older step once a newer one was used', async () => {
    t.clock.advance(5 * STEP_MS);
    const previous = await codeAt(secret, -1);
    expect(await authenticator.verifyCode(userId, await codeAt(secret))).toBe(true);
    expect(await authenticator.verifyCode(userId, previous)).toBe(false);
  });
});

describe('sign-in with a bound authenticator', () => {
  const email = 'ga.login@example.test';
  let secret: string;
  beforeAll(async () => {
    ({ secret } = await userWithAuthenticator(email));
  });

  const verifyGa = (processToken: string, verifyCode: string) =>
    call(t.app, 'POST', PATHS.verifyGaCode, { body: { processToken, verifyCode } });
  const firstFactor = async () => {
    const { statusCode, body } = await passwordLogin(t.app, { email, password: GOOD_PASSWORD });
    expect(statusCode).toBe(200);
    return body.data;
  };

  it('asks for the authenticator code after the password: NEED_GA with a process token, no token', async () => {
    const data = await firstFactor();
    expect(data).toMatchObject({ status: 'NEED_GA', token: null, email });
    expect(data.processToken).toEqual(expect.any(String));
  });

  it('signs in with the right code', async () => {
    const { processToken } = await firstFactor();
    const { statusCode, body } = await verifyGa(processToken, await codeAt(secret));
    expect(statusCode).toBe(200);
    expect(body.data).toMatchObject({ status: 'SUCCESS', processToken: null, token: { validTime: 3600 } });
    expect(await checkLoginStatus(t.app, { token: body.data.token.token })).toMatchObject({ isLogin: true, email });
  });

  it('refuses a wrong code', async () => {
    t.clock.advance(STEP_MS);
    const { processToken } = await firstFactor();
    const wrong = String((Number(await codeAt(secret)) + 1) % 1e6).padStart(6, '0');
    const { statusCode, body } = await verifyGa(processToken, wrong);
    expect(statusCode).toBe(400);
    expect(body).toMatchObject({ code: 'USE003000011', data: null });
  });

  it('refuses a replayed code', async () => {
    t.clock.advance(STEP_MS);
    const code = await codeAt(secret);
    const { processToken } = await firstFactor();
    expect((await verifyGa(processToken, code)).body.data.status).toBe('SUCCESS');
    const again = await firstFactor();
    expect((await verifyGa(again.processToken, code)).body.code).toBe('USE003000011');
  });

  it('refuses an expired process token (5 minutes)', async () => {
    const { processToken } = await firstFactor();
    t.clock.advance(5 * 60_000);
    const { statusCode, body } = await verifyGa(processToken, await codeAt(secret));
    expect(statusCode).toBe(400);
    expect(body.code).toBe('USE000002006');
  });

  it('refuses a tampered or made-up process token', async () => {
    t.clock.advance(STEP_MS);
    const { processToken } = await firstFactor();
    const [claims, signature] = processToken.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(claims, 'base64url').toString()), expiresAt: Date.now() + 1e12 }),
    ).toString('base64url');
    for (const token of [`${forged}.${signature}`, `${claims}.${'0'.repeat(signature.length)}`, randomBytes(32).toString('hex')]) {
      const { statusCode, body } = await verifyGa(token, await codeAt(secret));
      expect(statusCode).toBe(400);
      expect(body.code).toBe('USE000002006');
    }
    expect((await verifyGa(processToken, await codeAt(secret))).body.data.status).toBe('SUCCESS');
  });

  it('counts wrong authenticator codes toward the sign-in lock', async () => {
    t.clock.advance(STEP_MS);
    const { processToken } = await firstFactor();
    const wrong = String((Number(await codeAt(secret)) + 1) % 1e6).padStart(6, '0');
    for (let i = 1; i <= 4; i += 1) expect((await verifyGa(processToken, wrong)).body.code).toBe('USE003000011');
    const fifth = await verifyGa(processToken, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.body.code).toBe('USE000002002');
    expect((await verifyGa(processToken, await codeAt(secret))).body.code).toBe('USE000002002');
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.code).toBe('USE000002002');
    t.clock.advance(60 * 60_000);
  });

  it('does not forget wrong authenticator codes when the password is passed again', async () => {
    const wrong = async () => String((Number(await codeAt(secret)) + 1) % 1e6).padStart(6, '0');
    for (let i = 1; i <= 4; i += 1)
      expect((await verifyGa((await firstFactor()).processToken, await wrong())).body.code).toBe('USE003000011');
    const fifth = await verifyGa((await firstFactor()).processToken, await wrong());
    expect(fifth.body).toMatchObject({ code: 'USE000002002', msg: 'Maximum attempts exceeded, try again in 1 hour' });
    t.clock.advance(60 * 60_000);
  });
});
