import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { pageOfPath } from './spa-pages.ts';

let t: TestApp;
let dist: string;
const INDEX = `<!doctype html><html><head><title>Causeway</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head><body><div id="root"></div></body></html>`;
/** A page's own index.html, as apps/web/route-preloads-plugin.ts writes it. */
const withPreloads = (...files: string[]) =>
  INDEX.replace('</head>', `${files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('')}</head>`);
const TRADE_PAGE = withPreloads('/assets/trade-page-1.js', '/assets/money-format-2.js');
const SETTINGS_PAGE = withPreloads('/assets/security-centre-4.js');

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.mkdirSync(path.join(dist, 'pages/corporation-portal'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'pages/card-buy-sell.html'), TRADE_PAGE);
  fs.writeFileSync(path.join(dist, 'pages/card-buy-sell.html.br'), brotliCompressSync(TRADE_PAGE));
  fs.writeFileSync(path.join(dist, 'pages/corporation-portal/setting.html'), SETTINGS_PAGE);
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe("a page's own code, named in its HTML", () => {
  it("answers a page's address with the build's HTML of that page, whatever its language or query, never cached", async () => {
    for (const url of ['/en/card-buy-sell', '/zh/card-buy-sell/', '/en/card-buy-sell?fiatCurrency=EUR']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(TRADE_PAGE);
    }
    expect((await page('/en/corporation-portal/setting')).body).toBe(SETTINGS_PAGE);
  });

  it('sends the compressed copy the build made, by Accept-Encoding', async () => {
    const response = await page('/en/card-buy-sell', { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(TRADE_PAGE);
  });

  it('answers index.html for a page the build made no file for, the bare language, a name of Object or a path out of the folder', async () => {
    for (const url of ['/en/no-such-page', '/en', '/en/__proto__', '/en/constructor', '/en/card-buy-sell/extra', '/en/../index']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
  });
});

describe('pageOfPath', () => {
  it('is the path after the language, without slashes at either end', () => {
    expect(pageOfPath('/en/card-buy-sell')).toBe('card-buy-sell');
    expect(pageOfPath('/zh/corporation-portal/setting/')).toBe('corporation-portal/setting');
    expect(pageOfPath('/en')).toBe('');
    expect(pageOfPath('/')).toBe('');
  });
});
