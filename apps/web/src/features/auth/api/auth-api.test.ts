import { PATHS } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { routedHttpClient } from '@/test/routed-http-client';
import { createAuthApi } from './auth-api';

/** Every sign-in path answering null, and the api over it with a bot check that has no token. */
function api() {
  const paths = [PATHS.accountCheck, PATHS.sendVerifyCode, PATHS.loginWithVerifyCode, PATHS.passwordLogin, PATHS.verifyGaCode, PATHS.passwordInit, PATHS.passwordResetCheck, PATHS.passwordReset];
  const fake = routedHttpClient(Object.fromEntries(paths.map((path) => [path, () => null])));
  return { ...fake, auth: createAuthApi(fake.client, { token: () => Promise.resolve(undefined) }) };
}

const silentOf = (calls: ReturnType<typeof api>['calls'], path: string) => (calls.find((c) => c.path === path)?.options as { silent?: boolean } | undefined)?.silent ?? false;

describe('auth api', () => {
  it('is silent wherever the page shows the failure inline (a toast as well would show it twice)', async () => {
    const { auth, calls } = api();
    await auth.accountCheck('ann@example.com');
    await auth.sendLoginCode('ann@example.com');
    await auth.loginWithCode({ email: 'ann@example.com', code: '123456', termsAccepted: true, loginMode: 'individual', stayLoggedIn: false });
    await auth.loginWithPassword({ email: 'ann@example.com', password: 'pw', loginMode: 'individual', stayLoggedIn: false });
    await auth.verifyGaCode('pt', '123456');
    await auth.initPassword('pw', 'pw');
    await auth.sendResetCode('ann@example.com');
    await auth.resetPassword({ email: 'ann@example.com', code: '123456', password: 'pw', confirmPassword: 'pw' });
    expect(calls.map((c) => [c.path, silentOf(calls, c.path)])).toEqual(calls.map((c) => [c.path, true]));
    expect(calls).toHaveLength(8);
  });
});
