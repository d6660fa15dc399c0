import { timingSafeEqual } from 'node:crypto';
import { CALLS, ErrorCode, HEADER, ok } from '@causeway/contracts';
import { FALLBACK_LANGUAGE, isLanguage, TRANSLATION_PROJECT_ID } from '@causeway/translations';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import type { TranslationsProvider } from '../../providers/translations/index.ts';
import { registerCall } from '../../platform/calls.ts';

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
  registerCall(app, CALLS.translations, async (request, reply) => {
    const given = request.headers[HEADER.translationsApiKey];
    if (!given || !sameSecret(given, apiKey)) throw new AppError(ErrorCode.ApiKeyInvalid);
    if (request.query.projectId !== TRANSLATION_PROJECT_ID) {
      throw new AppError(ErrorCode.NoSuchCall, `No translation project ${request.query.projectId}`);
    }
    const requested = request.query.lang.toLowerCase().split('-')[0];
    const lang = isLanguage(requested) ? requested : FALLBACK_LANGUAGE;
    reply.header('cache-control', 'public, max-age=300');
    return ok({ lang, texts: await provider.getTexts(lang) });
  });
}
