import { CALL_ROUTES } from '@causeway/contracts';
import { createAuthenticatorApi } from '@/lib/authenticator-api';
import type { HttpClient } from '@/lib/http-client';

export type { BindingStatus } from '@/lib/authenticator-api';

/** Calls of the security centre: the authenticator ones, the authenticator change and the password change. */
export function createSecurityApi(client: HttpClient) {
  return {
    ...createAuthenticatorApi(client),
    changePassword: (body: { oldPassword: string; password: string; confirmPassword: string; gaVerifyCode?: string }) =>
      client.call(CALL_ROUTES.passwordReinitialize, body, { silent: true }),
    /** account/check: read for `sensitiveActionsSuspendedUntil` (when selling and adding cards resume); silent, the page words a failure as "24 hours". */
    accountStatus: () => client.call(CALL_ROUTES.accountStatusCheck, undefined, { silent: true }),
    // The change modal says every refusal of these three in its place (the client toasts none of them).
    /** Starts a change: the new app's setup key and QR code (a new pending secret beside the bound one). */
    preCheckChange: () => client.call(CALL_ROUTES.preCheckChangeGoogleAuthenticator, undefined, { silent: true }),
    sendChangeCode: (email: string) =>
      client.call(
        CALL_ROUTES.verificationSendCode,
        { verifyBusiness: 'GA_CHANGE', email, nonInductiveVerification: true },
        { silent: true },
      ),
    changeAuthenticator: (body: { oldGaVerifyCode: string; emailVerifyCode: string; newGaVerifyCode: string }) =>
      client.call(CALL_ROUTES.changeGoogleAuthenticator, body, { silent: true }),
  };
}

export type SecurityApi = ReturnType<typeof createSecurityApi>;
