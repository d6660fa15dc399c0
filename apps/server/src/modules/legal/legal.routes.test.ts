import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { LEGAL_TEXTS } from './legal-content.ts';
import type * as legalPage from './legal.page.ts';
import { renderLegalPage } from './legal.page.ts';

// The real renderer, watched: the pages are the same for every reader, so they are rendered once, not per request.
vi.mock('./legal.page.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof legalPage>();
  return { ...actual, renderLegalPage: vi.fn(actual.renderLegalPage) };
});

const links = async (app: TestApp['app'], entity?: string) => {
  const response = await app.inject({ method: 'GET', url: `/prod-api/capi/v1/menu/get-links${entity ? `?entity=${entity}` : ''}` });
  return Object.fromEntries((response.json().data as Array<{ key: string; url: string }>).map((link) => [link.key, link.url]));
};

// Issue 14: the legal texts the sign-up and the user menu link to exist, and an operator replaces them by configuration.
describe('the default legal pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.app.close());

  it.each([
    ['en', 'terms', 'Terms of Use', '<html lang="en">'],
    ['en', 'privacy', 'Privacy Statement', '<html lang="en">'],
    ['en', 'cookies', 'Cookie Policy', '<html lang="en">'],
    ['zh', 'terms', '使用条款', '<html lang="zh-CN">'],
    ['zh', 'privacy', '隐私声明', '<html lang="zh-CN">'],
    ['zh', 'cookies', 'Cookie 政策', '<html lang="zh-CN">'],
  ])('/%s/legal/%s renders "%s" in its language, plain HTML under the CSP', async (lng, document, title, lang) => {
    const response = await t.app.inject({ method: 'GET', url: `/${lng}/legal/${document}`, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const body = response.body;
    expect(body).toContain(lang);
    expect(body).toContain(`<h1>${title}</h1>`);
    expect(body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(body).toContain('<meta name="color-scheme" content="light dark">');
    expect(body).toContain('<link rel="icon" href="/favicon.ico" type="image/svg+xml">');
    expect(body).toContain(`href="/${lng}/legal/${document}" aria-current="page"`);
    expect(body).toContain(`href="/${lng === 'en' ? 'zh' : 'en'}/legal/${document}" hreflang=`);
    expect(body).not.toMatch(/<script|\son[a-z]+=/i);
  });

  it('the terms have the complaints section the user menu links to, and the pages link each other', async () => {
    const terms = (await t.app.inject({ method: 'GET', url: '/en/legal/terms' })).body;
    expect(terms).toContain('<section id="complaints"');
    expect(terms).toContain('<a href="/en/legal/privacy">Privacy Statement</a>');
    expect((await t.app.inject({ method: 'GET', url: '/zh/legal/privacy' })).body).toContain('<a href="/zh/legal/cookies">Cookie 政策</a>');
  });

  it('/legal/terms goes to English; /zh-CN/legal/terms to Chinese', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/legal/terms' })).headers.location).toBe('/en/legal/terms');
    expect((await t.app.inject({ method: 'GET', url: '/zh-CN/legal/terms', headers: { accept: 'text/html' } })).headers.location).toBe(
      '/zh/legal/terms',
    );
  });

  it('reach the web as the links of get-links, with {lng} for the page language', async () => {
    expect(await links(t.app)).toMatchObject({
      terms: '/{lng}/legal/terms',
      privacy: '/{lng}/legal/privacy',
      cookies: '/{lng}/legal/cookies',
    });
  });

  it('are rendered once, not on every request', async () => {
    const renders = vi.mocked(renderLegalPage).mock.calls.length;
    for (let i = 0; i < 3; i += 1) expect((await t.app.inject({ method: 'GET', url: '/zh/legal/cookies' })).statusCode).toBe(200);
    expect(vi.mocked(renderLegalPage).mock.calls.length).toBe(renders);
  });

  it('have the same sections in both languages', () => {
    for (const document of ['terms', 'privacy', 'cookies'] as const) {
      const ids = (lng: 'en' | 'zh') =>
        LEGAL_TEXTS[lng].documents[document].sections.map((section) => [section.id, section.paragraphs.length]);
      expect(ids('zh')).toEqual(ids('en'));
    }
  });
});

describe("an operator's own legal pages (TERMS_URL, PRIVACY_URL, COOKIES_URL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TERMS_URL: 'https://shop.example/{lng}/terms',
      PRIVACY_URL: 'https://shop.example/privacy',
      COOKIES_URL: '/static/cookies.html',
    });
  });
  afterAll(() => t.app.close());

  it('reach the web through get-links, for every entity', async () => {
    for (const entity of [undefined, 'LI', 'PL']) {
      expect(await links(t.app, entity)).toMatchObject({
        terms: 'https://shop.example/{lng}/terms',
        privacy: 'https://shop.example/privacy',
        cookies: '/static/cookies.html',
        complaints: '/{lng}/legal/terms#complaints',
      });
    }
  });

  it('replace the default pages: an old link leads to the text in force', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/zh/legal/terms' })).headers.location).toBe('https://shop.example/zh/terms');
    expect((await t.app.inject({ method: 'GET', url: '/en/legal/privacy' })).headers.location).toBe('https://shop.example/privacy');
    expect((await t.app.inject({ method: 'GET', url: '/en/legal/cookies' })).headers.location).toBe('/static/cookies.html');
  });
});
