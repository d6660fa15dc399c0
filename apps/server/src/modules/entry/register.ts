import { defineLeafModule } from '../../platform/server-module.ts';
import { legalUrlsOf } from '../legal/index.ts';
import { registerEntryRoutes } from './entry.routes.ts';

/** The entry configuration the pages start from (switches, legal links). */
export const entryModule = defineLeafModule('entry', ({ app, db, config }) =>
  registerEntryRoutes(app, db, { legalUrls: legalUrlsOf(config) }),
);
