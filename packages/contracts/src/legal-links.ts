// The legal links' keys and rules, apart from entry.ts's schemas: the app shell (user menu, sign-up
// consent) needs them in its first load, and importing entry.ts there would bring zod with it.

/** The legal pages every brand links to, at sign-up and in the user menu (issue 14). */
export const LEGAL_LINK_KEYS = ['terms', 'privacy', 'cookies'] as const;
export type LegalLinkKey = (typeof LEGAL_LINK_KEYS)[number];

/** The operator's own legal pages (TERMS_URL, PRIVACY_URL, COOKIES_URL; `{lng}` for the page language), which win over every brand's and entity's. */
export type LegalUrls = Partial<Record<LegalLinkKey, string | undefined>>;

/** What `{lng}` in a menu link's URL stands for: the language of the page showing it. */
export const LINK_LANGUAGE_PLACEHOLDER = '{lng}';

/** The built-in page of a legal link (the server's default texts), until the operator names its own. */
export const builtInLegalUrl = (key: LegalLinkKey): string => `/${LINK_LANGUAGE_PLACEHOLDER}/legal/${key}`;

/** A menu link's URL for a page in `language`: `{lng}` replaced. */
export const menuLinkUrlFor = (url: string, language: string): string => url.replaceAll(LINK_LANGUAGE_PLACEHOLDER, language);

/**
 * Whether a link's URL may go into an href or a redirect as it is: an http(s) URL, or a path of
 * this site (/terms.html), `{lng}` allowed. Nothing the browser would run or send elsewhere
 * (javascript:, data:, //host, /\host) and no spaces, quotes or angle brackets. The rule for the
 * operator's TERMS_URL and the like and for every menu link the database holds.
 */
export function isSafeLinkUrl(url: string): boolean {
  if (!/^[^\s"'<>\\]+$/.test(url)) return false;
  if (/^\/(?!\/)/.test(url)) return true;
  return /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?([/?#]|$)/i.test(menuLinkUrlFor(url, 'en'));
}
