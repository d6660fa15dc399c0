import type { i18n } from 'i18next';
import type { DataRouter } from 'react-router';
import { createHttpClient, type HttpClient } from '@/lib/http-client';
import { toastText } from '@/lib/http-errors';
import { createSessionStore } from '@/lib/session';
import { showToast } from '@/ui';
import { currentLanguage, currentMode, isOnLoginPage } from './current-mode';
import { LOGIN_ROUTE_BY_MODE } from './route-rules';
import { ukLoginNotice } from './uk-login-store';

/**
 * The app's one HTTP client, with the docs/rules/errors.md reactions wired to the toast, the router and the
 * UK notice. Texts come from the i18n instance that is active when the error happens.
 */
export function createAppHttpClient(router: DataRouter, i18n: i18n): HttpClient {
  const t = (key: string, values?: Record<string, string>) => i18n.t(key, values);
  const go = (path: string) => void router.navigate(`/${currentLanguage()}/${path}`);
  const session = createSessionStore();
  return createHttpClient({
    getMode: currentMode,
    isOnLoginPage,
    session,
    handlers: {
      onAuthError: (mode) => {
        // The token is dead on the server: drop it so the login page starts clean.
        session.clearToken(mode);
        showToast({ message: t('common.authError'), kind: 'error' });
        go(LOGIN_ROUTE_BY_MODE[mode]);
      },
      onServicesUnavailable: ({ code, flags }) =>
        go(`services-unavailable?code=${code}&mode=${flags.mode}&business=${flags.business}&independent=${flags.independent}`),
      onSomethingWentWrong: () => showToast({ message: t('common.somethingWentWrong'), kind: 'error' }),
      onUkLogin: ({ ticket }) => ukLoginNotice.open(ticket),
      // A lock, a rate limit (e.g. on sending a sign-in code) or a wallet refusal in the page language, not the server's English.
      toast: (message, error) => showToast({ message: toastText(error, t) ?? message, kind: 'error' }),
    },
  });
}
