import { CALL_ROUTES, type LoginMode } from '@causeway/contracts';
import type { BotCheck } from '@/lib/bot-check';
import type { HttpClient } from '@/lib/http-client';

/**
 * The sign-in calls the login and reset pages make. Silent: each page shows the failure inline (a
 * toast too would show it twice); the code dialog says a refused send and when to ask again.
 * The steps a script would hammer carry the bot check's token, under the server's action names.
 */
export function createAuthApi(client: HttpClient, botCheck: BotCheck) {
  return {
    accountCheck: async (email: string) =>
      client.call(CALL_ROUTES.accountCheck, { email, recaptchaToken: await botCheck.token('account_check') }, { silent: true }),
    sendLoginCode: async (email: string) =>
      client.call(CALL_ROUTES.sendVerifyCode, { email, recaptchaToken: await botCheck.token('send_code') }, { silent: true }),
    loginWithCode: (body: {
      email: string;
      code: string;
      termsAccepted: boolean;
      isRoma?: boolean;
      loginMode: LoginMode;
      stayLoggedIn: boolean;
    }) => client.call(CALL_ROUTES.loginWithVerifyCode, body, { silent: true }),
    loginWithPassword: async (body: { email: string; password: string; loginMode: LoginMode; stayLoggedIn: boolean }) =>
      client.call(CALL_ROUTES.passwordLogin, { ...body, recaptchaToken: await botCheck.token('login') }, { silent: true }),
    verifyGaCode: (processToken: string, verifyCode: string) =>
      client.call(CALL_ROUTES.verifyGaCode, { processToken, verifyCode }, { silent: true }),
    initPassword: (password: string, confirmPassword: string) =>
      client.call(CALL_ROUTES.passwordInit, { password, confirmPassword }, { silent: true }),
    sendResetCode: async (email: string) =>
      client.call(CALL_ROUTES.passwordResetCheck, { email, recaptchaToken: await botCheck.token('send_code') }, { silent: true }),
    resetPassword: (body: { email: string; code: string; password: string; confirmPassword: string; gaVerifyCode?: string }) =>
      client.call(CALL_ROUTES.passwordReset, body, { silent: true }),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
