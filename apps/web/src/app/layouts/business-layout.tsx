import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { UserMenu } from '@/features/account/components/user-menu';
import { AgreementsGateLoader } from '@/features/agreements/agreements-gate-loader';
import { useCompanyHeader } from '@/lib/company-header';
import { storage } from '@/lib/storage';
import { currentMode } from '../current-mode';
import { LanguageSwitch } from '../language-switch';
import { ThemeToggle } from '../theme-toggle';
import { BrandMark } from './brand-mark';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

// The UK layout's notice (docs/rules/uk-and-countries.md): its own chunk, so no first load carries it.
const UkNotice = lazy(() => import('../uk-notice'));

/** Remembers whether the portal's left menu is collapsed (open by default on wider screens, docs/rules/screens.md). */
export const PORTAL_MENU_COLLAPSED_KEY = 'causeway.portalMenuCollapsed';

/** Portal menu of docs/rules/screens.md; Verification Center shows only outside independent mode. */
export const PORTAL_MENU = [
  { key: 'home', path: 'corporation-portal/home', icon: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z' },
  { key: 'transaction', path: 'corporation-portal/transaction', icon: 'M4 8h14l-4-4M20 16H6l4 4' },
  {
    key: 'verificationCenter',
    path: 'corporation-portal/kyb-status',
    icon: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5',
    hiddenWhenIndependent: true,
  },
  { key: 'transactionHistory', path: 'corporation-portal/history', icon: 'M12 7v5l3 2M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5' },
  {
    key: 'accountManagement',
    path: 'corporation-portal/account-management',
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  },
  { key: 'securityCenter', path: 'corporation-portal/setting', icon: 'M6 10V8a6 6 0 0 1 12 0v2M5 10h14v11H5zM12 14v3' },
] as const;

/** Phones start with the menu collapsed so the page keeps its width; a stored choice wins. */
function readInitialCollapsed(): boolean {
  const stored = storage.getItem<boolean>(PORTAL_MENU_COLLAPSED_KEY);
  if (typeof stored === 'boolean') return stored;
  return typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 639px)').matches;
}

export interface BusinessLayoutProps {
  independent: boolean;
  children: ReactNode;
}

/**
 * The business portal: collapsible left menu; in the header the company's logo and name
 * (kyb/company-header; the brand's until the company has them), the language, the theme and the
 * user menu (its business list, badge and Logout); then the page.
 */
export function BusinessLayout({ independent, children }: BusinessLayoutProps) {
  const { t } = useTranslation();
  const { lng } = useParams();
  const company = useCompanyHeader();
  const [collapsed, setCollapsed] = useState(readInitialCollapsed);
  const toggle = () => {
    storage.setItem(PORTAL_MENU_COLLAPSED_KEY, !collapsed);
    setCollapsed(!collapsed);
  };
  const items = PORTAL_MENU.filter((item) => !(independent && 'hiddenWhenIndependent' in item));
  return (
    <div className="flex min-h-dvh bg-bg text-fg">
      <AgreementsGateLoader />
      <SkipLink />
      <nav
        aria-label={t('common.portalMenu')}
        className={`shrink-0 border-r border-line bg-surface ${collapsed ? 'w-16' : 'w-60 max-sm:w-48'}`}
      >
        <button
          type="button"
          onClick={toggle}
          aria-expanded={!collapsed}
          className="m-2 flex h-10 w-12 items-center justify-center rounded-lg text-fg hover:bg-surface-2"
        >
          <span aria-hidden="true">{collapsed ? '»' : '«'}</span>
          <span className="sr-only">{t(collapsed ? 'common.expandMenu' : 'common.collapseMenu')}</span>
        </button>
        <ul className="flex flex-col gap-1 px-2">
          {items.map((item) => (
            <li key={item.key}>
              <NavLink
                to={`/${lng}/${item.path}`}
                title={collapsed ? t(`common.portal.${item.key}`) : undefined}
                className="flex h-10 items-center gap-3 rounded-lg px-3 text-sm text-muted hover:bg-surface-2 hover:text-fg aria-[current=page]:bg-surface-2 aria-[current=page]:text-fg"
              >
                <svg
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  className="size-5 shrink-0 fill-none stroke-current"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d={item.icon} />
                </svg>
                <span className={collapsed ? 'sr-only' : ''}>{t(`common.portal.${item.key}`)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex min-w-0 flex-1 flex-col">
        {/* One row at 360 px too: a long company name is cut with an ellipsis (its whole name in the title). */}
        <header className="flex flex-nowrap items-center gap-2 border-b border-line bg-surface px-4 py-3">
          <CompanyMark name={company.data?.companyName ?? null} logoUrl={company.data?.logoUrl ?? null} />
          <LanguageSwitch />
          <span className="max-sm:hidden">
            <ThemeToggle />
          </span>
          <UserMenu lng={lng ?? 'en'} mode={currentMode()} darkModeToggle={<ThemeToggle />} />
        </header>
        <Suspense fallback={null}>
          <UkNotice />
        </Suspense>
        <main id={MAIN_CONTENT_ID} className="flex-1 px-4 pt-6 pb-24">
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * The company's logo and name (a long name cut with an ellipsis, whole in its title); without a logo,
 * its initial in the logo's place; the brand's mark and "Business portal" until the company has a name.
 */
function CompanyMark({ name, logoUrl }: { name: string | null; logoUrl: string | null }) {
  const { t } = useTranslation();
  if (!name && !logoUrl) {
    return (
      <span className="mr-auto min-w-0">
        <BrandMark label={t('common.businessPortal')} />
      </span>
    );
  }
  const shown = name ?? t('common.businessPortal');
  return (
    <span className="mr-auto inline-flex min-w-0 items-center gap-2 font-semibold text-fg">
      {logoUrl ? (
        <img
          src={logoUrl}
          alt={t('common.companyLogo', { name: shown })}
          className="size-8 shrink-0 rounded-lg bg-surface-2 object-contain"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary uppercase text-on-primary"
        >
          {shown.charAt(0)}
        </span>
      )}
      <span className="truncate" title={shown}>
        {shown}
      </span>
    </span>
  );
}
