import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { kycLimitTiers } from '../../db/schema/index.ts';

export type LimitTierRow = typeof kycLimitTiers.$inferSelect;

/** The verification tiers' limits (db/schema/pricing.ts): read whole, changed one tier at a time under its lock. */
export function createLimitTiersRepository(db: Database) {
  return {
    listTiers(): Promise<LimitTierRow[]> {
      return db.select().from(kycLimitTiers).orderBy(asc(kycLimitTiers.kycLevel));
    },
    async lockTier(kycLevel: number): Promise<LimitTierRow | undefined> {
      return (await db.select().from(kycLimitTiers).where(eq(kycLimitTiers.kycLevel, kycLevel)).for('update'))[0];
    },
    async updateTier(
      kycLevel: number,
      set: Pick<LimitTierRow, 'daily' | 'monthly' | 'yearly'> & { updatedAt: Date; updatedBy: string },
    ): Promise<LimitTierRow> {
      return (await db.update(kycLimitTiers).set(set).where(eq(kycLimitTiers.kycLevel, kycLevel)).returning())[0]!;
    },
  };
}

export type LimitTiersRepository = ReturnType<typeof createLimitTiersRepository>;
