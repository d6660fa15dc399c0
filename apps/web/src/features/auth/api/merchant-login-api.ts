import { type MerchantLoginResult, PATHS } from '@causeway/contracts';
import type { BotCheck } from '@/lib/bot-check';
import type { HttpClient } from '@/lib/http-client';

/**
 * The merchant sign-in calls (kyc/...) and the session check of skip-login. All silent: the page
 * shows their errors inline, and a dead session on skip-login just means signing in again.
 */
export function createMerchantLoginApi(client: HttpClient, botCheck: BotCheck) {
  const silent = { silent: true };
  return {
    start: (entry: Record<string, string>, skipLogin: boolean) =>
      client.post<MerchantLoginResult>(PATHS.merchantSharedKycLogin, { entry, skipLogin, loginMode: 'independent' }, silent),
    sendCode: async (processToken: string) =>
      client.post<MerchantLoginResult>(PATHS.merchantSendVerifyCode, { processToken, recaptchaToken: await botCheck.token('send_code') }, silent),
    submitNewEmail: async (processToken: string, email: string) =>
      client.post<MerchantLoginResult>(PATHS.merchantSubmitNewEmail, { processToken, email, recaptchaToken: await botCheck.token('send_code') }, silent),
    selectAccount: (processToken: string, selectAccount: 'LINKED' | 'EMAIL') =>
      client.post<MerchantLoginResult>(PATHS.merchantLoginWithBindingAccount, { processToken, selectAccount }, silent),
    loginWithCode: (processToken: string, code: string, termsAccepted: boolean) =>
      client.post<MerchantLoginResult>(PATHS.merchantLoginWithVerifyCode, { processToken, code, termsAccepted }, silent),
    verifyLoginEmail: (email: string) => client.post<{ match: boolean; email: string }>(PATHS.verifyLoginEmail, { email }, silent),
  };
}

export type MerchantLoginApi = ReturnType<typeof createMerchantLoginApi>;
