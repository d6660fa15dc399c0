import { z } from 'zod';
import { loginModeSchema } from './identity.ts';

/**
 * Signing in with an outside identity provider (docs/rules/calls.md "OAuth sign-in"; decision 013):
 * OpenID Connect's authorization code flow with PKCE. The state that goes out and comes back is
 * oauth/get-timeout-ticket's ticket; the PKCE verifier never reaches the browser (the server derives it
 * from the ticket).
 */

/** oauth/config: whether the button shows, and the provider's name on it. */
export const oauthConfigResultSchema = z.object({
  enabled: z.boolean().describe('false when OAUTH_PROVIDER=none: the sign-in pages show no provider button'),
  displayName: z.string().nullable().describe('OAUTH_DISPLAY_NAME ("Binance" unless set); null when off'),
});
export type OauthConfig = z.infer<typeof oauthConfigResultSchema>;

/** A ticket as get-timeout-ticket answers it (the signed claims' body and HMAC), as the state parameter carries it. */
const ticketSchema = z
  .string()
  .min(16)
  .max(1024)
  .regex(/^[\w.-]+$/, 'must be the ticket get-timeout-ticket answered');

/**
 * Our own callback page, which the provider sends the person back to: an absolute http(s) URL ending in
 * /<language>/oauth-callback (the server also checks its origin against PUBLIC_URL).
 */
export const oauthRedirectUriSchema = z
  .url({ protocol: /^https?$/, message: 'must be the absolute http(s) address of the oauth-callback page' })
  .max(2048);

/**
 * A random value the browser keeps for one sign-in (sessionStorage), never in an address: the server
 * derives the PKCE verifier from it and the ticket, so a leaked callback address (its code and state)
 * cannot be redeemed from another browser. 128 bits or more, base64url.
 */
export const oauthBrowserSecretSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,128}$/, 'must be the 22 to 128 base64url characters this sign-in started with');

/** oauth/authorize-url: the provider's sign-in address for a ticket. */
export const oauthAuthorizeUrlBodySchema = z.object({
  ticket: ticketSchema,
  browserSecret: oauthBrowserSecretSchema,
  redirectUri: oauthRedirectUriSchema,
});
export const oauthAuthorizeUrlResultSchema = z.object({
  url: z.string().describe("the provider's authorization address: the browser goes there (PKCE challenge and nonce included)"),
});

/** oauth/login-with-binance: the code the provider sent back, and the ticket as the state it came back with. */
export const oauthLoginBodySchema = z.object({
  code: z.string().min(1).max(2048),
  state: ticketSchema.describe('the ticket, as the provider sent it back in `state`'),
  browserSecret: oauthBrowserSecretSchema.describe('the value the same browser sent to oauth/authorize-url'),
  redirectUri: oauthRedirectUriSchema
    .optional()
    .describe('the redirect_uri of the authorization request (default: PUBLIC_URL + /en/oauth-callback)'),
  /** For a new account: the terms the button's line names, accepted by continuing. */
  termsAccepted: z.boolean().default(false),
  /** The Roma channel: a new account accepts its terms (TERMROMA), as the email sign-up does. */
  isRoma: z.boolean().optional(),
  loginMode: loginModeSchema.default('individual'),
  stayLoggedIn: z.boolean().default(false),
});
export type OauthLoginBody = z.infer<typeof oauthLoginBodySchema>;

/** The web page the provider sends the person back to: /<language>/oauth-callback. */
export const OAUTH_CALLBACK_PAGE = 'oauth-callback';

/** Whether a path is a language's oauth-callback page (the origin is the server's to check, against PUBLIC_URL). */
export const isOauthCallbackPath = (pathname: string): boolean => /^\/[a-z]{2}\/oauth-callback$/.test(pathname);
