import { CALL_ROUTES, type LoginMode } from '@causeway/contracts';
import type { HttpClient } from '@/lib/http-client';

/** The calls of sign-in with the identity provider (docs/rules/calls.md "OAuth sign-in"). Silent: the button and the callback page say what failed. */
export function createOauthApi(client: HttpClient) {
  return {
    config: () => client.call(CALL_ROUTES.oauthConfig, undefined, { silent: true }),
    ticket: () => client.call(CALL_ROUTES.oauthTimeoutTicket, undefined, { silent: true }),
    authorizeUrl: (body: { ticket: string; browserSecret: string; redirectUri: string }) =>
      client.call(CALL_ROUTES.oauthAuthorizeUrl, body, { silent: true }),
    login: (body: {
      code: string;
      state: string;
      browserSecret: string;
      redirectUri: string;
      termsAccepted: boolean;
      isRoma: boolean;
      loginMode: LoginMode;
      stayLoggedIn: boolean;
    }) => client.call(CALL_ROUTES.oauthLoginWithBinance, body, { silent: true }),
  };
}
