import { defineLeafModule } from '../../platform/server-module.ts';
import { legalUrlsOf } from './legal-urls.ts';
import { registerLegalRoutes } from './legal.routes.ts';

/** Our default legal pages, for those the operator did not replace with its own. */
export const legalModule = defineLeafModule('legal', ({ app, config }) => registerLegalRoutes(app, { legalUrls: legalUrlsOf(config) }));
