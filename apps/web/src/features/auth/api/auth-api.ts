import { type AccountCheckResult, type LoginMode, type LoginResult, PATHS } from '@causeway/contracts';
import type { HttpClient } from '@/lib/http-client';

/** The sign-in calls the login page makes. Login calls are silent: the page shows their errors inline. */
export function createAuthApi(client: HttpClient) {
  return {
    accountCheck: (email: string) => client.post<AccountCheckResult>(PATHS.accountCheck, { email }),
    sendLoginCode: (email: string) => client.post<{ resendAfterSeconds: number }>(PATHS.sendVerifyCode, { email }),
    loginWithCode: (body: { email: string; code: string; termsAccepted: boolean; loginMode: LoginMode; stayLoggedIn: boolean }) =>
      client.post<LoginResult>(PATHS.loginWithVerifyCode, body, { silent: true }),
    loginWithPassword: (body: { email: string; password: string; loginMode: LoginMode; stayLoggedIn: boolean }) =>
      client.post<LoginResult>(PATHS.passwordLogin, body, { silent: true }),
    verifyGaCode: (processToken: string, verifyCode: string) => client.post<LoginResult>(PATHS.verifyGaCode, { processToken, verifyCode }, { silent: true }),
    initPassword: (password: string, confirmPassword: string) => client.post<null>(PATHS.passwordInit, { password, confirmPassword }, { silent: true }),
    sendResetCode: (email: string) => client.post<{ resendAfterSeconds: number }>(PATHS.passwordResetCheck, { email }),
    resetPassword: (body: { email: string; code: string; password: string; confirmPassword: string }) => client.post<null>(PATHS.passwordReset, body, { silent: true }),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
