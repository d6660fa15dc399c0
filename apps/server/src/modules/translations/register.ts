import { defineLeafModule } from '../../platform/server-module.ts';
import { registerTranslationRoutes } from './translations.routes.ts';

export const translationsModule = defineLeafModule('translations', ({ app, providers, config }) =>
  registerTranslationRoutes(app, providers.translations.provider, config.TRANSLATIONS_API_KEY),
);
