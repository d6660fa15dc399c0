import { createHttpClient, type HttpClient, type HttpClientOptions } from './http-client.ts';
import type { HttpErrorHandlers } from './http-errors.ts';
import type { SessionStore } from './session.ts';

/** A session store that holds nothing: no token or entity is ever read or kept. */
const NO_SESSION: SessionStore = {
  getToken: () => undefined,
  setToken: async () => false,
  clearToken: () => {},
  getEntity: () => undefined,
  setEntity: () => {},
  clearEntity: () => {},
};

/** No reaction to any failure: every call's own caller shows it. */
const NO_HANDLERS: HttpErrorHandlers = {
  onAuthError: () => {},
  onServicesUnavailable: () => {},
  onSomethingWentWrong: () => {},
  onUkLogin: () => {},
  toast: () => {},
};

/**
 * An HTTP client for pages whose calls carry their own credential (e.g. the file-upload page's
 * ticket). It sends no session token or entity, never refreshes a token, and no failure reaches
 * a handler: a stale session left in this browser by some other visit is neither sent nor
 * refreshed, and a 401 never sends the person to a login page they have no reason to see.
 */
export function createSessionFreeHttpClient(options: Pick<HttpClientOptions, 'baseUrl' | 'fetch' | 'timeoutMs'> = {}): HttpClient {
  return createHttpClient({
    ...options,
    getMode: () => 'individual',
    isOnLoginPage: () => true,
    session: NO_SESSION,
    handlers: NO_HANDLERS,
  });
}
