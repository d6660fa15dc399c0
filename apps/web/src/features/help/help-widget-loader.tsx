import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from './texts';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { loadOnce } from '@/lib/load-once';
import { Spinner } from '@/ui';
import {
  getHelpWidgetState,
  HELP_LAUNCHER_ID,
  HELP_PANEL_ID,
  setHelpOpen,
  setHelpWidgetStatus,
  useHelpWidgetState,
} from './help-widget-store';
import { installHelpWindowApi } from './help-window-api';

/**
 * The always-loaded part of the help widget (docs/rules/screens.md): the launcher button and the window
 * setters. The widget itself is its own chunk (components/help-widget.tsx, which loads the
 * support and feedback forms as a further chunk), fetched on the first opening or ahead of it
 * when the pointer or focus reaches the launcher. Keep this file small: every page pays for it.
 */

const helpWidget = loadOnce<ComponentType>(() => import('./components/help-widget').then((module) => module.HelpWidget));

/** Fetches the widget's chunk once; after a failure the next call tries again. */
export const loadHelpWidget = helpWidget.load;

const prefetch = () => void loadHelpWidget().catch(() => undefined);

/** The help launcher, bottom right, on every page with chrome; nothing for the Roma variant. */
export function HelpWidgetLoader() {
  useEffect(installHelpWindowApi, []);
  return getSharedCookie(COOKIE_NAMES.isRoma) === 'true' ? null : <HelpLauncher />;
}

/**
 * While the launcher floats over the page, <html> carries data-help-launcher: theme.css then keeps
 * scroll padding under it, so keyboard focus and scrollIntoView never leave a control beneath it.
 */
function useRoomForLauncher() {
  useEffect(() => {
    const html = document.documentElement;
    html.setAttribute('data-help-launcher', '');
    return () => html.removeAttribute('data-help-launcher');
  }, []);
}

function HelpLauncher() {
  const { t } = useTranslation();
  const { open, status } = useHelpWidgetState();
  const [Widget, setWidget] = useState<ComponentType | null>(helpWidget.loaded);
  useRoomForLauncher();

  useEffect(() => {
    if (open && getHelpWidgetState().status === 'idle') setHelpWidgetStatus('loading');
  }, [open]);

  // Follows the status, not `open`: closed again before the chunk arrives, the widget still
  // mounts (hidden) and reports ready, so the launcher does not spin on for ever.
  useEffect(() => {
    if (status !== 'loading' || Widget) return;
    let live = true;
    loadHelpWidget().then(
      (Loaded) => live && setWidget(() => Loaded),
      () => {
        // docs/rules/errors.md: a widget failure is not shown. The launcher is as before; a click tries again.
        if (!live) return;
        setHelpOpen(false);
        setHelpWidgetStatus('idle');
      },
    );
    return () => {
      live = false;
    };
  }, [status, Widget]);

  const loading = status === 'loading';
  const mounted = Widget !== null && status !== 'idle';
  return (
    <>
      <button
        id={HELP_LAUNCHER_ID}
        type="button"
        aria-label={t('help.launcher.label')}
        aria-expanded={open}
        aria-controls={mounted ? HELP_PANEL_ID : undefined}
        aria-busy={loading || undefined}
        data-status={status}
        onClick={() => setHelpOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) setHelpOpen(false);
        }}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        // 48 px, 12 px from the corner on phones (56 and 16 from sm up): less of the page under it.
        className="fixed right-3 bottom-3 z-30 flex size-12 items-center justify-center rounded-full bg-linear-to-r from-primary to-primary-2 text-on-primary shadow-lg transition hover:brightness-110 sm:right-4 sm:bottom-4 sm:size-14"
      >
        {loading ? (
          <Spinner size="md" label={t('help.launcher.loading')} />
        ) : (
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className="size-7 fill-none stroke-current"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path
              d={
                open
                  ? 'M6 9l6 6 6-6'
                  : 'M12 21a9 9 0 1 0-8-4.9L3 21l4.1-1A9 9 0 0 0 12 21zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.5v.2M12 16.5v.01'
              }
            />
          </svg>
        )}
      </button>
      {mounted && <Widget />}
    </>
  );
}
