import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eBrowser, openBrowser } from './browser.ts';

let browser: E2eBrowser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser.close());

describe('the web shell in Chromium', () => {
  it('takes the language from ?lng=zh into the path and shows Chinese texts', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${browser.baseUrl}/?lng=zh`);
    // The start page (a signed-out buy form) in Chinese.
    await page.waitForURL(/\/zh$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('用银行卡购买加密货币');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    await page.close();
  });

  it('falls back to English for an unknown language', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${browser.baseUrl}/user-blocked?lng=fr&code=AC100003`);
    await page.waitForURL(/\/en\/user-blocked\?code=AC100003$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Your account is blocked');
    await expect.poll(() => page.getByText('Blocked due to compliance with code AC100003').count()).toBe(1);
    await page.close();
  });

  it('keeps dark mode across a reload', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${browser.baseUrl}/en/sandbox`);
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.getByRole('button', { name: 'Dark mode' }).click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.reload();
    await page.locator('h1').waitFor();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('true');
    await page.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${browser.baseUrl}/en/no/such/page`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Page not found');
    await page.close();
  });

  it('shows the server status through the real API on the sandbox page', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${browser.baseUrl}/en/sandbox`);
    await expect.poll(() => page.getByTestId('database-kind').textContent()).toMatch(/^Embedded PGlite \d+/);
    await page.close();
  });

  it('loads the page and its entry script compressed with brotli, as the build wrote them', async () => {
    const page = await browser.context.newPage();
    const encodings = new Map<string, string | undefined>();
    page.on('response', (response) => encodings.set(new URL(response.url()).pathname, response.headers()['content-encoding']));
    await page.goto(`${browser.baseUrl}/en/login-v2`);
    await page.waitForLoadState('networkidle');
    const entry = [...encodings.keys()].find((path) => /^\/assets\/index-[\w-]+\.js$/.test(path));
    expect(entry).toBeDefined();
    expect(encodings.get(entry!)).toBe('br');
    expect(encodings.get('/en/login-v2')).toBe('br');
    await page.close();
  });

  it('answers a malformed API call with a 400 envelope', async () => {
    const response = await browser.context.request.get(`${browser.baseUrl}/prod-api/capi/v1/customer/order/list-currency?assetType=stocks`);
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, code: 'REQ0000400', data: null });
  });

  it('fits a 360 px phone screen without sideways scrolling', async () => {
    const phone = await openBrowser({ width: 360 });
    const page = await phone.context.newPage();
    for (const path of [
      '/en',
      '/zh',
      '/en/sandbox',
      '/zh/services-unavailable?code=10000047&mode=business',
      '/en/user-blocked',
      '/en/missing',
    ]) {
      await page.goto(`${phone.baseUrl}${path}`);
      await page.locator('h1').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    await phone.close();
  });
});
