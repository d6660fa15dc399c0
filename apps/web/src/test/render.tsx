import { bundledTranslations, type Language } from '@causeway/translations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import { type ReactElement, type ReactNode, StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, parsePath, RouterProvider, useLocation } from 'react-router';
import type { HttpClient } from '@/lib/http-client';
import { HttpClientProvider } from '@/lib/http-context';
import { createI18n } from '@/lib/i18n';
import { routerFlushSync } from '@/lib/router-flush-sync';

/** The app's i18n instance in `lng`, holding that language's bundled texts (English stays the fallback). */
export function testI18n(lng: Language = 'en') {
  const i18n = createI18n(lng);
  if (lng !== 'en') i18n.addResourceBundle(lng, 'translation', bundledTranslations[lng]);
  return i18n;
}

/**
 * Renders a component with the bundled English texts, as the app does before remote texts
 * arrive; or in another language (`lng`) with its bundled texts.
 */
export function renderWithI18n(ui: ReactElement, options?: RenderOptions, lng: Language = 'en') {
  const i18n = testI18n(lng);
  const Wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return render(ui, { wrapper: Wrapper, ...options });
}

/** Stands in for every other page: shows where a link or navigation led. */
function ElsewherePage() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

export interface RenderPageOptions {
  /** The page's route pattern, e.g. `/:lng/user-blocked`. */
  path: string;
  /** The URL to open, e.g. `/en/user-blocked?code=AC100003`. */
  url: string;
  /** The HTTP client of the page's queries; pages without calls need none. */
  client?: HttpClient;
  /** Wraps the whole tree in StrictMode, as main.tsx does (development double effects included). */
  strict?: boolean;
  /** The router state the page is opened with (what a navigate(..., { state }) to it would carry). */
  state?: unknown;
}

/**
 * Renders one page at `url` with the English texts, a memory router (any other path shows an
 * "elsewhere" placeholder with its URL) and, for pages that query, a retry-free query client.
 */
export function renderPage(page: ReactElement, { path, url, client, strict = false, state }: RenderPageOptions) {
  const i18n = createI18n('en');
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <ElsewherePage /> },
    ],
    { initialEntries: [state === undefined ? url : { ...parsePath(url), state }] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routed = (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} flushSync={routerFlushSync} />
      </QueryClientProvider>
    </I18nextProvider>
  );
  const tree = client ? <HttpClientProvider client={client}>{routed}</HttpClientProvider> : routed;
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...view, router, i18n };
}
