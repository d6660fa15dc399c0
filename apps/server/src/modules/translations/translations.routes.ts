import { timingSafeEqual } from 'node:crypto';
import { API_BASE, commonHeadersSchema, envelopeOf, HEADER, ok, PATHS, translationsQuerySchema } from '@causeway/contracts';
import { FALLBACK_LANGUAGE, isLanguage, TRANSLATION_PROJECT_ID } from '@causeway/translations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error.ts';
import type { TranslationsProvider } from '../../providers/translations/index.ts';

const textTreeSchema: z.ZodType = z.lazy(() => z.record(z.string(), z.union([z.string(), textTreeSchema])));

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /prod-api/get-translations: the texts of one language of project 39, from the translations
 * provider. A language we don't have gets the English texts (the client's fallback rule).
 */
export function registerTranslationRoutes(app: FastifyInstance, provider: TranslationsProvider, apiKey: string): void {
  app.withTypeProvider<ZodTypeProvider>().get(`${API_BASE}${PATHS.translations}`, {
    schema: {
      tags: ['translations'],
      summary: 'Texts of one language (API key header required)',
      headers: commonHeadersSchema.extend({ [HEADER.translationsApiKey]: z.string().max(256).optional() }),
      querystring: translationsQuerySchema,
      response: { 200: envelopeOf(z.object({ lang: z.string(), texts: textTreeSchema })) },
    },
    handler: async (request, reply) => {
      const given = request.headers[HEADER.translationsApiKey];
      if (!given || !sameSecret(given, apiKey)) throw new AppError('REQ0000401');
      if (request.query.projectId !== TRANSLATION_PROJECT_ID) {
        throw new AppError('REQ0000404', `No translation project ${request.query.projectId}`);
      }
      const requested = request.query.lang.toLowerCase().split('-')[0];
      const lang = isLanguage(requested) ? requested : FALLBACK_LANGUAGE;
      reply.header('cache-control', 'public, max-age=300');
      return ok({ lang, texts: await provider.getTexts(lang) });
    },
  });
}
