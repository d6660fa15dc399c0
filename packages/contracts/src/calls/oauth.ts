import { loginResultSchema } from '../identity.ts';
import { oauthAuthorizeUrlBodySchema, oauthAuthorizeUrlResultSchema, oauthConfigResultSchema, oauthLoginBodySchema } from '../oauth.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

const signIn = ['sign-in'];

/** Signing in with the outside identity provider (/capi/v1/login/oauth); the ticket call is SIGN_IN_CALLS.oauthTimeoutTicket. */
export const OAUTH_CALLS = {
  oauthConfig: defineCall({
    method: 'GET',
    path: PATHS.oauthConfig,
    caller: 'public',
    tags: signIn,
    summary: 'Whether sign-in with the identity provider is offered, and its name on the button',
    result: oauthConfigResultSchema,
  }),
  oauthAuthorizeUrl: defineCall({
    method: 'POST',
    path: PATHS.oauthAuthorizeUrl,
    caller: 'public',
    tags: signIn,
    summary: "The identity provider's sign-in address for a ticket (state, nonce and PKCE challenge made by the server)",
    body: oauthAuthorizeUrlBodySchema,
    result: oauthAuthorizeUrlResultSchema,
  }),
  oauthLoginWithBinance: defineCall({
    method: 'POST',
    path: PATHS.oauthLoginWithBinance,
    caller: 'public',
    tags: signIn,
    summary: "Sign in, or sign up, with the identity provider's code and the ticket it sent back as state",
    body: oauthLoginBodySchema,
    result: loginResultSchema,
  }),
} as const;
