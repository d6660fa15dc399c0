import { API_BASE, type BotCheckConfig, botCheckConfigSchema, commonHeadersSchema, envelopeOf, ok, PATHS } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BotCheckProvider } from '../../providers/bot-check/index.ts';

/**
 * GET botCheckConfig: tells the web app which bot check verifies its `recaptchaToken`, so it loads
 * Google's script only when reCAPTCHA runs. The site key is public (it is in the script's URL).
 */
export function registerBotCheckRoutes(app: FastifyInstance, botCheck: Pick<BotCheckProvider, 'kind'>, siteKey: string | undefined): void {
  // Decided once: the provider and the key cannot change while the process runs.
  const answer: BotCheckConfig = { provider: botCheck.kind, siteKey: botCheck.kind === 'recaptcha' ? (siteKey ?? null) : null };
  app.withTypeProvider<ZodTypeProvider>().get(`${API_BASE}${PATHS.botCheckConfig}`, {
    schema: {
      tags: ['sign-in'], summary: 'Which bot check runs (sandbox or reCAPTCHA) and the reCAPTCHA site key',
      headers: commonHeadersSchema, response: { 200: envelopeOf(botCheckConfigSchema) },
    },
    handler: async () => ok(answer),
  });
}
