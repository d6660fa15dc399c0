import { LIMIT_PERIODS } from '@causeway/contracts';
import Decimal from 'decimal.js';

/** The currency every tier's limits are in. */
export const LIMIT_CURRENCY = 'EUR';

export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/**
 * What a verification tier may buy in each period, in EUR (docs/rules/limits.md "Verification tiers";
 * docs/rules/entities.md userKycLimitVos): data an operator changes (limit-settings.ts). Decimal strings.
 */
export type LimitTier = { kycLevel: number } & Record<LimitPeriod, string>;

/** A level's tier; a level without one may buy nothing (as tier 0, an unverified person). */
export function tierOf(tiers: readonly LimitTier[], kycLevel: number): LimitTier {
  return tiers.find((tier) => tier.kycLevel === kycLevel) ?? { kycLevel, DAILY: '0', MONTHLY: '0', YEARLY: '0' };
}

/** The start of the period that contains `now` (UTC calendar day, month, year). */
export function periodStart(period: LimitPeriod, now: Date): Date {
  const year = now.getUTCFullYear();
  if (period === 'YEARLY') return new Date(Date.UTC(year, 0, 1));
  if (period === 'MONTHLY') return new Date(Date.UTC(year, now.getUTCMonth(), 1));
  return new Date(Date.UTC(year, now.getUTCMonth(), now.getUTCDate()));
}

/** The start of each limit period that contains `now`. */
export const periodStarts = (now: Date): Record<LimitPeriod, Date> =>
  Object.fromEntries(LIMIT_PERIODS.map((period) => [period, periodStart(period, now)])) as Record<LimitPeriod, Date>;

/** What a person spent in each period that contains `now`, in the limit currency (orders report it). */
export type SpentInPeriods = (userId: string, now: Date) => Promise<Record<LimitPeriod, Decimal>>;

/** Every tier's limits (as they stand), the person's own tier marked, with what is used and left in each period. */
export async function limitsFor(input: {
  userId: string;
  kycLevel: number;
  now: Date;
  spentInPeriods: SpentInPeriods;
  tiers: readonly LimitTier[];
}) {
  const used = await input.spentInPeriods(input.userId, input.now);
  return input.tiers.flatMap((tier) =>
    LIMIT_PERIODS.map((period) => {
      const current = tier.kycLevel === input.kycLevel;
      const usedAmount = current ? used[period] : new Decimal(0);
      const available = Decimal.max(0, new Decimal(tier[period]).minus(usedAmount));
      return {
        kycLevel: tier.kycLevel,
        period,
        currency: LIMIT_CURRENCY,
        limitAmount: new Decimal(tier[period]).toFixed(2),
        usedAmount: usedAmount.toFixed(2),
        availableAmount: available.toFixed(2),
        current,
      };
    }),
  );
}
