import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { HttpClient } from '@/lib/http-client';
import { HttpClientProvider } from '@/lib/http-context';
import { ToastProvider } from '@/ui';
import { ThemeProvider } from './theme';

export interface AppProvidersProps {
  i18n: i18n;
  client: HttpClient;
  queryClient?: QueryClient;
  children: ReactNode;
}

const createQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

/** The providers every page runs inside: texts, theme, HTTP client, server state, toasts. */
export function AppProviders({ i18n, client, queryClient, children }: AppProvidersProps) {
  const [ownQueryClient] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <HttpClientProvider client={client}>
          <QueryClientProvider client={ownQueryClient}>
            <ToastProvider>{children}</ToastProvider>
          </QueryClientProvider>
        </HttpClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
