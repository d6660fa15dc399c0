import { CALL_ROUTES } from '@causeway/contracts';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import type { HttpClient } from '@/lib/http-client';
import { useApiMutation } from '@/lib/use-api-mutation';
import { Spinner } from '@/ui';
import { DeskProvider, useDeskCall, useDeskSessions } from '../api/desk-api';
import { DeskLayout } from '../components/desk-layout';
import { DeskSignIn } from '../components/desk-sign-in';
import { type DeskSession, type DeskSessionStore, deskSessions } from '../desk-session';
import { screensFor } from '../desk-screens';
import { useTranslation } from '../texts';

/**
 * /:lng/desk/* (docs/rules/operator-desk.md): the operator's desk, apart from the person's app: its own
 * sign-in and token, its own query cache (dropped at sign-out), and a menu of the screens the role may open.
 * `client` and `sessions` are for tests; the app passes neither.
 */
export function DeskPage({ client, sessions = deskSessions }: { client?: HttpClient; sessions?: DeskSessionStore }) {
  const [session, setSession] = useState<DeskSession | undefined>(() => sessions.load());
  const [notice, setNotice] = useState<string>();
  // The desk's own cache: nothing an operator saw stays in the app's, and signing out forgets it all.
  const [queries] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  const { t } = useTranslation();
  const ended = useCallback(() => {
    queries.clear();
    setSession(undefined);
    setNotice(t('desk.signIn.sessionEnded'));
  }, [queries, t]);

  return (
    <QueryClientProvider client={queries}>
      <DeskProvider {...(client ? { client } : {})} sessions={sessions} onSessionEnded={ended}>
        {session ? (
          <SignedIn
            session={session}
            onSignedOut={() => {
              queries.clear();
              setSession(undefined);
              setNotice(t('desk.signIn.signedOut'));
            }}
          />
        ) : (
          <DeskSignIn
            notice={notice}
            onSignedIn={(answer) => {
              sessions.save(answer);
              setNotice(undefined);
              setSession(answer);
            }}
          />
        )}
      </DeskProvider>
    </QueryClientProvider>
  );
}

function SignedIn({ session, onSignedOut }: { session: DeskSession; onSignedOut: () => void }) {
  const { t } = useTranslation();
  const { lng = 'en', '*': splat = '' } = useParams();
  const call = useDeskCall();
  const sessions = useDeskSessions();
  const queries = useQueryClient();
  const signOut = useApiMutation({
    mutationFn: () => call(CALL_ROUTES.deskSignOut, {}),
    // Signed out on this page whatever the answer: the token is forgotten here either way.
    onSettled: () => {
      sessions.clear();
      queries.clear();
      onSignedOut();
    },
  });

  const base = `/${lng}/desk`;
  const screens = screensFor(session.operator.permissions);
  const [path, ...rest] = splat.split('/').filter(Boolean);
  const shown = screens.find((screen) => screen.path === path);
  if (!shown) return screens[0] ? <Navigate replace to={`${base}/${screens[0].path}`} /> : null;

  return (
    <DeskLayout
      operator={session.operator}
      screens={screens}
      current={shown.path}
      base={base}
      onSignOut={() => signOut.mutate()}
      signingOut={signOut.isPending}
    >
      <Suspense fallback={<Spinner size="lg" className="self-center py-10" label={t('desk.loading')} />}>
        <shown.Screen rest={rest} base={`${base}/${shown.path}`} operator={session.operator} />
      </Suspense>
    </DeskLayout>
  );
}

export default DeskPage;
