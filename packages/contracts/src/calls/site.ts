import { z } from 'zod';
import {
  countryItemSchema,
  currencyItemSchema,
  currencyPairItemSchema,
  listCurrencyPairQuerySchema,
  listCurrencyQuerySchema,
} from '../reference.ts';
import {
  entryConfigSchema,
  featureSwitchItemSchema,
  featureSwitchQuerySchema,
  getEntryConfigQuerySchema,
  enableBuySendSchema,
  getLinksQuerySchema,
  menuLinkSchema,
  translationsQuerySchema,
} from '../entry.ts';
import { buyEstimateQuerySchema, buyEstimateSchema } from '../estimate.ts';
import { commonHeadersSchema } from '../headers-schema.ts';
import { HEADER } from '../headers.ts';
import { healthSchema } from '../health.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

/** A language's texts: nested objects of strings. */
const textTreeSchema: z.ZodType = z.lazy(() => z.record(z.string(), z.union([z.string(), textTreeSchema])));

/** The calls every page may make before anyone signs in: health, texts, the catalogues, a buy's indicative price, how the checkout opens. */
export const SITE_CALLS = {
  health: defineCall({
    method: 'GET',
    path: PATHS.health,
    caller: 'public',
    tags: ['health'],
    summary: 'Status, database kind and version',
    result: healthSchema,
  }),
  translations: defineCall({
    method: 'GET',
    path: PATHS.translations,
    // The API key is the project's published one (the web bundle carries it): anyone may call, the route checks the key.
    caller: 'public',
    tags: ['translations'],
    summary: 'Texts of one language (API key header required)',
    headers: commonHeadersSchema.extend({ [HEADER.translationsApiKey]: z.string().max(256).optional() }),
    query: translationsQuerySchema,
    result: z.object({ lang: z.string(), texts: textTreeSchema }),
  }),
  listCountryCode: defineCall({
    method: 'GET',
    path: PATHS.listCountryCode,
    caller: 'public',
    tags: ['reference'],
    summary: 'Every country with its flag, in en and zh',
    result: z.array(countryItemSchema),
  }),
  listCurrency: defineCall({
    method: 'GET',
    path: PATHS.listCurrency,
    caller: 'public',
    tags: ['reference'],
    summary: 'The asset catalogue: fiat and crypto with networks and decimals',
    query: listCurrencyQuerySchema,
    result: z.array(currencyItemSchema),
  }),
  listCurrencyPairByBaseCurrency: defineCall({
    method: 'GET',
    path: PATHS.listCurrencyPairByBaseCurrency,
    caller: 'public',
    tags: ['reference'],
    summary: 'Pairs of one fiat base currency with limits, by channel',
    query: listCurrencyPairQuerySchema,
    result: z.array(currencyPairItemSchema),
  }),
  estimateBuy: defineCall({
    method: 'GET',
    path: PATHS.estimateBuy,
    caller: 'public',
    tags: ['orders'],
    summary: 'What a card buy would give at the current price (indicative: no promotion, nothing stored)',
    query: buyEstimateQuerySchema,
    result: buyEstimateSchema,
  }),
  getEntryConfig: defineCall({
    method: 'GET',
    path: PATHS.getEntryConfig,
    caller: 'public',
    tags: ['entry'],
    summary: 'How the checkout opens for a merchant',
    query: getEntryConfigQuerySchema,
    result: entryConfigSchema,
  }),
  enableBuySend: defineCall({
    method: 'GET',
    path: PATHS.enableBuySend,
    caller: 'public',
    tags: ['entry'],
    summary: "Whether a merchant's entry offers buy-and-send: the crypto bought goes straight to the merchant's wallet",
    query: getEntryConfigQuerySchema,
    result: enableBuySendSchema,
  }),
  menuLinks: defineCall({
    method: 'GET',
    path: PATHS.menuLinks,
    caller: 'public',
    tags: ['entry'],
    summary: 'Copyright and legal links by brand and entity (entity from the query, else the entity header)',
    query: getLinksQuerySchema,
    result: z.array(menuLinkSchema),
  }),
  featureSwitch: defineCall({
    method: 'GET',
    path: PATHS.featureSwitch,
    caller: 'public',
    tags: ['entry'],
    summary: 'Feature switches for buy, deposit and withdraw',
    query: featureSwitchQuerySchema,
    result: z.array(featureSwitchItemSchema),
  }),
} as const;
