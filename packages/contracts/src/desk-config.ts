import { z } from 'zod';
import { CLIENT_TYPES, FEATURE_LABELS } from './entry.ts';
import { loginModeSchema } from './identity.ts';

/**
 * The desk's Service screen (docs/rules/operator-desk.md "Service"; issue 21 parts 4 and 5): each sign-in
 * mode's maintenance switch and UK opening, the trading pairs and their channels, and the feature switches,
 * all data an admin changes (`config:change`). Every change answers the value before and after it, which is
 * also what its audit row records. The paths are in desk-config-paths.ts.
 */

/** Who changed a row last (an operator's id, or `sandbox`), and when; null while it stands as first made. */
const lastChange = { updatedBy: z.string().nullable(), updatedAt: z.string().nullable() };

/** What a change answers: the setting's name and its value before and after (null: the change made or removed it). */
const settingChangeOf = <T extends z.ZodTypeAny>(value: T) =>
  z.object({ setting: z.string(), before: value.nullable(), after: value.nullable() });

// Service modes (docs/rules/uk-and-countries.md "Sign-in modes and their switches").

export const deskServiceModeSchema = z.object({
  mode: loginModeSchema,
  /** On: the mode's sign-ins and signed-in calls answer 10000047. */
  maintenance: z.boolean(),
  /** On: UK residents and people in the UK may sign in in this mode. */
  ukOpen: z.boolean(),
  ...lastChange,
});
export type DeskServiceMode = z.infer<typeof deskServiceModeSchema>;
export const deskServiceModesSchema = z.object({ modes: z.array(deskServiceModeSchema) });
export const deskSetMaintenanceSchema = z.object({ mode: loginModeSchema, on: z.boolean() }).strict();
export const deskSetUkOpenSchema = z.object({ mode: loginModeSchema, open: z.boolean() }).strict();
export const deskServiceModeChangeSchema = settingChangeOf(deskServiceModeSchema);

// Trading pairs (docs/rules/entities.md "Reference data"): the range is in the base (fiat) currency.

/** A money amount as the server checks it (a decimal string in the base currency's decimals, never a number). */
const amountText = z.string().trim().min(1).max(40);
const keyText = z.string().trim().min(1).max(40);

export const deskPairSchema = z.object({
  pairId: z.string(),
  baseCurrency: z.string(),
  cryptoCurrency: z.string(),
  network: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  enabled: z.boolean(),
});
export const deskPairChannelSchema = z.object({
  pairId: z.string(),
  channelCode: z.string(),
  transactionType: z.string(),
  enabled: z.boolean(),
});
export const deskPairsQuerySchema = z.object({
  /** Only the pairs of this base currency; none: every pair. */
  baseCurrency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'a three-letter currency code')
    .optional(),
});
export const deskPairsSchema = z.object({
  pairs: z.array(deskPairSchema.extend({ ...lastChange, channels: z.array(deskPairChannelSchema.extend(lastChange)) })),
});
export type DeskPairs = z.infer<typeof deskPairsSchema>;
export const deskChangePairSchema = z
  .object({ pairId: keyText, enabled: z.boolean().optional(), minAmount: amountText.optional(), maxAmount: amountText.optional() })
  .strict()
  .refine((body) => body.enabled !== undefined || body.minAmount !== undefined || body.maxAmount !== undefined, {
    message: 'Give enabled, minAmount or maxAmount',
  });
export const deskChangePairChannelSchema = z
  .object({ pairId: keyText, channelCode: keyText, transactionType: keyText, enabled: z.boolean() })
  .strict();
export const deskPairChangeSchema = settingChangeOf(deskPairSchema);
export const deskPairChannelChangeSchema = settingChangeOf(deskPairChannelSchema);

// Feature switches (docs/rules/entities.md "Reference data"): for a client, the switch with the highest
// minVersion at or below its version decides; no switch at all is off.

const featureSwitchKey = {
  clientType: z.enum(CLIENT_TYPES),
  entry: z
    .string()
    .trim()
    .regex(/^[\w-]{1,64}$/, '1 to 64 letters, digits, _ or -'),
  label: z.enum(FEATURE_LABELS),
  minVersion: z.number().int().min(0).max(1_000_000),
};
/** A switch as stored: what the checks below let in, answered as it is. */
export const deskFeatureSwitchSchema = z.object({
  clientType: z.string(),
  entry: z.string(),
  label: z.string(),
  minVersion: z.number().int(),
  enable: z.boolean(),
});
export const deskFeatureSwitchesSchema = z.object({ switches: z.array(deskFeatureSwitchSchema.extend(lastChange)) });
export const deskSetFeatureSwitchSchema = z.object({ ...featureSwitchKey, enable: z.boolean() }).strict();
export const deskRemoveFeatureSwitchSchema = z.object(featureSwitchKey).strict();
/** What names a switch: its client type, entry, label and first version. */
export type DeskFeatureSwitchKey = z.infer<typeof deskRemoveFeatureSwitchSchema>;
export const deskFeatureSwitchChangeSchema = settingChangeOf(deskFeatureSwitchSchema);
