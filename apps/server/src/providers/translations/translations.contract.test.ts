import { bundledTranslations, SUPPORTED_LANGUAGES } from '@causeway/translations';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBundledTranslations } from './bundled.ts';
import { createRemoteTranslations } from './remote-host.ts';
import type { TranslationsProvider } from './translations.ts';

// A stand-in i18n host on loopback that speaks the published get-translations contract.
let host: FastifyInstance;
let hostUrl: string;
beforeAll(async () => {
  host = Fastify();
  host.get('/get-translations', async (request, reply) => {
    const { lang, projectId } = request.query as { lang: 'en' | 'zh'; projectId: string };
    if (request.headers['api-key'] !== 'remote-key' || projectId !== '39') return reply.code(401).send({ code: 'NO' });
    return { status: 200, code: '000000', msg: '', data: { lang, texts: bundledTranslations[lang] } };
  });
  hostUrl = await host.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => host.close());

const adapters: Array<[string, () => TranslationsProvider]> = [
  ['bundled', () => createBundledTranslations()],
  ['remote host', () => createRemoteTranslations({ host: hostUrl, apiKey: 'remote-key' })],
];

describe.each(adapters)('TranslationsProvider: %s', (_name, create) => {
  it.each(SUPPORTED_LANGUAGES)('answers the %s texts', async (lang) => {
    expect(await create().getTexts(lang)).toEqual(bundledTranslations[lang]);
  });
});

describe('remote host adapter', () => {
  it('throws when the host refuses the key', async () => {
    await expect(createRemoteTranslations({ host: hostUrl, apiKey: 'wrong' }).getTexts('en')).rejects.toThrow('HTTP 401');
  });

  it('throws when the host answers something that is not a text tree', async () => {
    const fetchImpl = (async () => new Response(JSON.stringify({ code: '000000', data: { texts: { a: 1 } } }))) as typeof fetch;
    await expect(createRemoteTranslations({ host: 'http://i18n.invalid', apiKey: 'k', fetchImpl }).getTexts('en')).rejects.toThrow(
      'unexpected body',
    );
  });

  it('names the missing variable at construction', () => {
    expect(() => createRemoteTranslations({ host: 'ftp://x', apiKey: 'k' })).toThrow('I18N_HOST');
    expect(() => createRemoteTranslations({ host: 'https://x', apiKey: '' })).toThrow('I18N_API_KEY');
  });
});
