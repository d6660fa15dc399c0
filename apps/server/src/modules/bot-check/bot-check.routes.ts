import { type BotCheckConfig, CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { BotCheckProvider } from '../../providers/bot-check/index.ts';
import { registerCall } from '../../platform/calls.ts';

/**
 * GET botCheckConfig: tells the web app which bot check verifies its `recaptchaToken`, so it loads
 * Google's script only when reCAPTCHA runs. The site key is public (it is in the script's URL).
 */
export function registerBotCheckRoutes(app: FastifyInstance, botCheck: Pick<BotCheckProvider, 'kind'>, siteKey: string | undefined): void {
  // Decided once: the provider and the key cannot change while the process runs.
  const answer: BotCheckConfig = { provider: botCheck.kind, siteKey: botCheck.kind === 'recaptcha' ? (siteKey ?? null) : null };
  registerCall(app, CALLS.botCheckConfig, async () => ok(answer));
}
