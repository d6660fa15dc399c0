/**
 * Cookies shared by every Causeway app under one parent domain (e.g. the checkout on
 * `pay.shop.example.com` and the merchant site on `www.shop.example.com`).
 *
 * Every cookie is written `Secure; SameSite=None; path=/` so it also travels in cross-site
 * iframes (the checkout is often embedded). Browsers silently DROP Secure cookies set from a
 * plain-http page, except on localhost (treated as a secure context), so on an http staging host
 * `setSharedCookie` resolves false and callers must rely on local storage instead.
 */

/** Cookie names used by the product. */
export const COOKIE_NAMES = {
  token: 'token',
  email: 'email',
  paymentMethod: 'paymentMethod',
  transactionType: 'transactionType',
  fiatCurrency: 'fiatCurrency',
  merchantCode: 'merchantCode',
  orderToken: 'orderToken',
  isRoma: 'isRoma',
} as const;
export type CookieName = (typeof COOKIE_NAMES)[keyof typeof COOKIE_NAMES];

/** Lifetime of a shared cookie. */
export const COOKIE_TTL_DAYS = 15;
const COOKIE_TTL_MS = COOKIE_TTL_DAYS * 24 * 60 * 60 * 1000;
/** Default number of write retries after the first failed check (spec: "retried 10 … times"). */
export const COOKIE_WRITE_RETRIES = 10;
/** Retries for the token cookie, whose loss logs the user out of sibling apps (spec: "… or 30"). */
export const TOKEN_COOKIE_WRITE_RETRIES = 30;
/** Delay between two write attempts. */
export const COOKIE_RETRY_DELAY_MS = 100;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The `Domain` attribute for `hostname`, or undefined for a host-only cookie.
 * Rule: drop the first label when there are 3+ labels (`pay.shop.example.com` →
 * `.shop.example.com`); with exactly 2 labels share under the host itself (`example.com` →
 * `.example.com`). localhost, `*.localhost`, single labels and IP addresses get no Domain: browsers
 * reject a Domain attribute there and the cookie would be lost. Not public-suffix aware: on
 * `pay.example.co.uk` this yields `.example.co.uk`, which is what we want; on `shop.co.uk` the
 * browser rejects `.co.uk` (a public suffix), which `setSharedCookie`'s read-back reports.
 */
export function sharedCookieDomain(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return undefined;
  if (IPV4.test(host) || host.includes(':') || host.startsWith('[')) return undefined;
  const labels = host.split('.').filter(Boolean);
  if (labels.length < 2) return undefined;
  return `.${(labels.length >= 3 ? labels.slice(1) : labels).join('.')}`;
}

/** Builds the `document.cookie` assignment for a shared cookie (exported for tests). */
export function buildSharedCookie(name: string, value: string, options: { hostname: string; expires: Date }): string {
  const domain = sharedCookieDomain(options.hostname);
  return [
    `${name}=${encodeURIComponent(value)}`,
    `expires=${options.expires.toUTCString()}`,
    'path=/',
    ...(domain ? [`domain=${domain}`] : []),
    'Secure',
    'SameSite=None',
  ].join('; ');
}

/** Reads a cookie visible to this page, decoded, or undefined. */
export function getSharedCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      // Written by someone else without encoding: return as is rather than lose it.
      return raw;
    }
  }
  return undefined;
}

export interface SetSharedCookieOptions {
  /** Extra attempts after the first failed read-back; default {@link COOKIE_WRITE_RETRIES}. */
  retries?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Writes a shared cookie, then reads it back; when the read-back differs (writes are known to be
 * lost, e.g. while another tab or app is rewriting cookies, or blocked by privacy settings), the
 * write is retried every {@link COOKIE_RETRY_DELAY_MS} up to `retries` more times.
 * Resolves true once the value reads back, false when every attempt failed.
 */
export async function setSharedCookie(name: string, value: string, options: SetSharedCookieOptions = {}): Promise<boolean> {
  const retries = options.retries ?? COOKIE_WRITE_RETRIES;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(COOKIE_RETRY_DELAY_MS);
    const expires = new Date(Date.now() + COOKIE_TTL_MS);
    document.cookie = buildSharedCookie(name, value, { hostname: location.hostname, expires });
    if (getSharedCookie(name) === value) return true;
  }
  return false;
}

/**
 * Removes a shared cookie. Also expires a host-only cookie of the same name, since older
 * builds (or http hosts) may have written one, and it would otherwise shadow the removal.
 */
export function removeSharedCookie(name: string): void {
  const expired = new Date(0);
  document.cookie = buildSharedCookie(name, '', { hostname: location.hostname, expires: expired });
  document.cookie = `${name}=; expires=${expired.toUTCString()}; path=/`;
}
