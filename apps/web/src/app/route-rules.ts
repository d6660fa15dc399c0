import { type Language, languageOfTag } from '@causeway/translations';
import type { FlowMode } from '@/lib/mode';

/**
 * The routing rules of docs/rules/screens.md, as data and small pure functions. Paths given to these
 * functions are locale-free (`/login-v2`, not `/en/login-v2`): use `stripLocale` (lib/locale-path) first.
 */

/** Routes that need no sign-in: no main header or chrome (docs/rules/screens.md, "No login needed"). */
export const NO_LOGIN_ROUTES: ReadonlySet<string> = new Set([
  'login-independent',
  'login',
  'login-v2',
  'account-terminated',
  'business-login',
  'business-login-independent',
  'skip-login',
  'reset-pwd',
  // Where the identity provider sends the person back: a sign-in step (docs/rules/screens.md).
  'oauth-callback',
  '3ds',
  'login-v3',
  'sumsub-webview',
  'add-card-webview',
  'result-webview',
  'history-webview',
  '3ds-callback',
  '3ds-webview',
  'services-unavailable',
  'user-blocked',
  'unsubscribed',
  // The screen a promotional email's unsubscribe link opens (its token is the only credential).
  'unsubscribe',
  'file-upload',
  'join-mailing-list',
  'account-unsupport-roma',
  // A declared person's own identity verification, from the emailed link's ticket (docs/rules/kyb.md "Its people").
  'kyb-verify',
  // The end of a merchant's link for a business (docs/rules/kyb.md gating): what the query says, no call.
  'account-linking-failed',
  'account-linking-success',
  // The operator's desk: no person's sign-in, header or help launcher; it has its own sign-in and frame.
  'desk',
]);

export { LOGIN_ROUTE_BY_MODE } from '@/lib/mode';

export type LayoutKind = 'bare' | 'main' | 'business' | 'simpleHeader';

const firstSegment = (path: string) => path.split('/').filter(Boolean)[0] ?? '';

/**
 * The language a path's first segment names by another of its tags (zh-CN, zh-cn, zh-Hans, en-US,
 * EN: `languageOfTag`), and the path after it; undefined when the segment is the language's own
 * code (nothing to correct) or no tag of a supported language (a page, e.g. /login-v2).
 * `/zh-CN/login-v2` → `{ language: 'zh', rest: '/login-v2' }`.
 */
export function localeAliasOf(pathname: string): { language: Language; rest: string } | undefined {
  const [first, ...rest] = pathname.split('/').filter(Boolean);
  const language = languageOfTag(first);
  return language && language !== first ? { language, rest: `/${rest.join('/')}` } : undefined;
}

/**
 * Flow type from the path (docs/rules/screens.md). Business-independent is tested before business because
 * `/business-login-independent` also contains `/business-login`. The merchant entries
 * (skip-login, login-v3) open embedded checkouts, so they are independent too (our choice: the
 * spec names no flow type for them). Other paths have no flow type of their own: the mode stored
 * at sign-in applies.
 */
export function flowTypeFromPath(path: string): FlowMode | undefined {
  if (path.includes('/login-independent') || path.includes('/skip-login') || path.includes('/login-v3')) return 'independent';
  if (path.includes('/business-login-independent') || path.includes('/reset-pwd')) return 'businessIndependent';
  if (path.includes('/business-login')) return 'business';
  if (path.includes('/login-v2')) return 'individual';
  return undefined;
}

/** True on the no-login routes, which show no main header or chrome. */
export const isNoLoginPath = (path: string): boolean => NO_LOGIN_ROUTES.has(firstSegment(path));

/** True on the sign-in pages, where the HTTP client never refreshes the token (docs/rules/calls.md). */
export const isLoginPath = (path: string): boolean =>
  [
    'login',
    'login-v2',
    'login-v3',
    'login-independent',
    'business-login',
    'business-login-independent',
    'skip-login',
    'reset-pwd',
    'oauth-callback',
  ].includes(firstSegment(path));

/** A path with iframe-loading is exempt from the UK layout. */
export const isUkLayoutExempt = (path: string): boolean => path.includes('iframe-loading');

/** A path with remediation never triggers the remediation redirect (no loop). */
export const canRedirectToRemediation = (path: string): boolean => !path.includes('remediation');

/** Header flags: home for /dashboard; buy for /buy-crypto, /sendto-confirm and /result. */
export function headerFlags(path: string): { home: boolean; buy: boolean } {
  const segment = firstSegment(path);
  return { home: segment === 'dashboard', buy: ['buy-crypto', 'sendto-confirm', 'result'].includes(segment) };
}

/**
 * The business pages outside the portal, under a simple header: the form, and business-status, where a
 * business waits on its review or learns its account is closed, with nowhere to go but the Verification
 * Center and Logout, which the page offers itself (the main header's links are individual pages,
 * which send a business away).
 */
const SIMPLE_HEADER_PAGES: ReadonlySet<string> = new Set(['business-account-form', 'business-status']);

/** Which layout wraps a page: bare for no-login routes, the portal for corporation-portal, a simple header for the business pages around it. */
export function layoutFor(path: string): LayoutKind {
  if (isNoLoginPath(path)) return 'bare';
  if (path.includes('corporation-portal')) return 'business';
  if (SIMPLE_HEADER_PAGES.has(firstSegment(path))) return 'simpleHeader';
  return 'main';
}
