// How the web client treats some calls' answers, by path. Apart from paths.ts and read through the routes'
// namespace: a first load holds the few paths named here, never the PATHS object of every call.
import * as ROUTES from './calls/routes.generated.ts';

/**
 * docs/rules/errors.md: "Other errors with msg show it in a toast only for listed login and wallet paths
 * except bind-google-authenticator; logout and join-uk-email-list errors silent."
 */
export const TOAST_MESSAGE_PATH_PREFIXES = ['/capi/v1/login/', '/capi/v1/customer/wallet/', '/capi/v1/user/login/'] as const;
export const TOAST_MESSAGE_EXCLUDED_PATHS: readonly string[] = [ROUTES.bindGoogleAuthenticator.path];
// The client log is telemetry: its refusal (a 429 past its limits) is never shown to anyone.
export const SILENT_PATHS: readonly string[] = [ROUTES.logout.path, ROUTES.joinUkEmailList.path, ROUTES.clientLog.path];

/** Paths on which the client never refreshes the token (docs/rules/calls.md): the refresh call itself. */
export const NO_REFRESH_PATHS: readonly string[] = [ROUTES.refreshToken.path];
