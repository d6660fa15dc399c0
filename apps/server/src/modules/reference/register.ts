import { defineLeafModule } from '../../platform/server-module.ts';
import { registerReferenceRoutes } from './reference.routes.ts';

/** The catalogue's public calls (countries, currencies, networks). */
export const referenceModule = defineLeafModule('reference', ({ app, db }) => registerReferenceRoutes(app, db));
