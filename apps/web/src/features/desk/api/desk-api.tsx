import {
  CALL_ROUTES,
  type CallDefinition,
  type CallInput,
  type CallResult,
  type CallRoute,
  DESK_SESSION_HEADER,
} from '@causeway/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { HttpClient } from '@/lib/http-client';
import { createSessionFreeHttpClient } from '@/lib/session-free-http-client';
import { isDeskSessionEnded } from '../desk-errors';
import { type DeskSessionStore, deskSessions } from '../desk-session';

type Result<R extends keyof typeof CALL_ROUTES> = CallResult<(typeof CALL_ROUTES)[R]>;
export type DeskPeople = Result<'deskPeople'>;
export type DeskPerson = Result<'deskPerson'>;
export type DeskOrdersWaiting = Result<'deskOrdersWaiting'>;
export type DeskTrialBalance = Result<'deskTrialBalance'>;
export type DeskAuditLog = Result<'deskAuditLog'>;
export type DeskOperators = Result<'deskOperators'>;
export type DeskSignInStep = Result<'deskSignInPassword'>;
export type DeskSessionAnswer = Result<'deskSignInCode'>;

interface DeskContextValue {
  /** A client that sends no person's token and reacts to nothing (lib/session-free-http-client): the desk words every refusal. */
  client: HttpClient;
  sessions: DeskSessionStore;
  /** Called when a call finds the desk session gone: the page goes back to the sign-in. */
  onSessionEnded: () => void;
}

const DeskContext = createContext<DeskContextValue | null>(null);

let defaultClient: HttpClient | undefined;

/**
 * The desk's HTTP wiring: its own client (no person's token, no app reactions) and its own session store.
 * Tests pass a routed client and a memory store.
 */
export function DeskProvider({
  client,
  sessions = deskSessions,
  onSessionEnded,
  children,
}: {
  client?: HttpClient;
  sessions?: DeskSessionStore;
  onSessionEnded: () => void;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({ client: client ?? (defaultClient ??= createSessionFreeHttpClient()), sessions, onSessionEnded }),
    [client, sessions, onSessionEnded],
  );
  return <DeskContext.Provider value={value}>{children}</DeskContext.Provider>;
}

function useDesk(): DeskContextValue {
  const desk = useContext(DeskContext);
  if (!desk) throw new Error('the desk calls need DeskProvider');
  return desk;
}

/** One desk call with the desk session's token in its header; a call that finds the session gone ends it on the page. */
export type DeskCall = <D extends CallDefinition>(route: CallRoute<D>, input?: CallInput<D>) => Promise<CallResult<D>>;

export function useDeskCall(): DeskCall {
  const { client, sessions, onSessionEnded } = useDesk();
  return useMemo<DeskCall>(
    () =>
      async <D extends CallDefinition>(route: CallRoute<D>, input?: CallInput<D>) => {
        const token = sessions.load()?.token;
        try {
          return await (client.call as (r: CallRoute<D>, i: unknown, o: unknown) => Promise<CallResult<D>>)(route, input, {
            headers: token ? { [DESK_SESSION_HEADER]: token } : {},
          });
        } catch (error) {
          if (isDeskSessionEnded(error)) {
            sessions.clear();
            onSessionEnded();
          }
          throw error;
        }
      },
    [client, sessions, onSessionEnded],
  );
}

/** The session store the desk page reads and the sign-in writes. */
export const useDeskSessions = (): DeskSessionStore => useDesk().sessions;

/** The query keys: all under 'desk', so signing out drops every answer an operator saw. */
export const DESK_KEYS = {
  all: ['desk'] as const,
  people: (q: string, page: number) => ['desk', 'people', q, page] as const,
  person: (userId: string) => ['desk', 'person', userId] as const,
  ordersWaiting: ['desk', 'orders-waiting'] as const,
  trialBalance: ['desk', 'trial-balance'] as const,
  auditLog: (operatorId: string, action: string, page: number) => ['desk', 'audit-log', operatorId, action, page] as const,
  operators: ['desk', 'operators'] as const,
};

export function usePeople(q: string, page: number) {
  const call = useDeskCall();
  return useQuery({
    queryKey: DESK_KEYS.people(q, page),
    queryFn: () => call(CALL_ROUTES.deskPeople, { q, page }),
    placeholderData: keepPreviousData,
  });
}

export function usePerson(userId: string) {
  const call = useDeskCall();
  return useQuery({ queryKey: DESK_KEYS.person(userId), queryFn: () => call(CALL_ROUTES.deskPerson, { userId }) });
}

export function useOrdersWaiting() {
  const call = useDeskCall();
  return useQuery({ queryKey: DESK_KEYS.ordersWaiting, queryFn: () => call(CALL_ROUTES.deskOrdersWaiting) });
}

export function useTrialBalance() {
  const call = useDeskCall();
  return useQuery({ queryKey: DESK_KEYS.trialBalance, queryFn: () => call(CALL_ROUTES.deskTrialBalance) });
}

export function useAuditLog(filter: { operatorId: string; action: string; page: number }) {
  const call = useDeskCall();
  return useQuery({
    queryKey: DESK_KEYS.auditLog(filter.operatorId, filter.action, filter.page),
    queryFn: () =>
      call(CALL_ROUTES.deskAuditLog, {
        page: filter.page,
        ...(filter.operatorId ? { operatorId: filter.operatorId } : {}),
        ...(filter.action ? { action: filter.action } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOperators() {
  const call = useDeskCall();
  return useQuery({ queryKey: DESK_KEYS.operators, queryFn: () => call(CALL_ROUTES.deskOperators) });
}
