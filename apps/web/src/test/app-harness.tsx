import { PATHS } from '@causeway/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/app-providers';
import { routes } from '@/app/router';
import type { HttpClient } from '@/lib/http-client';
import { createI18n } from '@/lib/i18n';
import { HEALTHY, routedHttpClient } from './routed-http-client';
import { routerFlushSync } from '@/lib/router-flush-sync';

export interface RenderAppOptions {
  i18n?: I18n;
  client?: HttpClient;
}

/**
 * Renders the app's routes at `url` inside the providers App sets up (minus the real HTTP
 * client), with a memory router. `remount()` unmounts and renders the same URL afresh.
 */
export function renderApp(url: string, options: RenderAppOptions = {}) {
  const i18n = options.i18n ?? createI18n('en');
  const client = options.client ?? routedHttpClient({ [PATHS.health]: () => HEALTHY }).client;
  const mount = (entry: string) => {
    const router = createMemoryRouter(routes, { initialEntries: [entry] });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(
      <AppProviders i18n={i18n} client={client} queryClient={queryClient}>
        <RouterProvider router={router} flushSync={routerFlushSync} />
      </AppProviders>,
    );
    return { router, view };
  };
  let current = mount(url);
  return {
    i18n,
    get router() {
      return current.router;
    },
    /** The router's current path and query, e.g. `/en/sandbox?x=1`. */
    location: () => `${current.router.state.location.pathname}${current.router.state.location.search}`,
    remount() {
      current.view.unmount();
      current = mount(url);
    },
  };
}
