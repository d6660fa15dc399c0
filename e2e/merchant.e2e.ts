import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eBrowser, openBrowser } from './browser.ts';

/**
 * Issue 20 in Chromium: the sandbox merchant page (a merchant's site) opens the checkout through the SDK, the
 * checkout is framed (CSP frame-ancestors lets the merchant's allowed origin in), tells the host it is ready
 * over postMessage to that origin only, and the host closes it.
 */
let browser: E2eBrowser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = await browser.context.newPage();
});
afterAll(() => browser.close());

const events = () => page.locator('#events').textContent();

describe('the sandbox merchant page', () => {
  it('opens the checkout in an overlay through the SDK, hears checkout.ready from it, and closes it', async () => {
    await page.goto(`${browser.baseUrl}/sandbox/merchant`);
    await page.getByLabel('Customer id (merchantUserId)').fill('e2e-merchant-customer');
    await page.getByLabel("Customer's email (optional)").fill('e2e-merchant@example.com');
    await page.getByRole('button', { name: 'Open checkout' }).click();

    const overlay = page.getByRole('dialog');
    await expect.poll(() => overlay.isVisible(), { timeout: 15_000 }).toBe(true);
    // The merchant sign-in, in the frame: framed at all only because the page's origin is an allowed one.
    const checkout = page.frameLocator('iframe');
    await expect.poll(() => checkout.getByText('Continue to Sandbox Demo Shop').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(events, { timeout: 10_000 }).toContain('checkout.ready');

    await page.getByRole('button', { name: 'Close checkout' }).click();
    await expect.poll(() => overlay.count()).toBe(0);
    await expect.poll(events).toContain('checkout.closed');
  });
});
