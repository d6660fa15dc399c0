import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { isLanguage, languageOfTag } from '@causeway/translations';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { stripLocale } from '@/lib/locale-path';
import { Spinner } from '@/ui';
import { BareLayout } from './layouts/bare-layout';
import { MainLayout } from './layouts/main-layout';
import { SimpleHeaderLayout } from './layouts/simple-header-layout';
import { currentMode } from './current-mode';
import { headerFlags, layoutFor, localeAliasOf } from './route-rules';
import { loadTranslations } from './translations-loader';

// The help launcher comes after the page: it is the help widget's, which no page needs to be used
// (issue 16: it stays out of every first load, its English texts with it).
const HelpWidgetLoader = lazy(() => import('@/features/help/help-widget-loader').then((m) => ({ default: m.HelpWidgetLoader })));
// The business portal's layout (its menu and company header) loads with the first portal page: no
// individual's page, the sign-in page included, carries it in its first load.
// The questionnaire's trigger (spec §4): after the page, for the pages with chrome; it opens its dialog when due.
const QuestionnaireGate = lazy(() => import('@/features/questionnaire/questionnaire-gate'));
const BusinessLayout = lazy(() => import('./layouts/business-layout').then((m) => ({ default: m.BusinessLayout })));

const PAGE_LOADING = (
  <div className="flex min-h-[50vh] items-center justify-center">
    <Spinner size="lg" />
  </div>
);

/** The URL with its locale segment set to `lng`, the lng query parameter dropped and the hash kept. */
function localisedUrl(lng: string, path: string, search: string, hash: string): string {
  const params = new URLSearchParams(search);
  params.delete('lng');
  const query = params.toString();
  return `/${lng}${path === '/' ? '' : path}${query ? `?${query}` : ''}${hash}`;
}

/**
 * Root of every page under /:lng. The locale comes from the lng query parameter when it names a
 * supported language, else from the path, else en; the URL is rewritten to carry it as its first
 * segment. Either may name the language by another of its tags (zh-CN, zh-cn as in the help
 * centre's URLs, zh-Hans, en-US, EN): the URL then gets the canonical code in its place.
 * Picks the layout from the route rules and code-splits the page below it.
 */
export function LocaleRoot() {
  const { lng } = useParams();
  const location = useLocation();
  const { i18n } = useTranslation();
  const queryLng = new URLSearchParams(location.search).get('lng');
  const pathLng = isLanguage(lng) ? lng : undefined;
  const alias = pathLng ? undefined : localeAliasOf(location.pathname);
  const wanted = languageOfTag(queryLng) ?? pathLng ?? alias?.language ?? 'en';
  const path = pathLng ? stripLocale(location.pathname) : (alias?.rest ?? location.pathname);

  useEffect(() => {
    if (!pathLng) return;
    document.documentElement.lang = pathLng === 'zh' ? 'zh-CN' : 'en';
    void i18n.changeLanguage(pathLng);
    if (pathLng !== 'en' && !i18n.hasResourceBundle(pathLng, 'translation')) void loadTranslations(i18n, pathLng);
  }, [pathLng, i18n]);

  if (!pathLng || queryLng !== null) return <Navigate replace to={localisedUrl(wanted, path, location.search, location.hash)} />;

  const page = (
    <Suspense fallback={PAGE_LOADING}>
      <Outlet />
    </Suspense>
  );
  const layout = layoutFor(path);
  // The help widget stands beside the layout, not in it: moving between the main, business and
  // simple-header layouts keeps it (and a half-typed support request). Pages without chrome have none,
  // and neither has the Roma variant (docs/rules/screens.md).
  const roma = getSharedCookie(COOKIE_NAMES.isRoma) === 'true';
  return (
    <>
      {withLayout(layout, path, page)}
      {layout === 'bare' || roma ? null : (
        <Suspense fallback={null}>
          <HelpWidgetLoader />
        </Suspense>
      )}
      {layout === 'bare' ? null : (
        <Suspense fallback={null}>
          <QuestionnaireGate />
        </Suspense>
      )}
    </>
  );
}

function withLayout(layout: ReturnType<typeof layoutFor>, path: string, page: ReactNode) {
  switch (layout) {
    case 'bare':
      return <BareLayout>{page}</BareLayout>;
    case 'business':
      return (
        <Suspense fallback={PAGE_LOADING}>
          <BusinessLayout independent={currentMode() === 'businessIndependent'}>{page}</BusinessLayout>
        </Suspense>
      );
    case 'simpleHeader':
      return <SimpleHeaderLayout>{page}</SimpleHeaderLayout>;
    default:
      return <MainLayout flags={headerFlags(path)}>{page}</MainLayout>;
  }
}
