import type { i18n } from 'i18next';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createAppHttpClient } from './api-client';
import { AppProviders } from './app-providers';
import { createAppRouter } from './router';
import { UkLoginModal } from './uk-login-modal';
import { routerFlushSync } from '@/lib/router-flush-sync';

/** The app: its providers, then the router, plus the UK notice any call may open. */
export function App({ i18n }: { i18n: i18n }) {
  const [router] = useState(createAppRouter);
  const [client] = useState(() => createAppHttpClient(router, i18n));
  return (
    <AppProviders i18n={i18n} client={client}>
      <RouterProvider router={router} flushSync={routerFlushSync} />
      <UkLoginModal />
    </AppProviders>
  );
}
