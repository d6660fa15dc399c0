import { z } from 'zod';

/** A decimal amount as a string: money never travels as a JS number. */
export const decimalStringSchema = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a non-negative decimal number written as a string');

/** Channels of docs/rules/entities.md (Codes). */
export const CHANNEL_CODES = [
  'CHECKOUT',
  'CLEAR_JUNCTION',
  'CLEAR_JUNCTION_FPS',
  'OPENPAYD',
  'CLEAR_JUNCTION_GBP',
  'FLOW_BANK',
  'KLARNA',
  'BANK_FRICK',
  'ROMA',
  'EASY_EURO',
] as const;
export const channelCodeSchema = z.enum(CHANNEL_CODES);
export type ChannelCode = z.infer<typeof channelCodeSchema>;

export const ASSET_TYPES = ['fiat', 'crypto'] as const;
export const assetTypeSchema = z.enum(ASSET_TYPES);

export const TRANSACTION_TYPES = ['buy', 'sell', 'BUY_SEND', 'deposit', 'WITHDRAW'] as const;
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);

export const currencyCodeSchema = z.string().regex(/^[A-Z0-9]{2,10}$/, 'must be an upper-case currency code such as EUR or BTC');

/** GET list-country-code: one item per ISO 3166-1 country. */
export const countryItemSchema = z.object({
  towCharCode: z.string().length(2).describe('ISO 3166-1 alpha-2 code (the spec spells it towCharCode)'),
  englishName: z.string(),
  chineseName: z.string(),
  flag: z.string().describe('the regional-indicator code points that render as the flag emoji'),
});
export type CountryItem = z.infer<typeof countryItemSchema>;

export const networkSchema = z.object({
  network: z.string().describe('network code, e.g. ETH, TRX, BTC'),
  networkName: z.string(),
  decimals: z.number().int(),
  memoRequired: z.boolean().describe('true when a deposit needs a memo or destination tag (e.g. XRP)'),
  memoName: z.string().nullable(),
});

/** GET list-currency: the asset catalogue. */
export const currencyItemSchema = z.object({
  currency: z.string(),
  name: z.string(),
  assetType: assetTypeSchema,
  decimals: z.number().int().describe('ISO 4217 minor units for fiat, the asset precision for crypto'),
  symbol: z.string(),
  sort: z.number().int(),
  networks: z.array(networkSchema).describe('empty for fiat'),
});
export type CurrencyItem = z.infer<typeof currencyItemSchema>;

export const listCurrencyQuerySchema = z.object({
  assetType: assetTypeSchema.optional(),
});

export const listCurrencyPairQuerySchema = z.object({
  baseCurrency: currencyCodeSchema,
  channelCode: channelCodeSchema.optional(),
  transactionType: transactionTypeSchema.optional(),
});

/** GET list-currency-pair-by-base-currency: pairs of one fiat base with limits in the base currency. */
export const currencyPairItemSchema = z.object({
  baseCurrency: z.string(),
  cryptoCurrency: z.string(),
  network: z.string(),
  minAmount: decimalStringSchema,
  maxAmount: decimalStringSchema,
  channels: z.array(channelCodeSchema).describe('channels on which the pair is enabled'),
  transactionTypes: z.array(transactionTypeSchema),
});
export type CurrencyPairItem = z.infer<typeof currencyPairItemSchema>;
