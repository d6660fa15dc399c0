import {
  DEFAULT_ENTITY, type Entity, type EntryConfig, entryConfigSchema, FEATURE_LABELS, type FeatureSwitchItem, type MenuLink,
} from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { EntryRepository } from './entry.repository.ts';

const DEFAULT_ENTRY = 'DEFAULT';

export function createEntryService(repository: EntryRepository) {
  return {
    /** The merchant's entry configuration, or the default entry when no merchant is named. */
    async getEntryConfig(merchantCode?: string): Promise<EntryConfig> {
      const row = await repository.findEntryConfig(merchantCode ?? DEFAULT_ENTRY);
      if (!row) throw new AppError('REQ0000404', `No entry configuration for merchant ${merchantCode}`);
      // The arrays are text[] in the database: parse so a bad operator edit fails loudly here.
      return entryConfigSchema.parse(row);
    },

    /** Links of the brand for the entity; an entity with no links of its own gets the default entity's. */
    async getLinks(brand: string, entity: Entity | undefined): Promise<MenuLink[]> {
      const links = await repository.listMenuLinks(brand, entity ?? DEFAULT_ENTITY);
      if (links.length > 0 || !entity || entity === DEFAULT_ENTITY) return links;
      return repository.listMenuLinks(brand, DEFAULT_ENTITY);
    },

    /** One answer per label; a label with no switch at this version is off. */
    async listFeatureSwitches(clientType: string, entry: string, version: number): Promise<FeatureSwitchItem[]> {
      const rows = await repository.listApplicableSwitches(clientType, entry, version);
      return FEATURE_LABELS.map((label) => ({ label, enable: rows.find((row) => row.label === label)?.enable ?? false }));
    },
  };
}
