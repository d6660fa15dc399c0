import { menuLinkUrlFor } from '@causeway/contracts';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountInfo, verificationStatusOf } from '@/lib/account-info';
import { useCopyright } from '@/lib/copyright';
import { useMenuLinks } from '@/lib/legal-links';
import { isBusinessMode, isIndependentMode, LOGIN_ROUTE_BY_MODE, type FlowMode } from '@/lib/mode';
import { useLoginStatus } from '@/lib/target-entity';
import { useLogout } from '@/lib/use-logout';

export interface UserMenuProps {
  lng: string;
  mode: FlowMode;
  /** Rendered inside the menu on small screens, where the header has no room for it. */
  darkModeToggle?: React.ReactNode;
  /**
   * The merchant console's entry, for an individual (it shows itself only to a person who manages a
   * merchant): the app shell's, lazily loaded (features do not import each other). Rendered only while
   * the menu is open, with the menu's item look and a way to close the menu.
   */
  ConsoleLink?: React.ComponentType<{ lng: string; className: string; onOpen: () => void }>;
}

// The logout question loads when asked: the menu sits in every page's header, the dialog seldom opens.
// A business's list loads with the open menu of a business: no individual's first load carries it.
const BusinessList = lazy(() => import('./business-list').then((m) => ({ default: m.BusinessList })));
const ConfirmDialog = lazy(() => import('@/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

const itemClass = 'flex h-10 items-center rounded-lg px-3 text-sm text-fg hover:bg-surface-2';

/**
 * docs/rules/screens.md user menu: email and Verified/Unverified badge; entries by user type and mode; Logout
 * with a confirmation; the dark-mode toggle on small screens; copyright links by brand and entity.
 * A 300 px dropdown, a side drawer on phones; a click outside or Escape closes it.
 */
export function UserMenu({ lng, mode, darkModeToggle, ConsoleLink }: UserMenuProps) {
  const { t } = useTranslation();
  const endSession = useLogout();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const status = useLoginStatus();
  // The badge's status; shared with every page that reads the account info (fetched once).
  const account = useAccountInfo(mode, { enabled: Boolean(status.data?.isLogin) });
  const links = useMenuLinks({ enabled: open });
  // By brand and by the account's entity (the stored one until the account info is in).
  const copyright = useCopyright(account.data?.entityTag);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!status.data?.isLogin) {
    return (
      <Link to={`/${lng}/${LOGIN_ROUTE_BY_MODE[mode]}`} className="rounded-full px-3 py-2 text-sm font-medium text-primary">
        {t('common.userMenu.signIn')}
      </Link>
    );
  }
  const corporate = status.data.userType === 'Corporate';
  // docs/rules/order-states.md: KYC (individual) or basic KYB (corporate) status; Pass is the only verified one.
  const verified = verificationStatusOf(account.data) === 'Pass';
  const business = corporate || isBusinessMode(mode);
  const entries = business
    ? []
    : [
        ...(isIndependentMode(mode)
          ? [
              { key: 'home', to: 'dashboard' },
              { key: 'buyCrypto', to: 'buy-crypto' },
            ]
          : []),
        { key: 'history', to: 'history' },
        { key: 'bankAccounts', to: 'bank-accounts' },
        { key: 'settings', to: 'settings' },
      ];

  const logout = async () => {
    await endSession(mode);
    setConfirming(false);
    setOpen(false);
  };

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex h-10 items-center gap-2 rounded-full border border-line bg-surface px-2 text-sm text-fg hover:bg-surface-2"
      >
        <span
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-full bg-primary font-semibold uppercase text-on-primary"
        >
          {(status.data.email ?? '?').charAt(0)}
        </span>
        <span className="sr-only">{t('common.userMenu.open')}</span>
      </button>
      {open ? (
        <div
          id={panelId}
          className="z-40 flex flex-col gap-1 border border-line bg-surface p-3 shadow-xl max-sm:fixed max-sm:inset-y-0 max-sm:right-0 max-sm:w-[300px] max-sm:max-w-[85vw] sm:absolute sm:right-0 sm:top-12 sm:w-[300px] sm:rounded-2xl"
        >
          <p className="truncate px-3 pt-1 text-sm font-medium text-fg" title={status.data.email ?? ''}>
            {status.data.email}
          </p>
          <p className="px-3 pb-2">
            <span
              className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${verified ? 'bg-success text-on-primary' : 'bg-surface-2 text-muted'}`}
            >
              {t(verified ? 'common.userMenu.verified' : 'common.userMenu.unverified')}
            </span>
          </p>
          {business ? (
            <Suspense fallback={null}>
              <BusinessList lng={lng} fallbackKybInfo={account.data?.kybInfo ?? null} onOpen={() => setOpen(false)} />
            </Suspense>
          ) : null}
          <nav aria-label={t('common.userMenu.open')} className="flex flex-col border-t border-line pt-2">
            {entries.map((entry) => (
              <Link key={entry.key} to={`/${lng}/${entry.to}`} onClick={() => setOpen(false)} className={itemClass}>
                {t(`common.userMenu.${entry.key}`)}
              </Link>
            ))}
            {business || !ConsoleLink ? null : (
              <Suspense fallback={null}>
                <ConsoleLink lng={lng} className={itemClass} onOpen={() => setOpen(false)} />
              </Suspense>
            )}
            <button type="button" onClick={() => setConfirming(true)} className={`${itemClass} text-left text-danger`}>
              {t('common.userMenu.logout')}
            </button>
          </nav>
          {darkModeToggle ? <div className="border-t border-line px-1 pt-2 sm:hidden">{darkModeToggle}</div> : null}
          {/* The copyright line shows even when get-links failed: it names who provides the service. */}
          <footer className="mt-2 flex flex-wrap gap-x-3 gap-y-1 border-t border-line px-3 pt-2 text-xs text-muted">
            {(links.data ?? []).map((link) => (
              // Another tab, so the checkout stays; noopener noreferrer, so the page opened (perhaps the operator's own site) gets no handle on it.
              <a
                key={link.key}
                href={menuLinkUrlFor(link.url, lng)}
                target="_blank"
                rel="noopener noreferrer"
                className="hover:text-fg hover:underline"
              >
                {t(`common.userMenu.links.${link.key}`, { defaultValue: link.key })}
              </a>
            ))}
            <span>{copyright}</span>
          </footer>
        </div>
      ) : null}
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={setConfirming}
            title={t('common.userMenu.logoutTitle')}
            description={t('common.userMenu.logoutText')}
            confirmLabel={t('common.userMenu.logout')}
            cancelLabel={t('common.userMenu.cancel')}
            onConfirm={logout}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
