import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { featureSwitches } from '../../db/schema/index.ts';

export type FeatureSwitchRow = typeof featureSwitches.$inferSelect;
export type FeatureSwitchKey = Pick<FeatureSwitchRow, 'clientType' | 'entry' | 'label' | 'minVersion'>;

const keyOf = (key: FeatureSwitchKey) =>
  and(
    eq(featureSwitches.clientType, key.clientType),
    eq(featureSwitches.entry, key.entry),
    eq(featureSwitches.label, key.label),
    eq(featureSwitches.minVersion, key.minVersion),
  );

/** The feature switches as an operator reads and changes them: every row, one at a time under its lock. */
export function createFeatureSwitchSettingsRepository(db: Database) {
  return {
    listAll(): Promise<FeatureSwitchRow[]> {
      return db
        .select()
        .from(featureSwitches)
        .orderBy(asc(featureSwitches.clientType), asc(featureSwitches.entry), asc(featureSwitches.label), asc(featureSwitches.minVersion));
    },
    async lock(key: FeatureSwitchKey): Promise<FeatureSwitchRow | undefined> {
      return (await db.select().from(featureSwitches).where(keyOf(key)).for('update'))[0];
    },
    async upsert(row: FeatureSwitchKey & { enable: boolean; updatedAt: Date; updatedBy: string }): Promise<FeatureSwitchRow> {
      const set = { enable: row.enable, updatedAt: row.updatedAt, updatedBy: row.updatedBy };
      const rows = await db
        .insert(featureSwitches)
        .values(row)
        .onConflictDoUpdate({
          target: [featureSwitches.clientType, featureSwitches.entry, featureSwitches.label, featureSwitches.minVersion],
          set,
        })
        .returning();
      return rows[0]!;
    },
    async remove(key: FeatureSwitchKey): Promise<void> {
      await db.delete(featureSwitches).where(keyOf(key));
    },
  };
}

export type FeatureSwitchSettingsRepository = ReturnType<typeof createFeatureSwitchSettingsRepository>;
