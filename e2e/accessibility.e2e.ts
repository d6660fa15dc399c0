import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessibilityAudit } from './accessibility.ts';
import { type E2eBrowser, openBrowser } from './browser.ts';
import { signInAsDemo } from './flows.ts';

/**
 * Issue 14: axe-core finds no serious or critical violation, in light or dark mode, on the pages a
 * person meets outside the purchase itself (the purchase pages are checked in buy.e2e.ts, the
 * first day on a phone in first-day.e2e.ts, the failed verification in kyc.e2e.ts). Desktop width.
 * The demo account is only looked at here, never changed, so other files can rely on its state.
 */
let browser: E2eBrowser;
let page: Page;
beforeAll(async () => {
  // Axe is injected into the page, which our CSP would refuse.
  browser = await openBrowser({ bypassCSP: true });
  page = await browser.context.newPage();
});
afterAll(() => browser.close());

const audit = new AccessibilityAudit();
const check = (label: string) => audit.check(page, label);

describe('accessibility of the pages around a purchase', () => {
  it('signed out: sign-in, business sign-in, password reset and the legal pages', async () => {
    await page.goto(`${browser.baseUrl}/en/login-v2`);
    await page.getByLabel('Email').waitFor();
    await check('login-v2');
    await page.getByLabel('Email').fill('demo@causeway.test');
    await page.getByRole('button', { name: /Continue/ }).click();
    await page.getByLabel('Password').waitFor();
    await check('login-v2 password step');

    await page.goto(`${browser.baseUrl}/en/business-login`);
    await page.getByLabel('Email').waitFor();
    await check('business-login');

    await page.goto(`${browser.baseUrl}/en/reset-pwd`);
    await page.getByRole('button', { name: 'Send code' }).waitFor();
    await check('reset-pwd');

    for (const [name, title] of [
      ['terms', 'Terms of Use'],
      ['privacy', 'Privacy Statement'],
      ['cookies', 'Cookie Policy'],
    ]) {
      await page.goto(`${browser.baseUrl}/en/legal/${name}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await check(`legal ${name}`);
    }
  });

  it('signed in as the demo person: dashboard, security centre, history, saved addresses and a help article', async () => {
    await signInAsDemo(page, browser.baseUrl);
    await check('dashboard');

    await page.goto(`${browser.baseUrl}/en/settings`);
    await page.getByRole('heading', { name: 'Security centre' }).waitFor();
    await check('security centre');

    await page.goto(`${browser.baseUrl}/en/history`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await check('history');

    await page.goto(`${browser.baseUrl}/en/manage-wallet`);
    await page.getByRole('heading', { level: 1, name: 'Saved addresses' }).waitFor();
    await page.getByRole('region', { name: 'BTC on Bitcoin' }).waitFor();
    await check('manage-wallet');

    await page.getByRole('button', { name: 'Help', exact: true }).and(page.locator('[data-status]')).click();
    const panel = page.getByRole('dialog', { name: 'Help centre' });
    await panel.getByRole('button', { name: /How do I buy crypto with a card\?/ }).click();
    await expect.poll(() => panel.locator('article').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await check('help article');
    await panel.getByRole('button', { name: 'Back' }).click();
    await panel.getByRole('tab', { name: 'Help' }).click();
    await check('help tab');
    await panel.getByRole('button', { name: /Contact support/ }).click();
    await panel.getByLabel('Message', { exact: true }).waitFor();
    await check('help support form');
  });

  it('finds no serious or critical violation on any of them', () => {
    expect(audit.findings).toEqual({});
  });
});
