import { defineModule } from '../../platform/server-module.ts';
import { legalUrlsOf } from '../legal/index.ts';
import { registerEntryRoutes } from './entry.routes.ts';
import { createFeatureSwitchSettings, type FeatureSwitchSettings } from './feature-switch-settings.ts';
import { createFeatureSwitchSettingsRepository } from './feature-switch-settings.repository.ts';

/** What the entry module offers: the feature switches as an operator changes them. */
export interface EntryFace {
  /** The operator's desk: list the switches, turn one on or off (or add one for a version), remove one. */
  switches: FeatureSwitchSettings;
}

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    entry: EntryFace;
  }
}

/** The entry configuration the pages start from (switches, legal links), and the operator's changes to the switches. */
export const entryModule = defineModule('entry', ({ app, db, config, unitOfWork, clock }) => {
  registerEntryRoutes(app, db, { legalUrls: legalUrlsOf(config) });
  return {
    switches: createFeatureSwitchSettings({
      repository: createFeatureSwitchSettingsRepository(db),
      transaction: unitOfWork.transaction,
      clock,
    }),
  };
});
