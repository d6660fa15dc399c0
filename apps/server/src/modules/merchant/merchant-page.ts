/**
 * Which of the merchant's pages a signed entry may name (docs/rules/merchant-linking.md "The merchant's
 * pages"): `hostOrigin`, the page the checkout is embedded in (it posts its events there), and `redirectUrl`,
 * where the person goes back to. Each only when it is one of the merchant's allowed origins (set in the
 * merchant console): the signature proves the merchant sent it, the allow-list that the merchant meant its
 * own site, so a leaked key cannot send people or events anywhere else. Anything else is dropped (null).
 */
const MAX_REDIRECT_URL = 2048;

export interface MerchantPage {
  hostOrigin: string | null;
  redirectUrl: string | null;
}

export function merchantPageOf(allowedOrigins: readonly string[], entry: Readonly<Record<string, string>>): MerchantPage {
  const allowed = new Set(allowedOrigins);
  const hostOrigin = entry.hostOrigin && allowed.has(entry.hostOrigin) ? entry.hostOrigin : null;
  return { hostOrigin, redirectUrl: allowedRedirect(allowed, entry.redirectUrl) };
}

function allowedRedirect(allowed: Set<string>, value: string | undefined): string | null {
  if (!value || value.length > MAX_REDIRECT_URL) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  return allowed.has(url.origin) ? url.toString() : null;
}
