import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { UserMenu } from '@/features/account/components/user-menu';
import { AgreementsGateLoader } from '@/features/agreements/agreements-gate-loader';
import { AdditionalVerificationBanner } from '@/features/verification/components/additional-verification-banner';
import { CorporateGate } from '../corporate-gate';
import { currentMode } from '../current-mode';
import { LanguageSwitch } from '../language-switch';
import { ThemeToggle } from '../theme-toggle';
import { BrandMark } from './brand-mark';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

// The UK layout's notice (docs/rules/uk-and-countries.md): its own chunk, so no first load carries it.
const UkNotice = lazy(() => import('../uk-notice'));

export interface MainLayoutProps {
  /** Header flags of docs/rules/screens.md: home on /dashboard, buy on the buy pages. */
  flags: { home: boolean; buy: boolean };
  children: ReactNode;
}

// The merchant console's link: its own chunk, fetched when a signed-in individual opens the menu (no first load carries it).
const MerchantConsoleMenuLink = lazy(() => import('@/features/merchant-console/components/menu-link'));

const navLink =
  'whitespace-nowrap rounded-full px-3 py-2 text-sm font-medium text-muted hover:text-fg aria-[current=page]:bg-surface-2 aria-[current=page]:text-fg';

/** The main chrome: header with brand, primary navigation, language and theme; then the page. */
export function MainLayout({ flags, children }: MainLayoutProps) {
  const { t } = useTranslation();
  const { lng } = useParams();
  return (
    <div className="min-h-dvh bg-bg text-fg">
      <CorporateGate />
      <AgreementsGateLoader />
      <SkipLink />
      <header className="border-b border-line bg-surface">
        {/* One row at 360 px too (issue 14): the brand shows its mark alone there, the language its short name. */}
        <div className="mx-auto flex max-w-6xl flex-nowrap items-center gap-2 px-4 py-3">
          <Link to={`/${lng}/dashboard`} aria-current={flags.home ? 'page' : undefined} className="mr-auto shrink-0 rounded-lg">
            <BrandMark compact />
          </Link>
          <nav aria-label={t('common.mainNavigation')} className="flex items-center gap-1">
            <Link to={`/${lng}/buy-crypto`} aria-current={flags.buy ? 'page' : undefined} className={navLink}>
              {t('common.buyCrypto')}
            </Link>
          </nav>
          <LanguageSwitch />
          <span className="max-sm:hidden">
            <ThemeToggle />
          </span>
          <UserMenu lng={lng ?? 'en'} mode={currentMode()} darkModeToggle={<ThemeToggle />} ConsoleLink={MerchantConsoleMenuLink} />
        </div>
      </header>
      <Suspense fallback={null}>
        <UkNotice />
      </Suspense>
      <AdditionalVerificationBanner />
      <main id={MAIN_CONTENT_ID} className="mx-auto max-w-6xl px-4 pt-6 pb-24">
        {children}
      </main>
    </div>
  );
}
