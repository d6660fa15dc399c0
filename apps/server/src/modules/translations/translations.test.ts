import { bundledTranslations } from '@causeway/translations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRANSLATIONS_API_KEY: 'test-translations-key' });
});
afterAll(() => t.app.close());

const fetchTexts = (query: string, key: string | null = 'test-translations-key') =>
  t.app.inject({ method: 'GET', url: `/prod-api/get-translations?${query}`, headers: key ? { 'api-key': key } : {} });

describe('GET /prod-api/get-translations', () => {
  it('serves the bundled zh and en texts of project 39', async () => {
    const zh = await fetchTexts('projectId=39&lang=zh');
    expect(zh.statusCode).toBe(200);
    expect(zh.json().data).toEqual({ lang: 'zh', texts: bundledTranslations.zh });
    expect((await fetchTexts('projectId=39&lang=en-GB')).json().data.lang).toBe('en');
  });

  it('falls back to English for a language it does not have', async () => {
    expect((await fetchTexts('projectId=39&lang=fr')).json().data).toEqual({ lang: 'en', texts: bundledTranslations.en });
  });

  it('needs the API key', async () => {
    expect((await fetchTexts('projectId=39&lang=en', null)).statusCode).toBe(401);
    const wrong = await fetchTexts('projectId=39&lang=en', 'wrong-key');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('REQ0000401');
  });

  it('answers another project with 404 and a malformed query with 400', async () => {
    expect((await fetchTexts('projectId=40&lang=en')).statusCode).toBe(404);
    expect((await fetchTexts('projectId=abc&lang=en')).statusCode).toBe(400);
    expect((await fetchTexts('projectId=39')).statusCode).toBe(400);
  });
});
