import { COOKIE_NAMES, getSharedCookie } from './cookies';

/** The help widget, and so its support form, is hidden on the Roma channel (spec §1). */
export const canOpenSupportForm = (): boolean => getSharedCookie(COOKIE_NAMES.isRoma) !== 'true';

/**
 * Opens the help widget straight on its support form with `topic` filled in, through the
 * widget's window setters (features/help/help-window-api.ts): a page's own "Contact support"
 * without importing the help feature. Signed in, the form shows the account's address itself.
 */
export function openSupportForm(topic: string): void {
  const help = window.causewayHelp;
  help?.setSecondaryPage({ type: 'support', topic });
  help?.setOpen(true);
}
