import { type HelpSecondaryPage, type HelpTab, setHelpOpen, setHelpSecondaryPage, setHelpTab } from './help-widget-store';

/**
 * The help widget's setters on `window` (docs/rules/screens.md), for a merchant's page around an embedded
 * checkout or for our own pages' links:
 *
 *   window.causewayHelp.setOpen(true)                                   // show the panel (loads the widget the first time)
 *   window.causewayHelp.setOpen(false)                                  // hide it
 *   window.causewayHelp.setTab('help')                                  // 'home' | 'help'
 *   window.causewayHelp.setSecondaryPage({ type: 'article', id: 360001 }) // an article
 *   window.causewayHelp.setSecondaryPage({ type: 'search', keyword: 'refund' })
 *   window.causewayHelp.setSecondaryPage({ type: 'support' })           // the support form
 *   window.causewayHelp.setSecondaryPage({ type: 'support', topic: 'Refund' }) // ... with its topic filled in
 *   window.causewayHelp.setSecondaryPage({ type: 'feedback' })          // the feedback form
 *   window.causewayHelp.setSecondaryPage(null)                          // back to the tabs
 *
 * Each setter only records what to show: call them in any order, before or after the widget has
 * loaded; setTab and setSecondaryPage do not open the panel (call setOpen(true) for that).
 * Invalid arguments are ignored (a blank search keyword included). Where the widget is hidden
 * (the Roma variant) the setters exist but nothing shows.
 */
export interface CausewayHelpApi {
  setOpen(open: boolean): void;
  setTab(tab: HelpTab): void;
  setSecondaryPage(page: HelpSecondaryPage): void;
}

declare global {
  interface Window {
    causewayHelp?: CausewayHelpApi;
  }
}

/** Puts the setters on `window` once; later calls keep the first object (a caller may hold it). */
export function installHelpWindowApi(): void {
  window.causewayHelp ??= Object.freeze({ setOpen: setHelpOpen, setTab: setHelpTab, setSecondaryPage: setHelpSecondaryPage });
}
