import { defineModule } from '../../platform/server-module.ts';
import { channelsOffOf } from '../../providers/channels-off.ts';
import { type CachedCatalogue, type Catalogue, createCatalogue } from './catalogue.ts';
import { createPairSettings, type PairSettings } from './pair-settings.ts';
import { createPairSettingsRepository } from './pair-settings.repository.ts';
import { createReferenceRepository } from './reference.repository.ts';
import { registerReferenceRoutes } from './reference.routes.ts';
import { createReferenceService } from './reference.service.ts';

/** What the reference module offers: the catalogue every quote reads, and the pairs as an operator changes them. */
export interface ReferenceFace {
  /** One per process, cached (decision 003): quotes and the estimate read it. */
  catalogue: Catalogue;
  /** The operator's desk: list the pairs and their channels, turn them on or off, change their ranges. */
  pairs: PairSettings;
}

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    reference: ReferenceFace;
  }
}

/** The catalogue's public calls (countries, currencies, networks, pairs), its cache, and the operator's changes to pairs. */
export const referenceModule = defineModule('reference', ({ app, db, providers, unitOfWork, clock }) => {
  const channelsOff = channelsOffOf(providers);
  const catalogue: CachedCatalogue = createCatalogue(db, { channelsOff });
  const service = createReferenceService(createReferenceRepository(db, { channelsOff }));
  registerReferenceRoutes(app, service);
  const pairs = createPairSettings({
    repository: createPairSettingsRepository(db),
    transaction: unitOfWork.transaction,
    clock,
    // This process forgets at once; the others within the cache's second.
    forget: () => {
      catalogue.forget();
      service.forget();
    },
  });
  return { catalogue, pairs };
});
