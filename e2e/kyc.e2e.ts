import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violationsInBothThemes } from './accessibility.ts';
import { type E2eBrowser, openBrowser } from './browser.ts';
import { signUpAndVerify } from './flows.ts';

let browser: E2eBrowser;
beforeAll(async () => {
  // Axe is injected into the failure page, which our CSP would refuse.
  browser = await openBrowser({ bypassCSP: true });
});
afterAll(() => browser.close());

describe('identity verification in Chromium', () => {
  it('sends a new user to account-status, verifies them in the sandbox and shows them Verified', async () => {
    const page = await browser.context.newPage();
    await signUpAndVerify(page, browser.baseUrl, 'Mustermann');
    // The page follows the review by itself; a verified person then gives the address (kycAddress).
    await page.getByRole('heading', { name: 'Your residential address' }).waitFor({ timeout: 20_000 });
    await page.getByLabel('Street and number').fill('Hauptstraße 5');
    await page.getByLabel('City', { exact: true }).fill('Köln');
    await page.getByLabel('Postal code').fill('50667');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByRole('heading', { name: 'You are verified' }).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect.poll(() => page.getByText('Verified', { exact: true }).count()).toBeGreaterThan(0);
    await page.close();
  });

  it('shows the failure stage to a user named Reject, with a way to reach support', async () => {
    const page = await browser.context.newPage();
    const email = await signUpAndVerify(page, browser.baseUrl, 'Reject');
    await page.getByRole('heading', { name: 'Verification failed' }).waitFor({ timeout: 20_000 });
    expect(await violationsInBothThemes(page, 'verification failed')).toEqual({});
    // Issue 14 item 7: not a dead end. The help widget's support form opens, with the person's address.
    await page.getByRole('button', { name: 'Contact support' }).click();
    const panel = page.getByRole('dialog', { name: 'Help centre' });
    await expect.poll(() => panel.getByLabel('Email').inputValue(), { timeout: 10_000 }).toBe(email);
    await page.close();
  });

  it('sends a user named Sanction to user-blocked with AC100002', async () => {
    const page = await browser.context.newPage();
    await signUpAndVerify(page, browser.baseUrl, 'Sanction');
    await page.waitForURL(/\/en\/user-blocked\?code=AC100002$/, { timeout: 20_000 });
    await page.getByText('Blocked due to compliance with code AC100002').waitFor();
    await page.close();
  });
});
