import type { QueryClient } from '@tanstack/react-query';
import type { FlowMode } from './mode.ts';
import { type SessionStore, tokenRecordOf } from './session.ts';

/**
 * Keeps a new session's token (a sign-in, or a rotation such as the entity switch) and drops
 * every cached answer: whatever was cached (who is signed in, the account info) belonged to the
 * session before, so nothing of it may show after. The counterpart of useLogout's clear.
 */
export async function beginSession(
  queries: QueryClient,
  session: SessionStore,
  mode: FlowMode,
  token: { token: string; validTime: number },
): Promise<void> {
  await session.setToken(mode, tokenRecordOf(token));
  queries.clear();
}
