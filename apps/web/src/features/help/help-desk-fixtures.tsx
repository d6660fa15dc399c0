export { deferred } from '@/test/deferred';
import {
  HELP_DESK_URLS,
  type HelpArticleJson,
  type HelpLocale,
  type HelpSearchResultJson,
  type HelpSectionJson,
  PATHS,
  PROMOTION_LABEL,
  SUGGESTED_LABEL,
} from '@causeway/contracts';
import { bundledTranslations, type Language } from '@causeway/translations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { HttpClientProvider } from '@/lib/http-context';
import { createI18n } from '@/lib/i18n';
import { businessError, routedHttpClient } from '@/test/routed-http-client';
import { HelpWidgetLoader } from './help-widget-loader';
import { setHelpOpen } from './help-widget-store';

/**
 * The help widget's test kit: a fake help desk behind `routedHttpClient`. The widget names a
 * Zendesk path in the body of zendesk/request; the fake answers by that path, wrapping the
 * Zendesk JSON as the server does (`{data: "<JSON as text>"}`).
 */

/** Answers one Zendesk path: return its JSON (or a promise of it), or throw to fail the call. */
export type DeskRoute = (params: Record<string, string> | undefined) => unknown;

export function fakeHelpDesk(routes: Record<string, DeskRoute> = {}) {
  const fake = routedHttpClient({
    [PATHS.helpDeskRequest]: async (body: { url: string; params?: Record<string, string> }) => {
      const route = routes[body.url];
      if (!route) throw businessError(PATHS.helpDeskRequest, 'REQ0000404', `No help-desk route for ${body.url}`);
      return { data: JSON.stringify(await route(body.params)) };
    },
  });
  /** The Zendesk paths asked for, in order (with their params). */
  const deskCalls = () =>
    (fake.bodiesOf(PATHS.helpDeskRequest) as Array<{ url: string; params?: Record<string, string> }>).map(({ url, params }) => ({
      url,
      params,
    }));
  /** How many times a Zendesk path was asked for. */
  const callsTo = (url: string) => deskCalls().filter((call) => call.url === url).length;
  return { ...fake, routes, deskCalls, callsTo };
}

export const helpArticle = (id: number, title: string, overrides: Partial<HelpArticleJson> = {}): HelpArticleJson => ({
  id,
  title,
  body: `<p>${title}: the details.</p>`,
  updated_at: '2026-03-12T14:05:00Z',
  section_id: null,
  label_names: [],
  html_url: `https://help.example.com/hc/en-us/articles/${id}`,
  locale: 'en-us',
  ...overrides,
});

export const helpSection = (id: number, name: string): HelpSectionJson => ({ id, name, description: '', position: id });

export const searchHit = (id: number, title: string): HelpSearchResultJson => ({
  id,
  title,
  snippet: `${title} snippet`,
  section_id: null,
  html_url: `https://help.example.com/hc/en-us/articles/${id}`,
  updated_at: '2026-03-12T14:05:00Z',
});

/** The label route of the Home tab: promotions and suggested articles (empty unless given). */
export function homeRoutes(
  { promotions = [], suggested = [] }: { promotions?: HelpArticleJson[]; suggested?: HelpArticleJson[] } = {},
  locale: HelpLocale = 'en-us',
): Record<string, DeskRoute> {
  return {
    [HELP_DESK_URLS.articlesByLabel(locale)]: (params) => ({
      articles: params?.label_names === PROMOTION_LABEL ? promotions : params?.label_names === SUGGESTED_LABEL ? suggested : [],
    }),
  };
}

export interface RenderHelpOptions {
  desk?: ReturnType<typeof fakeHelpDesk>;
  lng?: Language;
  ui?: ReactElement;
  /** Options of userEvent.setup (fake timers pass advanceTimers). */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

/** Renders the launcher (or `ui`) with the texts, a retry-free query client and the fake desk. */
export function renderHelp({
  desk = fakeHelpDesk(homeRoutes()),
  lng = 'en',
  ui = <HelpWidgetLoader />,
  userOptions,
}: RenderHelpOptions = {}) {
  const i18n = createI18n(lng);
  if (lng !== 'en') i18n.addResourceBundle(lng, 'translation', bundledTranslations[lng]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <HttpClientProvider client={desk.client}>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </HttpClientProvider>
    </I18nextProvider>,
  );
  return { ...view, ...desk, desk, i18n, user: userEvent.setup(userOptions) };
}

/** Renders the launcher over a fake desk (the Home routes answer empty unless `routes` say otherwise) and opens the widget. */
export async function openHelpWidget(routes: Record<string, DeskRoute> = {}, options: Omit<RenderHelpOptions, 'desk'> = {}) {
  const view = renderHelp({ desk: fakeHelpDesk({ ...homeRoutes(), ...routes }), ...options });
  act(() => setHelpOpen(true));
  await screen.findByRole('dialog');
  return view;
}
