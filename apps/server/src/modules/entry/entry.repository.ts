import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { entryConfigs, featureSwitches, menuLinks } from '../../db/schema/index.ts';

export function createEntryRepository(db: Database) {
  return {
    async findEntryConfig(merchantCode: string) {
      const rows = await db.select().from(entryConfigs).where(eq(entryConfigs.merchantCode, merchantCode));
      return rows[0];
    },

    listMenuLinks(brand: string, entity: string) {
      return db
        .select({ key: menuLinks.linkKey, url: menuLinks.url, sort: menuLinks.sort })
        .from(menuLinks)
        .where(and(eq(menuLinks.brand, brand), eq(menuLinks.entity, entity)))
        .orderBy(asc(menuLinks.sort), asc(menuLinks.linkKey));
    },

    /** Switch rows that apply at this version, the most specific (highest minVersion) first. */
    listApplicableSwitches(clientType: string, entry: string, version: number) {
      return db
        .select({ label: featureSwitches.label, enable: featureSwitches.enable, minVersion: featureSwitches.minVersion })
        .from(featureSwitches)
        .where(and(eq(featureSwitches.clientType, clientType), eq(featureSwitches.entry, entry), lte(featureSwitches.minVersion, version)))
        .orderBy(asc(featureSwitches.label), desc(featureSwitches.minVersion));
    },
  };
}

export type EntryRepository = ReturnType<typeof createEntryRepository>;
