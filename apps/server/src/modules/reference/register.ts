import { defineLeafModule } from '../../platform/server-module.ts';
import { channelsOffOf } from '../../providers/channels-off.ts';
import { registerReferenceRoutes } from './reference.routes.ts';

/** The catalogue's public calls (countries, currencies, networks). */
export const referenceModule = defineLeafModule('reference', ({ app, db, providers }) =>
  registerReferenceRoutes(app, db, channelsOffOf(providers)),
);
