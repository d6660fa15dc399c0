import { z } from 'zod';

/**
 * The desk's "Fees and limits" screen (docs/rules/operator-desk.md "Fees and limits"; docs/rules/limits.md
 * "Who changes them"). Money and rates are decimal strings, never JS numbers: a number, a sign, an
 * exponent or a comma is refused here with a 400 that names the field, before the server reads it. The
 * bounds (a fee at most 25%, a coin's own decimals, a day's limit at most the month's) are the server's,
 * which refuses past them with SET0000001 and changes nothing.
 */

/** A non-negative decimal number written as a string, at most `places` decimals. */
const decimalText = (places: number, example: string) =>
  z
    .string()
    .trim()
    .regex(
      new RegExp(`^\\d{1,20}(\\.\\d{1,${places}})?$`),
      `a non-negative decimal number written as a string, at most ${places} decimals, e.g. "${example}"`,
    );

/** A share written as a decimal ("0.025" for 2.5%): at most 6 decimals, as the server stores it. */
const rate = decimalText(6, '0.025');
/** An amount of a chain's coin: at most 18 decimals here, at most the coin's own on the server. */
const coinAmount = decimalText(18, '0.0001');
/** A limit, in the limits' currency: whole cents. */
const limitAmount = decimalText(2, '5000.00');
const key = z.string().trim().min(1).max(24);
const when = z.string().nullable();

/** Who changed a row last (an operator id) and when; null while it is as seeded. */
const lastChange = { updatedAt: when, updatedBy: z.string().nullable() };

export const deskChannelFeeSchema = z.object({ channelCode: z.string(), feeRate: z.string() });
export const deskSpreadRateSchema = z.object({
  /** Null: the default spread, for every crypto without a rate of its own. */
  cryptoCurrency: z.string().nullable(),
  spreadRate: z.string(),
});
export const deskNetworkFeeSchema = z.object({
  network: z.string(),
  /** The coin the chain charges in: the amounts are in it. */
  nativeCoin: z.string(),
  nativeTransfer: z.string(),
  tokenTransfer: z.string(),
});
export const deskPromotionSchema = z.object({
  /** How many of a person's first orders get the discount (0: none). */
  firstTransactions: z.number().int(),
  /** The share of our fee taken off, e.g. "0.5". */
  discountRate: z.string(),
});
export const deskLimitTierSchema = z.object({ kycLevel: z.number().int(), DAILY: z.string(), MONTHLY: z.string(), YEARLY: z.string() });

export const deskFeesSchema = z.object({
  channels: z.array(deskChannelFeeSchema.extend(lastChange)),
  /** The default spread first (cryptoCurrency null), then each crypto's own. */
  spreads: z.array(deskSpreadRateSchema.extend(lastChange)),
  networks: z.array(deskNetworkFeeSchema.extend(lastChange)),
  promotion: deskPromotionSchema.extend(lastChange),
  /** The highest value each rate may take (shares as decimals), so the screen can say so before saving. */
  bounds: z.object({
    feeRateMax: z.string(),
    spreadRateMax: z.string(),
    discountRateMax: z.string(),
    promotionTransactionsMax: z.number().int(),
  }),
});
export type DeskFees = z.infer<typeof deskFeesSchema>;

export const deskLimitTiersSchema = z.object({
  tiers: z.array(deskLimitTierSchema.extend({ /** The limits' currency (EUR). */ currency: z.string(), ...lastChange })),
});
export type DeskLimitTiers = z.infer<typeof deskLimitTiersSchema>;

/** What a change answers: which setting (`fees.channel.CHECKOUT`, the audit row's target), and its values before and after. */
const settingChangeOf = <T extends z.ZodType>(value: T) =>
  z.object({
    setting: z.string(),
    /** Null when the change made the row (a crypto's own spread). */
    before: value.nullable(),
    /** Null when the change removed it (a crypto's own spread, back to the default). */
    after: value.nullable(),
  });
export const deskChannelFeeChangeSchema = settingChangeOf(deskChannelFeeSchema);
export const deskSpreadRateChangeSchema = settingChangeOf(deskSpreadRateSchema);
export const deskNetworkFeeChangeSchema = settingChangeOf(deskNetworkFeeSchema);
export const deskPromotionChangeSchema = settingChangeOf(deskPromotionSchema);
export const deskLimitTierChangeSchema = settingChangeOf(deskLimitTierSchema);

export const deskChangeChannelFeeSchema = z.object({ channelCode: key, feeRate: rate }).strict();
export const deskChangeSpreadRateSchema = z
  .object({
    /** Absent or null: the default spread. */
    cryptoCurrency: key.nullable().optional(),
    /** Null removes a crypto's own rate (the default applies to it again); the default cannot be removed. */
    spreadRate: rate.nullable(),
  })
  .strict()
  .refine((input) => input.spreadRate !== null || (input.cryptoCurrency ?? null) !== null, {
    message: 'the default spread cannot be removed: give it a rate',
    path: ['spreadRate'],
  });
export const deskChangeNetworkFeeSchema = z
  .object({ network: key, nativeTransfer: coinAmount.optional(), tokenTransfer: coinAmount.optional() })
  .strict()
  .refine((input) => input.nativeTransfer !== undefined || input.tokenTransfer !== undefined, {
    message: 'name nativeTransfer or tokenTransfer',
  });
export const deskChangePromotionSchema = z
  .object({ firstTransactions: z.number().int().min(0).max(1_000).optional(), discountRate: rate.optional() })
  .strict()
  .refine((input) => input.firstTransactions !== undefined || input.discountRate !== undefined, {
    message: 'name firstTransactions or discountRate',
  });
export const deskChangeLimitTierSchema = z
  .object({
    kycLevel: z.number().int().min(0).max(1_000),
    DAILY: limitAmount.optional(),
    MONTHLY: limitAmount.optional(),
    YEARLY: limitAmount.optional(),
  })
  .strict()
  .refine((input) => input.DAILY !== undefined || input.MONTHLY !== undefined || input.YEARLY !== undefined, {
    message: 'name DAILY, MONTHLY or YEARLY',
  });
