import { z } from 'zod';
import { entitySchema } from './headers-schema.ts';
import { channelCodeSchema, transactionTypeSchema } from './reference.ts';

export const PAYMENT_METHODS = ['CARD', 'BANK_TRANSFER', 'ONLINE_BANKING', 'BUY_SEND'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);

export const getEntryConfigQuerySchema = z.object({
  merchantCode: z.string().regex(/^[\w-]{1,64}$/, 'merchantCode may hold letters, digits, _ and - only').optional(),
});

/** GET entry/get-entry-config: how the checkout opens for a merchant (or the default entry). */
export const entryConfigSchema = z.object({
  merchantCode: z.string(),
  brand: z.string(),
  merchantName: z.string(),
  defaultFiatCurrency: z.string(),
  defaultCryptoCurrency: z.string(),
  defaultNetwork: z.string(),
  defaultEntity: entitySchema,
  paymentMethods: z.array(paymentMethodSchema),
  transactionTypes: z.array(transactionTypeSchema),
  channels: z.array(channelCodeSchema),
  isRoma: z.boolean(),
});
export type EntryConfig = z.infer<typeof entryConfigSchema>;

export const getLinksQuerySchema = z.object({
  brand: z.string().regex(/^[a-z0-9-]{1,32}$/, 'brand must be a lower-case slug').default('causeway'),
  entity: entitySchema.optional(),
});

export const menuLinkSchema = z.object({
  key: z.string().describe('what the link is: terms, privacy, cookies, complaints, licence ...'),
  url: z.string().describe('an http(s) URL or a path of this site; {lng} stands for the page language (en, zh)'),
  sort: z.number().int(),
});
export type MenuLink = z.infer<typeof menuLinkSchema>;

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
  // zod's URL check, as contracts run in browsers and Node alike without either's global types.
  return /^https?:\/\//i.test(url) && z.url().safeParse(menuLinkUrlFor(url, 'en')).success;
}

export const CLIENT_TYPES = ['Web', 'Android', 'IOS'] as const;
export const FEATURE_LABELS = ['buy', 'deposit', 'withdraw'] as const;

export const featureSwitchQuerySchema = z.object({
  clientType: z.enum(CLIENT_TYPES),
  entry: z.string().regex(/^[\w-]{1,64}$/, 'entry may hold letters, digits, _ and - only'),
  version: z.coerce.number().int().min(0).max(1_000_000),
});

export const featureSwitchItemSchema = z.object({
  label: z.enum(FEATURE_LABELS),
  enable: z.boolean(),
});
export type FeatureSwitchItem = z.infer<typeof featureSwitchItemSchema>;

export const translationsQuerySchema = z.object({
  projectId: z.coerce.number().int(),
  lang: z.string().regex(/^[a-zA-Z-]{2,10}$/, 'lang must be a language tag such as en or zh'),
});
