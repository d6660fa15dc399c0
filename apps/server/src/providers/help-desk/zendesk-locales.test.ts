import { HELP_LOCALES, type HelpLocale, helpLocaleOf } from '@causeway/contracts';
import { SUPPORTED_LANGUAGES } from '@causeway/translations';
import { describe, expect, it } from 'vitest';
import { BASE, fixture, setup } from './zendesk.test-support.ts';
import { ZENDESK_LOCALES } from './zendesk.ts';

/**
 * Zendesk's documented language codes, "Main languages" of
 * https://support.zendesk.com/hc/en-us/articles/4408821324826-Zendesk-language-support-by-product
 * (the help centre supports each: https://support.zendesk.com/hc/en-us/articles/4408830359450).
 */
const ZENDESK_DOCUMENTED_CODES = new Set([
  'ar', 'pt-br', 'bg', 'cs', 'da', 'nl', 'en-gb', 'en-us', 'fi', 'fr', 'fr-ca', 'de', 'el', 'he', 'hi', 'hu', 'id', 'it',
  'ja', 'ko', 'no', 'pl', 'ro', 'ru', 'zh-cn', 'sk', 'es', 'sv', 'th', 'zh-tw', 'tr', 'uk', 'vi',
]); // prettier-ignore

/** Each page language the help widget can be in: its help locale (helpLocaleOf) and the Zendesk code we must send. */
const BY_LANGUAGE: Array<[language: string, helpLocale: HelpLocale, zendesk: string]> = [
  ['en', 'en-us', 'en-us'],
  ['zh', 'zh-cn', 'zh-cn'],
  // Not a page language (yet), but a help locale the widget may name (docs/rules: en-us and fr-fr).
  ['fr', 'fr-fr', 'fr'],
];

describe('Zendesk help desk: locales', () => {
  it('maps every help locale to a code of Zendesk’s documented list', () => {
    expect(Object.keys(ZENDESK_LOCALES).sort()).toEqual([...HELP_LOCALES].sort());
    for (const code of Object.values(ZENDESK_LOCALES)) expect(ZENDESK_DOCUMENTED_CODES, code).toContain(code);
    // fr-fr is ours; Zendesk's French is fr.
    expect(ZENDESK_DOCUMENTED_CODES).not.toContain('fr-fr');
  });

  it('covers every supported page language and every help locale', () => {
    for (const language of SUPPORTED_LANGUAGES) expect(BY_LANGUAGE.map(([l]) => l)).toContain(language);
    expect(BY_LANGUAGE.map(([, locale]) => locale).sort()).toEqual([...HELP_LOCALES].sort());
  });

  it.each(BY_LANGUAGE)('a page in %s (help locale %s) reads Zendesk’s help centre in %s', async (language, helpLocale, zendesk) => {
    expect(helpLocaleOf(language)).toBe(helpLocale);
    const { desk, calls } = setup([
      { status: 200, body: fixture('articles-by-label') },
      { status: 200, body: { results: [], count: 0 } },
      { status: 200, body: fixture('sections') },
      { status: 200, body: fixture('section-articles') },
      { status: 200, body: fixture('article-unsafe-body') },
    ]);
    await desk.articlesByLabel(helpLocale, ['Promotion']);
    await desk.search(helpLocale, 'fees');
    await desk.sections(helpLocale);
    await desk.sectionArticles(helpLocale, 35467);
    await desk.article(helpLocale, 37486578);
    expect(calls.map((call) => call.url)).toEqual([
      `${BASE}/api/v2/help_center/${zendesk}/articles.json?label_names=Promotion&sort_by=updated_at&sort_order=desc&per_page=30`,
      `${BASE}/api/v2/help_center/articles/search.json?query=fees&locale=${zendesk}&per_page=25`,
      `${BASE}/api/v2/help_center/${zendesk}/sections.json?sort_by=position&sort_order=asc&per_page=100`,
      `${BASE}/api/v2/help_center/${zendesk}/sections/35467/articles.json?sort_by=position&sort_order=asc&per_page=100`,
      `${BASE}/api/v2/help_center/${zendesk}/articles/37486578.json`,
    ]);
  });

  it('links an article that has neither html_url nor locale to the help centre page in Zendesk’s code', async () => {
    const raw = fixture('article-unsafe-body') as { article: Record<string, unknown> };
    const { desk } = setup([{ status: 200, body: { article: { ...raw.article, html_url: null, locale: undefined } } }]);
    const article = await desk.article('fr-fr', 37486578);
    // The page is Zendesk's (/hc/fr); the article's locale is ours again, as the widget speaks it.
    expect(article).toMatchObject({ locale: 'fr-fr', url: `${BASE}/hc/fr/articles/37486578` });
  });
});
