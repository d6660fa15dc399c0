import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { violationsInBothThemes } from './accessibility.ts';
import { type E2eBrowser, openBrowser } from './browser.ts';
import { signUpThroughLoginV2 } from './flows.ts';

let browser: E2eBrowser;
beforeAll(async () => {
  // Axe is injected into the failure page, which our CSP would refuse.
  browser = await openBrowser({ bypassCSP: true });
});
afterAll(() => browser.close());

/** A PNG as a phone camera would send it: the PNG signature, then image-sized data. */
const DOCUMENT_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40 * 1024, 7)]);

/** A new person signs up, lands on account-status (docs/rules/order-states.md gating) and fills the sandbox vendor's form. */
async function signUpAndVerify(page: Page, lastName: string, nationality = 'DE') {
  const email = `e2e-kyc-${lastName.toLowerCase()}-${Date.now()}@causeway.test`;
  await signUpThroughLoginV2(page, browser.baseUrl, email);
  await page.waitForURL(/\/en\/account-status$/);
  await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
  await page.getByRole('button', { name: /Start verification/ }).click();
  await page.waitForURL(/\/sandbox\/kyc\/verify\?/);
  await page.getByLabel('First name').fill('Erika');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Date of birth').fill('1988-08-12');
  await page.getByLabel('Nationality').selectOption(nationality);
  await page.getByLabel('Country of residence').selectOption('DE');
  await page.getByLabel(/Identity document/).setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: DOCUMENT_PNG });
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.waitForURL(/\/en\/account-status\?fromVendor=1$/);
  return email;
}

describe('identity verification in Chromium', () => {
  it('sends a new user to account-status, verifies them in the sandbox and shows them Verified', async () => {
    const page = await browser.context.newPage();
    await signUpAndVerify(page, 'Mustermann');
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
    const email = await signUpAndVerify(page, 'Reject');
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
    await signUpAndVerify(page, 'Sanction');
    await page.waitForURL(/\/en\/user-blocked\?code=AC100002$/, { timeout: 20_000 });
    await page.getByText('Blocked due to compliance with code AC100002').waitFor();
    await page.close();
  });
});
