import { PATHS } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { routedHttpClient } from '@/test/routed-http-client';
import { account, loginResult } from '../routes/login-test-kit';
import { createAuthApi } from './auth-api';

const SENT = { resendAfterSeconds: 59, expiresInSeconds: 600 };

/** Every sign-in path answering as the server does, and the api over it with a bot check that has no token. */
function api() {
  const fake = routedHttpClient({
    [PATHS.accountCheck]: () => account(),
    [PATHS.sendVerifyCode]: () => SENT,
    [PATHS.loginWithVerifyCode]: () => loginResult(),
    [PATHS.passwordLogin]: () => loginResult(),
    [PATHS.verifyGaCode]: () => loginResult(),
    [PATHS.passwordInit]: () => null,
    [PATHS.passwordResetCheck]: () => SENT,
    [PATHS.passwordReset]: () => null,
  });
  return { ...fake, auth: createAuthApi(fake.client, { token: () => Promise.resolve(undefined) }) };
}

const silentOf = (calls: ReturnType<typeof api>['calls'], path: string) =>
  (calls.find((c) => c.path === path)?.options as { silent?: boolean } | undefined)?.silent ?? false;

describe('auth api', () => {
  it('is silent wherever the page shows the failure inline (a toast as well would show it twice)', async () => {
    const { auth, calls } = api();
    await auth.accountCheck('ann@example.com');
    await auth.sendLoginCode('ann@example.com');
    await auth.loginWithCode({
      email: 'ann@example.com',
      code: '123456',
      termsAccepted: true,
      loginMode: 'individual',
      stayLoggedIn: false,
    });
    await auth.loginWithPassword({ email: 'ann@example.com', password: 'pw', loginMode: 'individual', stayLoggedIn: false });
    await auth.verifyGaCode('pt', '123456');
    await auth.initPassword('pw', 'pw');
    await auth.sendResetCode('ann@example.com');
    await auth.resetPassword({ email: 'ann@example.com', code: '123456', password: 'pw', confirmPassword: 'pw' });
    expect(calls.map((c) => [c.path, silentOf(calls, c.path)])).toEqual(calls.map((c) => [c.path, true]));
    expect(calls).toHaveLength(8);
  });
});
