import { CALL_ROUTES } from '@causeway/contracts';
import type { HttpClient } from './http-client.ts';
import type { FlowMode } from './mode.ts';
import { createSessionStore } from './session.ts';

/**
 * Logout (docs/rules/order-states.md): revokes the session on the server (silently: a dead token is fine) and clears
 * the mode's token. The caller then goes to the mode's login page.
 */
export async function endSession(client: HttpClient, mode: FlowMode): Promise<void> {
  await client.call(CALL_ROUTES.logout, undefined, { silent: true }).catch(() => undefined);
  createSessionStore().clearToken(mode);
}
