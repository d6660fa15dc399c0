import {
  deskChangeChannelFeeSchema,
  deskChangeLimitTierSchema,
  deskChangeNetworkFeeSchema,
  deskChangePromotionSchema,
  deskChangeSpreadRateSchema,
  deskChannelFeeChangeSchema,
  deskFeesSchema,
  deskLimitTierChangeSchema,
  deskLimitTiersSchema,
  deskNetworkFeeChangeSchema,
  deskPromotionChangeSchema,
  deskSpreadRateChangeSchema,
} from '../desk-settings.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

/** A desk call: the desk session in the operator-token header, no header of the person's. */
const desk = { caller: 'operator-session', tags: ['operator desk'], headers: null } as const;

/**
 * The desk's "Fees and limits" screen (docs/rules/operator-desk.md "Fees and limits"): the fees and the
 * tiers' limits as data, admin only (config:change). Each change is audited with its before and after, and
 * the next quote or limit check of this process uses it.
 */
export const DESK_SETTINGS_CALLS = {
  deskFees: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskFees,
    summary: 'Our fee by channel, the spreads, the network fees and the promotion, with their bounds (config:change)',
    result: deskFeesSchema,
  }),
  deskChangeChannelFee: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskChangeChannelFee,
    summary: "Changes a channel's fee rate, a decimal string; answers it before and after (config:change, audited)",
    body: deskChangeChannelFeeSchema,
    result: deskChannelFeeChangeSchema,
  }),
  deskChangeSpreadRate: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskChangeSpreadRate,
    summary:
      "Changes the default spread or a crypto's own (null removes a crypto's own); answers before and after (config:change, audited)",
    body: deskChangeSpreadRateSchema,
    result: deskSpreadRateChangeSchema,
  }),
  deskChangeNetworkFee: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskChangeNetworkFee,
    summary: 'Changes what sending on a network costs, in its coin; answers it before and after (config:change, audited)',
    body: deskChangeNetworkFeeSchema,
    result: deskNetworkFeeChangeSchema,
  }),
  deskChangePromotion: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskChangePromotion,
    summary: 'Changes the first-transactions promotion; answers it before and after (config:change, audited)',
    body: deskChangePromotionSchema,
    result: deskPromotionChangeSchema,
  }),
  deskLimitTiers: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskLimitTiers,
    summary: "Each verification tier's daily, monthly and yearly limits (config:change)",
    result: deskLimitTiersSchema,
  }),
  deskChangeLimitTier: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskChangeLimitTier,
    summary: "Changes a tier's limits (daily ≤ monthly ≤ yearly); answers it before and after (config:change, audited)",
    body: deskChangeLimitTierSchema,
    result: deskLimitTierChangeSchema,
  }),
};
