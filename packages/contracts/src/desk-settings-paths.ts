/**
 * The desk's "Fees and limits" screen (docs/rules/operator-desk.md "Fees and limits"): the fees and the
 * verification tiers' limits as data, under the desk's prefix. Zod-free, so PATHS loads no schema.
 * Spread into PATHS beside DESK_PATHS.
 */
const SETTINGS = '/desk/v1/settings';

export const DESK_SETTINGS_PATHS = {
  /** Our fee by channel, the spreads, the network fees and the first-transactions promotion. */
  deskFees: `${SETTINGS}/fees`,
  deskChangeChannelFee: `${SETTINGS}/fees/channel`,
  deskChangeSpreadRate: `${SETTINGS}/fees/spread`,
  deskChangeNetworkFee: `${SETTINGS}/fees/network`,
  deskChangePromotion: `${SETTINGS}/fees/promotion`,
  /** The verification tiers' daily, monthly and yearly limits. */
  deskLimitTiers: `${SETTINGS}/limits`,
  deskChangeLimitTier: `${SETTINGS}/limits/tier`,
} as const;
