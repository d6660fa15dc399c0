import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { HttpClientProvider } from '@/lib/http-context';
import { ToastProvider } from '@/ui';
import { createAppHttpClient } from './api-client';
import { createAppRouter } from './router';
import { ThemeProvider } from './theme';
import { UkLoginModal } from './uk-login-modal';

/** The providers every page runs inside, then the router. */
export function App({ i18n }: { i18n: i18n }) {
  const [router] = useState(createAppRouter);
  const [client] = useState(() => createAppHttpClient(router, i18n));
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }));
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <HttpClientProvider client={client}>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <RouterProvider router={router} />
              <UkLoginModal />
            </ToastProvider>
          </QueryClientProvider>
        </HttpClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
