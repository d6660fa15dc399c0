import { CALL_ROUTES, type CallInput } from '@causeway/contracts';
import type { BotCheck } from '@/lib/bot-check';
import type { HttpClient } from '@/lib/http-client';

/**
 * The merchant sign-in calls (kyc/...) and the session check of skip-login. All silent: the page
 * shows their errors inline, and a dead session on skip-login just means signing in again.
 */
/** The merchant's signed entry, as the page read it from the link: the server checks its fields and signature. */
type SignedEntry = CallInput<typeof CALL_ROUTES.merchantSharedKycLogin>['entry'];

export function createMerchantLoginApi(client: HttpClient, botCheck: BotCheck) {
  const silent = { silent: true };
  return {
    start: (entry: Record<string, string>, skipLogin: boolean) =>
      client.call(CALL_ROUTES.merchantSharedKycLogin, { entry: entry as SignedEntry, skipLogin, loginMode: 'independent' }, silent),
    sendCode: async (processToken: string) =>
      client.call(CALL_ROUTES.merchantSendVerifyCode, { processToken, recaptchaToken: await botCheck.token('send_code') }, silent),
    submitNewEmail: async (processToken: string, email: string) =>
      client.call(CALL_ROUTES.merchantSubmitNewEmail, { processToken, email, recaptchaToken: await botCheck.token('send_code') }, silent),
    selectAccount: (processToken: string, selectAccount: 'LINKED' | 'EMAIL') =>
      client.call(CALL_ROUTES.merchantLoginWithBindingAccount, { processToken, selectAccount }, silent),
    loginWithCode: (processToken: string, code: string, termsAccepted: boolean) =>
      client.call(CALL_ROUTES.merchantLoginWithVerifyCode, { processToken, code, termsAccepted }, silent),
    verifyLoginEmail: (email: string) => client.call(CALL_ROUTES.verifyLoginEmail, { email }, silent),
  };
}

export type MerchantLoginApi = ReturnType<typeof createMerchantLoginApi>;
