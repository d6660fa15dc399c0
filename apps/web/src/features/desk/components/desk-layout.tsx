import type { DeskOperatorView } from '@causeway/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DeskScreen } from '../desk-screens';
import { useTranslation } from '../texts';
import { smallButtonClass } from './desk-classes';

const navLink =
  'inline-flex min-h-10 items-center whitespace-nowrap rounded-full px-3 text-sm font-medium text-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none aria-[current=page]:bg-surface-2 aria-[current=page]:text-fg';

/**
 * The desk's frame: who is signed in and their role, sign-out, and the menu of the screens their role may
 * open (the others are not offered; the server refuses their calls anyway). The menu wraps on a narrow screen.
 */
export function DeskLayout({
  operator,
  screens,
  current,
  base,
  onSignOut,
  signingOut,
  children,
}: {
  operator: DeskOperatorView;
  screens: readonly DeskScreen[];
  current: string | undefined;
  base: string;
  onSignOut: () => void;
  signingOut: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-fg">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex w-full max-w-5xl flex-col gap-3 px-4 py-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-base font-semibold text-fg">{t('desk.title')}</p>
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <p className="text-sm break-all text-muted">
                {t('desk.header.signedInAs', { name: operator.displayName, role: t(`desk.roles.${operator.role}`) })}
              </p>
              <button type="button" className={smallButtonClass} onClick={onSignOut} disabled={signingOut}>
                {t('desk.header.signOut')}
              </button>
            </div>
          </div>
          <nav aria-label={t('desk.header.menu')}>
            <ul className="flex flex-wrap gap-1">
              {screens.map((screen) => (
                <li key={screen.path}>
                  <Link to={`${base}/${screen.path}`} aria-current={screen.path === current ? 'page' : undefined} className={navLink}>
                    {t(screen.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-5xl min-w-0 flex-1 flex-col gap-4 px-4 py-5">{children}</div>
    </div>
  );
}
