import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessibilityAudit } from './accessibility.ts';
import { type E2eBrowser, openBrowser } from './browser.ts';
import { signInAsDemo } from './flows.ts';

/**
 * Buying with Klarna in Chromium (docs/rules/order-states.md "Klarna"): the demo user chooses "Pay later
 * with Klarna" on the card page, confirms, and is sent to the sandbox's Klarna widget. Approve comes back
 * through klarna-callback to the result page, which follows the order to SUCCESS; Decline ends on
 * order-submit-fail with Klarna's text. The demo user has no authenticator and gets none here (other
 * files sign in as demo without one): the check before a buy lets it pay without a code.
 */
let browser: E2eBrowser;
let page: Page;
beforeAll(async () => {
  // Axe is injected into the pages, which our CSP would refuse.
  browser = await openBrowser({ bypassCSP: true });
  page = await browser.context.newPage();
});
afterAll(() => browser.close());

const audit = new AccessibilityAudit();
const checkAccessibility = (label: string) => audit.check(page, label);

/** The card page, past the risk warning when this is the demo user's first trade in this run. */
async function openCardPage() {
  await page.goto(`${browser.baseUrl}/en/card-buy-sell`);
  const klarna = page.getByRole('radio', { name: 'Pay later with Klarna' });
  const riskWarning = page.getByRole('checkbox', { name: /I have read this/ });
  await klarna.or(riskWarning).first().waitFor({ timeout: 15_000 });
  if (await riskWarning.isVisible()) {
    await riskWarning.check();
    await page.getByRole('button', { name: /Continue/ }).click();
  }
  await klarna.waitFor({ timeout: 15_000 });
}

/** Chooses Klarna, types an amount in EUR, confirms and pays: the browser goes to the sandbox's widget. */
async function payWithKlarna(amount: string, options: { checkAccessibility?: boolean } = {}) {
  await page.getByRole('radio', { name: 'Pay later with Klarna' }).check();
  await page.getByLabel('You spend (EUR)').fill(amount);
  await expect.poll(() => page.getByText('You receive').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  if (options.checkAccessibility) await checkAccessibility('card-buy-sell with Klarna chosen');
  await page.getByRole('button', { name: /Continue/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your order' });
  await dialog.getByText('Pay later with Klarna').waitFor();
  if (options.checkAccessibility) await checkAccessibility('confirm dialog with Klarna');
  await dialog.getByRole('button', { name: `Pay ${amount}.00 EUR with Klarna` }).click();
  await page.waitForURL(/\/sandbox\/klarna\//, { timeout: 15_000 });
}

describe('buying crypto with Klarna', () => {
  it('the demo user buys BTC with Klarna, approves in the sandbox widget and sees SUCCESS', async () => {
    await signInAsDemo(page, browser.baseUrl);
    await openCardPage();
    await payWithKlarna('50', { checkAccessibility: true });
    await page.getByRole('heading', { name: 'Pay with Klarna' }).waitFor();
    await checkAccessibility('sandbox Klarna widget');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/en\/result\?orderId=/, { timeout: 15_000 });
    // The widget's answer (its token) never stays in the address.
    expect(new URL(page.url()).hash).toBe('');
    await expect.poll(() => page.getByRole('heading', { name: 'Purchase complete' }).count(), { timeout: 30_000 }).toBe(1);
    await checkAccessibility('result after Klarna');
  });

  it('a Klarna buy declined in the widget ends on order-submit-fail with the Klarna text (at 360 px)', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openCardPage();
    await page.getByRole('radio', { name: 'Pay later with Klarna' }).check();
    // Nothing scrolls sideways on a small phone with the choice and its hint shown.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await payWithKlarna('40');
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/en\/order-submit-fail\?/, { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('reason')).toBe('KLARNA_DECLINED');
    await expect
      .poll(() => page.getByText('Klarna did not approve this payment, so the order was not placed. Nothing was charged.').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await checkAccessibility('order submit failed after Klarna');
  });

  it('has no serious or critical axe-core findings on those pages, light or dark', () => {
    expect(audit.findings).toEqual({});
  });
});
