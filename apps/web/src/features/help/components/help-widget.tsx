import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from '../texts';
import { useHttpClient } from '@/lib/http-context';
import { CloseIcon } from '@/ui/icons';
import { TabSwitcher } from '@/ui/tab-switcher';
import { createHelpApi } from '../api/help-api';
import {
  getHelpWidgetState,
  HELP_LAUNCHER_ID,
  HELP_PANEL_ID,
  type HelpSecondaryPage,
  type HelpTab,
  setHelpOpen,
  setHelpSecondaryPage,
  setHelpTab,
  useHelpWidgetState,
} from '../help-widget-store';
import { HelpWidgetContext, type HelpWidgetContextValue } from '../hooks/use-help-data';
import { HelpTab as HelpTabContent } from './help-tab';
import { HomeTab } from './home-tab';
import { SecondaryPageView } from './secondary-page';
import { WidgetErrorBoundary } from './widget-error-boundary';

/**
 * Where focus goes when the panel opens, a page opens over the tabs, a page replaces another, or
 * either closes. `page` names the page shown (null: the tabs).
 */
function usePanelFocus(open: boolean, page: string | null) {
  const panelRef = useRef<HTMLDivElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  /** What had focus when a page opened over the tabs: Back returns there. */
  const openerRef = useRef<HTMLElement | null>(null);
  const shown = useRef<{ open: boolean; page: string | null }>({ open: false, page: null });
  const hasPage = page !== null;

  useEffect(() => {
    const before = shown.current;
    const hadPage = before.page !== null;
    shown.current = { open, page };
    const panel = panelRef.current;
    if (!panel) return;
    const active = document.activeElement;
    if (!open) {
      // Closed (close button, Esc, a setter): focus inside the panel would be lost, so it goes
      // back to the launcher. Focus elsewhere on the page is left alone.
      if (before.open && (active === document.body || panel.contains(active))) document.getElementById(HELP_LAUNCHER_ID)?.focus();
    } else if (hasPage && (!before.open || !hadPage)) {
      backRef.current?.focus();
    } else if (!before.open) {
      panel.focus();
    } else if (hadPage && !hasPage) {
      const opener = openerRef.current;
      (opener?.isConnected && panel.contains(opener) && !opener.closest('[hidden]') ? opener : panel).focus();
    } else if (hasPage && before.page !== page && (active === null || active === document.body)) {
      // One page replaced another (a result opened, a search refined): what had focus went with
      // the old page, so it lands on Back rather than on the document.
      backRef.current?.focus();
    }
  }, [open, page, hasPage]);

  return { panelRef, backRef, openerRef };
}

/**
 * The help widget (docs/rules/screens.md and docs/rules/order-states.md), loaded on the first opening by help-widget-loader.tsx: a panel
 * 380 px wide and at most 680 px high (on a phone: the screen less margins) with the Home and
 * Help tabs, and the article, search, support and feedback pages over them. What it shows lives
 * in help-widget-store.ts, so the window setters drive it as clicks do. A non-modal dialog: the
 * page stays usable; Esc or Close hide it and focus returns to the launcher.
 */
export function HelpWidget() {
  const { t } = useTranslation();
  const client = useHttpClient();
  const api = useMemo(() => createHelpApi(client), [client]);
  const { open, tab, secondaryPage } = useHelpWidgetState();
  const titleId = useId();
  const { panelRef, backRef, openerRef } = usePanelFocus(open, secondaryPage === null ? null : JSON.stringify(secondaryPage));

  const openPage = useCallback(
    (page: Exclude<HelpSecondaryPage, null>) => {
      if (getHelpWidgetState().secondaryPage === null)
        openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setHelpSecondaryPage(page);
    },
    [openerRef],
  );
  const context = useMemo<HelpWidgetContextValue>(
    () => ({ api, openPage, tabsVisible: open && secondaryPage === null }),
    [api, openPage, open, secondaryPage],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Only from inside the panel itself: Esc in the Get more help popup (a portal, whose events
    // still bubble here through React) closes that popup alone.
    if (event.key !== 'Escape' || !event.currentTarget.contains(event.target as Node)) return;
    event.stopPropagation();
    setHelpOpen(false);
  };

  return (
    <HelpWidgetContext.Provider value={context}>
      <div
        ref={panelRef}
        id={HELP_PANEL_ID}
        role="dialog"
        aria-labelledby={titleId}
        tabIndex={-1}
        hidden={!open}
        onKeyDown={onKeyDown}
        className="fixed right-4 bottom-22 z-30 flex h-[680px] max-h-[calc(100dvh-104px)] w-[380px] max-w-[calc(100vw-32px)] flex-col overflow-hidden rounded-2xl border border-line bg-surface text-fg shadow-xl outline-none"
      >
        <div className="flex shrink-0 items-center gap-2 border-b border-line py-2 pr-2 pl-4">
          <h2 id={titleId} className="flex-1 text-base font-semibold">
            {t('help.title')}
          </h2>
          <button
            type="button"
            aria-label={t('help.close')}
            onClick={() => setHelpOpen(false)}
            className="flex size-10 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
          >
            <CloseIcon />
          </button>
        </div>
        {secondaryPage !== null && <SecondaryPageView page={secondaryPage} backRef={backRef} onBack={() => setHelpSecondaryPage(null)} />}
        <WidgetErrorBoundary>
          {/* Kept mounted under a page, so Back finds the tab as it was left (search text, open sections). */}
          <TabSwitcher<HelpTab>
            items={[
              { value: 'home', label: t('help.tabs.home'), content: <HomeTab /> },
              { value: 'help', label: t('help.tabs.help'), content: <HelpTabContent /> },
            ]}
            value={tab}
            onValueChange={setHelpTab}
            label={t('help.tabs.label')}
            hidden={secondaryPage !== null}
            className="flex min-h-0 flex-1 flex-col"
            listClassName="mx-4 mt-3 shrink-0"
            contentClassName="min-h-0 flex-1 overflow-y-auto px-4 py-4"
          />
        </WidgetErrorBoundary>
      </div>
    </HelpWidgetContext.Provider>
  );
}
