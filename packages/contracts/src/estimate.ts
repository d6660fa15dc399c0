import { z } from 'zod';
import { currencyCodeSchema, decimalStringSchema } from './reference.ts';

/**
 * The bounds of an amount the buy estimate takes: at most this many digits before the point, and
 * after it at most the fiat's decimals (at most 4 by the schema, the catalogue's own decimals by the
 * server) or the crypto's (at most 18 by the schema, the network's by the server).
 */
export const ESTIMATE_AMOUNT_RULES = { integerDigits: 12, fiatDecimals: 4, cryptoDecimals: 18 } as const;

const amountOf = (decimals: number) =>
  z
    .string()
    .regex(
      new RegExp(`^\\d{1,${ESTIMATE_AMOUNT_RULES.integerDigits}}(\\.\\d{1,${decimals}})?$`),
      `must be a decimal number written as a string: at most ${ESTIMATE_AMOUNT_RULES.integerDigits} digits before the point and ${decimals} after it`,
    );

/**
 * GET order/estimate-buy: what a card buy would give at the current price, for anyone (no
 * session). Exactly one of fiatAmount (what is spent) and cryptoAmount (what is wanted).
 */
export const buyEstimateQuerySchema = z
  .object({
    fiatCurrency: currencyCodeSchema,
    cryptoCurrency: currencyCodeSchema,
    network: z.string().regex(/^[A-Z0-9]{2,16}$/, 'must be a network code such as BTC or ETH'),
    fiatAmount: amountOf(ESTIMATE_AMOUNT_RULES.fiatDecimals).optional(),
    cryptoAmount: amountOf(ESTIMATE_AMOUNT_RULES.cryptoDecimals).optional(),
  })
  .refine((query) => (query.fiatAmount === undefined) !== (query.cryptoAmount === undefined), {
    message: 'give exactly one of fiatAmount and cryptoAmount',
    path: ['fiatAmount'],
  });
export type BuyEstimateQuery = z.infer<typeof buyEstimateQuerySchema>;

/**
 * The answer: a card buy's figures at this moment, itemised as a quote itemises them, without a
 * promotion (the person is unknown) and without anything stored or held: no quote id, no expiry.
 */
export const buyEstimateSchema = z.object({
  indicative: z
    .literal(true)
    .describe('always true: a price of the moment, not a quote; nothing is stored or held, and a buy gets its own firm quote'),
  transactionType: z.literal('buy'),
  channelCode: z.literal('CHECKOUT'),
  fiatCurrency: z.string(),
  cryptoCurrency: z.string(),
  network: z.string(),
  fiatAmount: decimalStringSchema.describe('what the card would be charged, fees included'),
  cryptoAmount: decimalStringSchema.describe('what would reach the wallet'),
  price: decimalStringSchema.describe('fiat per one crypto, spread included'),
  referencePrice: decimalStringSchema,
  fees: z.object({
    ourFee: decimalStringSchema.describe('our fee, without any promotion'),
    ourFeeRate: z.string().describe('e.g. "0.025" for 2.5% of what is charged'),
    networkFee: decimalStringSchema.describe('what sending the crypto costs on its network'),
    spread: decimalStringSchema.describe('what the price adds to the reference price for this amount'),
    spreadRate: z.string().describe('e.g. "0.01" for 1%'),
    total: decimalStringSchema.describe('ourFee + networkFee'),
  }),
  minAmount: decimalStringSchema.describe("the pair's own range in the fiat; a person's limits may leave less"),
  maxAmount: decimalStringSchema,
  pricedAt: z.string().describe('ISO time of the price'),
});
export type BuyEstimate = z.infer<typeof buyEstimateSchema>;
