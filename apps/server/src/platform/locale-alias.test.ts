import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

const open = (url: string, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { accept: 'text/html,application/xhtml+xml' } });

// Issue 14: the web app's locale prefix by its usual names (the help centre's own URLs say zh-cn).
describe('a page under another tag of a supported language', () => {
  it.each([
    ['/zh-CN/login-v2?x=1', '/zh/login-v2?x=1'],
    ['/zh-cn/history', '/zh/history'],
    ['/zh-Hans-CN/card-buy-sell?fiatCurrency=EUR&cryptoCurrency=BTC', '/zh/card-buy-sell?fiatCurrency=EUR&cryptoCurrency=BTC'],
    ['/zh_CN', '/zh'],
    ['/EN/settings', '/en/settings'],
    ['/en-US/', '/en/'],
    // Always under our own prefix: never a protocol-relative address elsewhere.
    ['/zh-CN//evil.example/x', '/zh//evil.example/x'],
  ])('%s redirects to %s', async (url, location) => {
    const response = await open(url);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });

  it('HEAD redirects too; other methods are left alone', async () => {
    expect((await open('/zh-CN/login-v2', 'HEAD')).headers.location).toBe('/zh/login-v2');
    const post = await t.app.inject({ method: 'POST', url: '/zh-CN/login-v2', headers: { accept: 'text/html' } });
    expect(post.statusCode).not.toBe(302);
  });

  it.each(['/zh/login-v2', '/en/settings', '/fr-FR/login-v2', '/login-v2'])(
    '%s is served as before (the web app), not redirected',
    async (url) => {
      const response = await open(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    },
  );
});
