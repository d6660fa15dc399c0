import type { DeskOperatorView } from '@causeway/contracts';
import { createStorage, type KeyValueStore } from '@/lib/storage';

/** A desk session as the browser keeps it: its token, its end, and who signed in. */
export interface DeskSession {
  token: string;
  expiresAt: string;
  operator: DeskOperatorView;
}

const KEY = 'causeway.desk.session';

/**
 * The desk's own token store, apart from the person's (lib/session): the tab's session storage, so
 * closing the tab forgets it, and the entry expires with the session's absolute end. The token travels
 * in the operator-token header only, never in a cookie.
 */
export function createDeskSessionStore(store: KeyValueStore = createStorage({ storage: () => globalThis.sessionStorage })) {
  return {
    load: (): DeskSession | undefined => store.getItem<DeskSession>(KEY),
    save(session: DeskSession, now = Date.now()): void {
      store.setItem(KEY, session, Math.max(0, Date.parse(session.expiresAt) - now));
    },
    clear: (): void => store.removeItem(KEY),
  };
}

export type DeskSessionStore = ReturnType<typeof createDeskSessionStore>;

/** The tab's desk session store. */
export const deskSessions: DeskSessionStore = createDeskSessionStore();
