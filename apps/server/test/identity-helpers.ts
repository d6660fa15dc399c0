import { API_BASE, PATHS } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { createAuthenticatorService } from '../src/modules/identity/authenticator.service.ts';
import { createIdentityRepository } from '../src/modules/identity/identity.repository.ts';
import { createManualClock } from '../src/platform/clock.ts';
import { deriveKey } from '../src/platform/crypto.ts';
import { loadServerSecret } from '../src/platform/server-secret.repository.ts';
import { createTestApp, readLatestCode, type TestApp } from './test-app.ts';

export type ManualClock = ReturnType<typeof createManualClock>;

export interface IdentityTestApp extends TestApp {
  clock: ManualClock;
}

/** The whole app on a fresh test database with a manual clock. */
export async function createIdentityTestApp(
  env: Record<string, string> = {},
  options: { onQuery?: (sql: string) => void } = {},
): Promise<IdentityTestApp> {
  const clock = createManualClock();
  return { ...(await createTestApp(env, undefined, { clock, ...options })), clock };
}

/** The authenticator service on the app's database, with the app's key and clock (to bind one for a user). */
export async function authenticatorOf(t: IdentityTestApp) {
  const serverSecret = await loadServerSecret(t.db, undefined);
  return createAuthenticatorService({
    repository: createIdentityRepository(t.db),
    clock: t.clock,
    encryptionKey: deriveKey(serverSecret, 'totp-secret'),
  });
}

/** The authenticator code an app would show at the clock's time, `steps` 30-second steps away. */
export const totpAt = (clock: { now(): Date }, secret: string, steps = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + steps * 30 });

let ipCounter = 0;
/** A fresh client address, so per-IP limits of one test do not leak into the next. */
export const nextIp = (): string => {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

export interface CallOptions {
  body?: object;
  headers?: Record<string, string>;
  ip?: string;
}

/** One call under /prod-api, answering the HTTP status and the parsed envelope. */
export async function call(app: FastifyInstance, method: 'GET' | 'POST', path: string, options: CallOptions = {}) {
  const response = await app.inject({
    method,
    url: `${API_BASE}${path}`,
    headers: options.headers,
    remoteAddress: options.ip ?? '127.0.0.1',
    ...(options.body ? { payload: options.body } : {}),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read envelopes loosely
  return { statusCode: response.statusCode, body: response.json() as { status: number; code: string; msg: string; data: any } };
}

export const sendCode = (app: FastifyInstance, email: string, options: Omit<CallOptions, 'body'> = {}) =>
  call(app, 'POST', PATHS.sendVerifyCode, { ...options, body: { email } });

export const loginWithCode = (
  app: FastifyInstance,
  body: { email: string; code: string; termsAccepted?: boolean; loginMode?: string; stayLoggedIn?: boolean },
  ip?: string,
) => call(app, 'POST', PATHS.loginWithVerifyCode, { body, ...(ip ? { ip } : {}) });

export const passwordLogin = (
  app: FastifyInstance,
  body: { email: string; password: string; loginMode?: string; stayLoggedIn?: boolean },
) => call(app, 'POST', PATHS.passwordLogin, { body });

export const accountCheck = async (app: FastifyInstance, email: string) =>
  (await call(app, 'POST', PATHS.accountCheck, { body: { email } })).body.data;

/** Headers carrying a token the way its mode expects it. */
export const tokenHeaders = (token: string, loginMode = 'individual'): Record<string, string> =>
  loginMode === 'business' || loginMode === 'businessIndependent' ? { 'business-token': token } : { token };

export const checkLoginStatus = async (app: FastifyInstance, headers: Record<string, string> = {}) =>
  (await call(app, 'GET', PATHS.checkLoginStatus, { headers })).body.data as {
    isLogin: boolean;
    email: string | null;
    userType: string | null;
    mode: string | null;
    targetEntityTag: string | null;
  };

export const GOOD_PASSWORD = 'Causeway-test-2026!';

/** Code sign-in (sign-up for a new email) through the mailbox; fails the test unless it answers SUCCESS. */
export async function signInWithCode(app: FastifyInstance, email: string, options: { loginMode?: string; stayLoggedIn?: boolean } = {}) {
  const ip = nextIp();
  const sent = await sendCode(app, email, { ip });
  if (sent.statusCode !== 200) throw new Error(`send-verify-code answered ${JSON.stringify(sent.body)}`);
  const code = await readLatestCode(app, email);
  const { body } = await loginWithCode(app, { email, code, termsAccepted: true, ...options }, ip);
  if (body.data?.status !== 'SUCCESS') throw new Error(`login-with-verify-code answered ${JSON.stringify(body)}`);
  return body.data as {
    status: string;
    token: { token: string; validTime: number };
    isNewUser: boolean;
    hasPassword: boolean;
    userType: string;
  };
}

/** A new account through the emailed code; answers its token. */
export async function signUp(
  app: FastifyInstance,
  email: string,
  options: { loginMode?: string; stayLoggedIn?: boolean } = {},
): Promise<string> {
  return (await signInWithCode(app, email, options)).token.token;
}

/** A new account with a password set (the setPWD step). */
export async function signUpWithPassword(
  app: FastifyInstance,
  email: string,
  password = GOOD_PASSWORD,
  loginMode = 'individual',
): Promise<string> {
  const token = await signUp(app, email, { loginMode });
  const { body } = await call(app, 'POST', PATHS.passwordInit, {
    headers: tokenHeaders(token, loginMode),
    body: { password, confirmPassword: password },
  });
  if (body.code !== '000000') throw new Error(`password/init answered ${JSON.stringify(body)}`);
  return token;
}
