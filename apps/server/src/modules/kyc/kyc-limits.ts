import { LIMIT_PERIODS } from '@causeway/contracts';
import Decimal from 'decimal.js';

/**
 * Limits per KYC tier (docs/rules/entities.md userKycLimitVos), in EUR. Tier 0 is an unverified person: nothing
 * may be bought before verification passes. Written here as the policy the code enforces; an
 * operator-editable table can replace it without changing the answer's shape.
 */
export const LIMIT_CURRENCY = 'EUR';
export const KYC_LIMIT_TIERS: ReadonlyArray<{ kycLevel: number } & Record<(typeof LIMIT_PERIODS)[number], string>> = [
  { kycLevel: 0, DAILY: '0', MONTHLY: '0', YEARLY: '0' },
  { kycLevel: 1, DAILY: '10000', MONTHLY: '50000', YEARLY: '200000' },
];

export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

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

/** Every tier's limits, the person's own tier marked, with what is used and left in each period. */
export async function limitsFor(input: { userId: string; kycLevel: number; now: Date; spentInPeriods: SpentInPeriods }) {
  const used = await input.spentInPeriods(input.userId, input.now);
  return KYC_LIMIT_TIERS.flatMap((tier) =>
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
