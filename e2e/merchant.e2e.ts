import { createHmac } from 'node:crypto';
import { API_BASE, canonicalEntryQuery, PATHS } from '@causeway/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eBrowser, openBrowser } from './browser.ts';
import { signInAsDemo } from './flows.ts';

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

  it("buy-and-send: the merchant's BUY_SEND transaction is confirmed on sendto-confirm, paid by card, ends BuySendSuccess, and the merchant's endpoint gets it signed after one failure", async () => {
    const merchantWallet = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const tranId = `e2e-send-${Date.now()}`;
    // The demo merchant's endpoint answers the next delivery 500: the same webhook comes again about 5 s later.
    await page.request.post(`${browser.baseUrl}/sandbox/merchant/webhooks/fail-next`, { data: { count: 1 } });
    // The merchant's server creates the transaction, signed with its published sandbox secret (docs/sandbox.md).
    const fields = {
      apiKey: 'pk_sandbox_demo',
      timestamp: String(Date.now()),
      tranId,
      tranType: 'BUY_SEND',
      fiatCurrency: 'EUR',
      fiatAmount: '60',
      cryptoCurrency: 'BTC',
      network: 'BTC',
      walletAddress: merchantWallet,
    };
    const signature = createHmac('sha256', 'sk_sandbox_demo').update(canonicalEntryQuery(fields)).digest('hex');
    const created = await page.request.post(`${browser.baseUrl}${API_BASE}${PATHS.merchantTransactionCreate}`, {
      data: { ...fields, signature },
    });
    expect(created.status()).toBe(200);

    await signInAsDemo(page, browser.baseUrl);
    await page.goto(`${browser.baseUrl}/en/buy-crypto?tranId=${tranId}`);
    // The risk reminder comes first for a person who has not agreed to it yet (another file may have).
    await page.waitForURL(/risk-reminder|sendto-confirm/, { timeout: 15_000 });
    if (page.url().includes('risk-reminder')) {
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: /Continue/ }).click();
    }
    await page.waitForURL(/\/en\/sendto-confirm\?tranId=/, { timeout: 15_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Send to Sandbox Demo Shop' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByText(merchantWallet).count()).toBe(1);
    await page.getByRole('button', { name: /Confirm and pay/ }).click();

    await page.waitForURL(/\/en\/buy-crypto\?tranId=/);
    await expect.poll(() => page.getByRole('radio', { name: /4242 \*{4} \*{4} 4242/ }).isChecked(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText('You receive').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const pay = page.getByRole('button', { name: /^Pay 60\.00 EUR/ });
    await pay.waitFor();
    await pay.click();
    await page.waitForURL(/\/en\/result\?orderId=/, { timeout: 15_000 });
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    await expect.poll(() => page.getByRole('heading', { name: 'Purchase complete' }).count(), { timeout: 30_000 }).toBe(1);

    // The merchant's endpoint: its first delivery for this order (whichever status) was refused (500) and came
    // again under the same webhook id, answered 200; the order's BuySendSuccess reached it, signed.
    type Received = {
      webhookId: string;
      verified: boolean;
      answeredStatus: number;
      body: { data?: { orderId?: string; status?: string } } | null;
    };
    const deliveriesOf = async () =>
      ((await (await page.request.get(`${browser.baseUrl}/sandbox/merchant/webhooks`)).json()) as { received: Received[] }).received.filter(
        (row) => row.body?.data?.orderId === orderId,
      );
    await expect
      .poll(async () => (await deliveriesOf()).some((row) => row.body?.data?.status === 'BuySendSuccess' && row.answeredStatus === 200), {
        timeout: 30_000,
      })
      .toBe(true);
    await expect
      .poll(
        async () => {
          const rows = await deliveriesOf();
          const refused = rows.find((row) => row.answeredStatus === 500);
          return Boolean(refused && rows.some((row) => row.webhookId === refused.webhookId && row.answeredStatus === 200));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect((await deliveriesOf()).every((row) => row.verified)).toBe(true);
  });
});
