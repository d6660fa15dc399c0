import { LIMIT_PERIODS } from '@causeway/contracts';
import Decimal from 'decimal.js';
import type { Clock } from '../../platform/clock.ts';
import {
  plainDecimal,
  settingActor,
  type SettingChange,
  settingDecimal,
  settingInput,
  settingInteger,
  settingInvalid,
  settingNotFound,
} from '../../platform/setting-values.ts';
import { afterCommit, type RunInTransaction } from '../../platform/transaction.ts';
import { createTtlCache, SETTINGS_CACHE_TTL_MS } from '../../platform/ttl-cache.ts';
import { LIMIT_CURRENCY, type LimitPeriod, type LimitTier } from './kyc-limits.ts';
import type { LimitTierRow, LimitTiersRepository } from './limit-tiers.repository.ts';

/** A tier as an operator sees it: its limits, their currency, and who changed them last (null: as seeded). */
export type LimitTierListing = LimitTier & { currency: string; updatedAt: string | null; updatedBy: string | null };

/** The operator's side of the verification tiers' limits (docs/rules/limits.md "Verification tiers"). */
export interface LimitSettings {
  listLimitTiers(): Promise<LimitTierListing[]>;
  /**
   * Changes a tier's limits, in EUR: decimal strings of at most 2 decimals, any period left out kept as it is,
   * and DAILY ≤ MONTHLY ≤ YEARLY as they end up. SettingValueInvalid or SettingNotFound (no such tier), and
   * nothing changed, otherwise. Answers the tier before and after.
   */
  changeLimitTier(actor: string, input: { kycLevel: number } & Partial<Record<LimitPeriod, string>>): Promise<SettingChange<LimitTier>>;
}

/** The tiers as every limit check reads them, through a cache its changes forget. */
export interface LimitTierSource {
  tiers(): Promise<readonly LimitTier[]>;
}

const tierOfRow = (row: LimitTierRow): LimitTier => ({
  kycLevel: row.kycLevel,
  DAILY: plainDecimal(row.daily),
  MONTHLY: plainDecimal(row.monthly),
  YEARLY: plainDecimal(row.yearly),
});

/** Limits are whole cents of the limit currency. */
const LIMIT_DECIMALS = 2;

/**
 * The tiers' limits as data: the cached read every quote, submit, withdrawal and kyc/limit/query makes (one
 * load a second at most per process, decision 003), and the operator's change, in one transaction under the
 * tier's lock, checked before anything is written; this process forgets its copy once it commits, the
 * others within SETTINGS_CACHE_TTL_MS.
 */
export function createLimitSettings(deps: {
  repository: LimitTiersRepository;
  transaction: RunInTransaction;
  clock: Clock;
  ttlMs?: number;
}): LimitSettings & LimitTierSource {
  const { repository } = deps;
  const cache = createTtlCache<readonly LimitTier[]>({ ttlMs: deps.ttlMs ?? SETTINGS_CACHE_TTL_MS });
  return {
    tiers: () => cache.get('all', async () => (await repository.listTiers()).map(tierOfRow)),

    async listLimitTiers() {
      return (await repository.listTiers()).map((row) => ({
        ...tierOfRow(row),
        currency: LIMIT_CURRENCY,
        updatedAt: row.updatedAt?.toISOString() ?? null,
        updatedBy: row.updatedBy,
      }));
    },

    async changeLimitTier(actor, rawInput) {
      const by = settingActor(actor);
      const input = settingInput(rawInput, ['kycLevel', ...LIMIT_PERIODS]);
      const kycLevel = settingInteger('kycLevel', input.kycLevel, { min: 0, max: 1_000 });
      if (LIMIT_PERIODS.every((period) => input[period] === undefined))
        throw settingInvalid('input', `name ${LIMIT_PERIODS.join(', ')} or some of them`);
      const given = Object.fromEntries(
        LIMIT_PERIODS.filter((period) => input[period] !== undefined).map((period) => [
          period,
          settingDecimal(period, input[period], { places: LIMIT_DECIMALS, min: '0' }),
        ]),
      ) as Partial<Record<LimitPeriod, string>>;
      return deps.transaction(async () => {
        const row = await repository.lockTier(kycLevel);
        if (!row) throw settingNotFound(`the limits of tier ${kycLevel}`);
        const before = tierOfRow(row);
        const next = { ...before, ...given };
        // A day's limit above the month's (or the month's above the year's) could never be reached: refused, not clipped.
        if (new Decimal(next.DAILY).gt(next.MONTHLY)) throw settingInvalid('DAILY', `must be at most the monthly limit (${next.MONTHLY})`);
        if (new Decimal(next.MONTHLY).gt(next.YEARLY)) throw settingInvalid('MONTHLY', `must be at most the yearly limit (${next.YEARLY})`);
        const updated = await repository.updateTier(kycLevel, {
          daily: next.DAILY,
          monthly: next.MONTHLY,
          yearly: next.YEARLY,
          updatedAt: deps.clock.now(),
          updatedBy: by,
        });
        afterCommit(() => cache.clear());
        return { setting: `limits.tier.${kycLevel}`, actor: by, before, after: tierOfRow(updated) };
      });
    },
  };
}
