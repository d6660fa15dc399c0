import { CALL_ROUTES } from '@causeway/contracts';
import { createAuthenticatorApi } from '@/lib/authenticator-api';
import type { HttpClient } from '@/lib/http-client';

export type { BindingStatus } from '@/lib/authenticator-api';

/** Calls of the security centre: the authenticator ones and the password change. */
export function createSecurityApi(client: HttpClient) {
  return {
    ...createAuthenticatorApi(client),
    changePassword: (body: { oldPassword: string; password: string; confirmPassword: string; gaVerifyCode?: string }) =>
      client.call(CALL_ROUTES.passwordReinitialize, body, { silent: true }),
  };
}

export type SecurityApi = ReturnType<typeof createSecurityApi>;
