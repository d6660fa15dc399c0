import { type HelpLocale, helpLocaleOf } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from '../texts';
import type { HelpApi } from '../api/help-api';
import { type HelpSecondaryPage, setHelpWidgetStatus } from '../help-widget-store';

/** What every part of the open widget shares. */
export interface HelpWidgetContextValue {
  api: HelpApi;
  /** Shows a page over the tabs, remembering what had focus so Back can return there. */
  openPage: (page: Exclude<HelpSecondaryPage, null>) => void;
  /** The tab content is on screen (panel open, no page over it): the promotions rotate only then. */
  tabsVisible: boolean;
}

export const HelpWidgetContext = createContext<HelpWidgetContextValue | null>(null);

export function useHelpWidget(): HelpWidgetContextValue {
  const value = useContext(HelpWidgetContext);
  if (!value) throw new Error('useHelpWidget must be used inside the help widget');
  return value;
}

/** The help-centre locale of every call: the page's language (docs/rules/calls.md, default en-us). */
export function useHelpLocale(): HelpLocale {
  const { i18n } = useTranslation();
  return helpLocaleOf(i18n.language);
}

/**
 * Help-desk content changes rarely: each answer is fetched once per page load and kept, so a
 * section opened again, or an article read twice, costs no second call. Retry refetches.
 */
const KEEP = { staleTime: Infinity } as const;

/** Articles carrying a label (the promotion cards, the suggested articles). */
export function useLabelledArticles(label: string) {
  const { api } = useHelpWidget();
  const locale = useHelpLocale();
  return useQuery({
    queryKey: ['help', locale, 'label', label],
    queryFn: ({ signal }) => api.articlesByLabel(locale, label, signal),
    ...KEEP,
  });
}

/** The Help tab's sections; asked for when the tab is first shown (its content mounts then). */
export function useSections() {
  const { api } = useHelpWidget();
  const locale = useHelpLocale();
  return useQuery({ queryKey: ['help', locale, 'sections'], queryFn: ({ signal }) => api.sections(locale, signal), ...KEEP });
}

/** One section's articles, asked for only once `enabled` (its first expansion). */
export function useSectionArticles(sectionId: number, enabled: boolean) {
  const { api } = useHelpWidget();
  const locale = useHelpLocale();
  return useQuery({
    queryKey: ['help', locale, 'section', sectionId],
    queryFn: ({ signal }) => api.sectionArticles(locale, sectionId, signal),
    enabled,
    ...KEEP,
  });
}

export function useArticle(articleId: number) {
  const { api } = useHelpWidget();
  const locale = useHelpLocale();
  return useQuery({
    queryKey: ['help', locale, 'article', articleId],
    queryFn: ({ signal }) => api.article(locale, articleId, signal),
    ...KEEP,
  });
}

/** Search results for a keyword the caller has trimmed and found non-blank. */
export function useSearchResults(keyword: string) {
  const { api } = useHelpWidget();
  const locale = useHelpLocale();
  return useQuery({ queryKey: ['help', locale, 'search', keyword], queryFn: ({ signal }) => api.search(locale, keyword, signal), ...KEEP });
}

/**
 * Tells the launcher the widget is ready (docs/rules/order-states.md) once the first view's data has settled,
 * loaded or failed: until then the launcher shows its spinner.
 */
export function useReportReady(settled: boolean) {
  useEffect(() => {
    if (settled) setHelpWidgetStatus('ready');
  }, [settled]);
}
