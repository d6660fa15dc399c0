import { z } from 'zod';
import { entitySchema } from './headers-schema.ts';
import { channelCodeSchema, transactionTypeSchema } from './reference.ts';

export * from './legal-links.ts';

export const PAYMENT_METHODS = ['CARD', 'BANK_TRANSFER', 'ONLINE_BANKING', 'BUY_SEND'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);

export const getEntryConfigQuerySchema = z.object({
  merchantCode: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'merchantCode may hold letters, digits, _ and - only')
    .optional(),
});

/** GET entry/enable-buy-send: whether a merchant's entry offers buy-and-send (its transaction types include BUY_SEND). */
export const enableBuySendSchema = z.object({ enable: z.boolean(), merchantName: z.string() });

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
  brand: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'brand must be a lower-case slug')
    .default('causeway'),
  entity: entitySchema.optional(),
});

export const menuLinkSchema = z.object({
  key: z.string().describe('what the link is: terms, privacy, cookies, complaints, licence ...'),
  url: z.string().describe('an http(s) URL or a path of this site; {lng} stands for the page language (en, zh)'),
  sort: z.number().int(),
});
export type MenuLink = z.infer<typeof menuLinkSchema>;

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
