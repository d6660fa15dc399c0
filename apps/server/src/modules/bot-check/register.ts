import { defineLeafModule } from '../../platform/server-module.ts';
import { registerBotCheckRoutes } from './bot-check.routes.ts';

/** The bot check's configuration for the pages (which vendor, its site key). */
export const botCheckModule = defineLeafModule('bot-check', ({ app, providers, config }) =>
  registerBotCheckRoutes(app, providers['bot-check'].provider, config.RECAPTCHA_SITE_KEY),
);
