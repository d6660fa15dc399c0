import { CALL_ROUTES, type JoinUkEmailListResult } from '@causeway/contracts';
import { useState } from 'react';
import type { HttpClient } from './http-client.ts';
import { useHttpClient } from './http-context.tsx';
import { storedMode, type FlowMode } from './mode.ts';
import { useApiMutation } from './use-api-mutation.ts';
import { createSessionStore } from './session.ts';

/**
 * join-uk-email-list: puts an account's email on the list told when the UK opens: the account a
 * refused sign-in's ticket names (the 10000041 answer carries it), else the signed-in one.
 * Idempotent on the server (a second call answers `alreadyJoined: true`). Its errors are silent
 * (docs/rules/errors.md, SILENT_PATHS): no toast, so the caller must show them.
 */
export const joinUkEmailList = (client: HttpClient, ticket: string | null = null): Promise<JoinUkEmailListResult> =>
  client.call(CALL_ROUTES.joinUkEmailList, ticket ? { ticket } : undefined);

/** Where a join stands: not asked yet, on its way, done (perhaps earlier), or failed. */
export type UkEmailListState =
  { status: 'idle' } | { status: 'joining' } | { status: 'joined'; alreadyJoined: boolean } | { status: 'failed' };

export interface UkEmailListJoin {
  /** Only a known account can join (the server takes its email): a signed-in one, or the one a notice's ticket names. */
  canJoin: boolean;
  state: UkEmailListState;
  /** Joins the list; does nothing while a call is on its way or once joined. Never rejects. */
  join: () => Promise<void>;
}

/**
 * The UK list join shared by the UK login notice and the join-mailing-list page. `mode` is the
 * session the call goes out with: the HTTP client's current mode, which is the remembered one
 * (storedMode) everywhere but on sign-in pages. `ticket`: a refused sign-in's (the notice's), which
 * names the account without a session. Whether there is a session is read once, on mount.
 */
export function useJoinUkEmailList(mode: FlowMode = storedMode(), ticket: string | null = null): UkEmailListJoin {
  const client = useHttpClient();
  const [canJoin] = useState(() => ticket !== null || createSessionStore().getToken(mode) !== undefined);
  const joining = useApiMutation({ mutationFn: () => joinUkEmailList(client, ticket) });
  const state: UkEmailListState = joining.isPending
    ? { status: 'joining' }
    : joining.isSuccess
      ? { status: 'joined', alreadyJoined: joining.data.alreadyJoined }
      : joining.isError
        ? { status: 'failed' }
        : { status: 'idle' };

  async function join() {
    if (!canJoin || state.status === 'joining' || state.status === 'joined') return;
    // A failure is the state's ('failed'): nothing to catch here.
    await joining.mutateAsync().catch(() => undefined);
  }

  return { canJoin, state, join };
}
