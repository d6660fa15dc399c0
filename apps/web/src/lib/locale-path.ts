import { SUPPORTED_LANGUAGES } from '@causeway/translations';

/**
 * `pathname` without its locale segment: `/zh/login-v2` → `/login-v2`, `/en` → `/`. A path whose
 * first segment is no supported language is returned as it is. The one way the app shell and the
 * pages take the locale off a path (route rules, gating and the buy target work on locale-free paths).
 */
export function stripLocale(pathname: string): string {
  const [first, ...rest] = pathname.split('/').filter(Boolean);
  return first && (SUPPORTED_LANGUAGES as readonly string[]).includes(first) ? `/${rest.join('/')}` : pathname || '/';
}
