import type { Config } from '../../config.ts';
import type { BotCheckProvider } from './bot-check.ts';
import { createRecaptchaBotCheck } from './recaptcha.ts';
import { createSandboxBotCheck } from './sandbox.ts';

export type { BotCheckProvider } from './bot-check.ts';

/** reCAPTCHA when RECAPTCHA_SECRET is set, else the sandbox (the only place that reads config to choose). */
export function createBotCheckProvider(config: Pick<Config, 'RECAPTCHA_SECRET'>): BotCheckProvider {
  return config.RECAPTCHA_SECRET ? createRecaptchaBotCheck({ secret: config.RECAPTCHA_SECRET }) : createSandboxBotCheck();
}
