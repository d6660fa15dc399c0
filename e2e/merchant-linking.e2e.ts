import { createHmac } from 'node:crypto';
import { API_BASE, canonicalEntryQuery, PATHS } from '@causeway/contracts';
import type { APIRequestContext, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eBrowser, openBrowser } from './browser.ts';
import { fillBillingAddress, passAppropriatenessTest, readMailbox, signInAsDemo, typeCode } from './flows.ts';

/**
 * Issue 20 in Chromium, linking (docs/rules/merchant-linking.md) and the merchant console
 * (docs/rules/merchant-console.md): a new person signs up inside the framed checkout, which links the
 * merchant's customer id to the new account (the merchant then hears of the person's verification and
 * the next open goes straight to that account's code), verifies and pays the merchant's transaction by
 * card, and the host page hears `order.updated`; a business signing in with the orderToken of a customer
 * linked to another account lands on account-linking-failed; a merchant member rolls a key in the console
 * and the old secret stops signing. Every test makes its own customer ids, transactions and keys: the
 * e2e files share one server and database (global-setup.ts), and the demo key sk_sandbox_demo is never
 * rolled here.
 */
let browser: E2eBrowser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser.close());

const MERCHANT_NAME = 'Sandbox Demo Shop';
const DEMO_KEY = { apiKey: 'pk_sandbox_demo', secret: 'sk_sandbox_demo' };
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** What the merchant's server does: a transaction through our merchant API, signed with a key's secret. */
async function createTransaction(
  request: APIRequestContext,
  key: { apiKey: string; secret: string },
  fields: Record<string, string>,
): Promise<{ status: number; code: string; orderToken?: string }> {
  const signed = { apiKey: key.apiKey, timestamp: String(Date.now()), ...fields };
  const signature = createHmac('sha256', key.secret).update(canonicalEntryQuery(signed)).digest('hex');
  const answer = await request.post(`${browser.baseUrl}${API_BASE}${PATHS.merchantTransactionCreate}`, { data: { ...signed, signature } });
  const body = (await answer.json()) as { code: string; data?: { orderToken?: string } };
  return { status: answer.status(), code: body.code, ...(body.data?.orderToken ? { orderToken: body.data.orderToken } : {}) };
}

/** A buy of BTC for EUR, as the sandbox shop makes them. */
const buyFields = (tranId: string, merchantUserId: string) => ({
  tranId,
  tranType: 'buy',
  fiatCurrency: 'EUR',
  fiatAmount: '30',
  cryptoCurrency: 'BTC',
  network: 'BTC',
  merchantUserId,
});

/** The checkout's events the sandbox merchant page listed (#events, newest first): type and data. */
async function hostEvents(page: Page): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
  return page.locator('#events li').evaluateAll((items) =>
    items.map((item) => ({
      type: item.querySelector('strong')?.textContent ?? '',
      data: JSON.parse(item.querySelector('pre')?.textContent ?? '{}') as Record<string, unknown>,
    })),
  );
}

type Received = { eventType: string; verified: boolean; body: { data?: Record<string, unknown> } | null };
/** What the demo merchant's webhook endpoint received (docs/sandbox.md "Merchant webhooks"). */
async function webhooksReceived(request: APIRequestContext): Promise<Received[]> {
  return ((await (await request.get(`${browser.baseUrl}/sandbox/merchant/webhooks`)).json()) as { received: Received[] }).received;
}

/** Every code in an address's sandbox mailbox (docs/sandbox.md: six digits in the subject), newest first. */
async function mailboxCodes(request: APIRequestContext, email: string): Promise<string[]> {
  return (await readMailbox(request, browser.baseUrl, email)).flatMap((message) => /\b(\d{6})\b/.exec(message.subject)?.[1] ?? []);
}

/**
 * The newest code that was not in the mailbox before, waiting for it: other mail (an order's receipt) may
 * land after it, so the newest message need not be the code.
 */
async function newCode(request: APIRequestContext, email: string, before: readonly string[]): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        code = (await mailboxCodes(request, email)).find((candidate) => !before.includes(candidate));
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeDefined();
  return code!;
}

/** Types a code into the six boxes of a group inside the framed checkout. */
async function typeCodeIn(page: Page, frame: FrameLocator, groupName: string, code: string) {
  await frame.getByRole('group', { name: groupName }).getByRole('textbox').first().click();
  await page.keyboard.type(code);
}

/**
 * A new person's way to the trade page (docs/rules/appropriateness.md): the risk warning, then the appropriateness
 * test. Each is waited for beside the trade page (`arrived`), which comes as soon as the risk check answers OK.
 */
async function passRiskSteps(frame: FrameLocator, arrived: Locator) {
  const reached = async (here: Locator) => {
    await here.or(arrived).first().waitFor({ timeout: 20_000 });
    return !(await arrived.isVisible());
  };
  const warning = frame.getByRole('checkbox', { name: /I have read this/ });
  if (!(await reached(warning))) return;
  await warning.check();
  await frame.getByRole('button', { name: /Continue/ }).click();
  if (await reached(frame.getByRole('button', { name: 'Start the test' }))) await passAppropriatenessTest(frame);
}

/** A PNG as a phone camera would send it: the PNG signature, then image-sized data. */
const DOCUMENT_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40 * 1024, 7)]);

describe("linking a merchant's customer to an account", () => {
  it(
    "a new person signs up inside the framed checkout, is linked to the merchant's customer id, verifies, pays the transaction by card, and the host hears order.updated",
    { timeout: 150_000 },
    async () => {
      const page = await browser.context.newPage();
      const id = unique();
      const customerId = `e2e-link-${id}`;
      const email = `e2e-link-${id}@causeway.test`;

      await page.goto(`${browser.baseUrl}/sandbox/merchant`);
      await page.getByLabel('Customer id (merchantUserId)').fill(customerId);
      await page.getByLabel("Customer's email (optional)").fill(email);
      await page.getByLabel('Amount in EUR (optional)').fill('30');
      await page.getByRole('button', { name: 'Open checkout' }).click();
      const checkout = page.frameLocator('iframe');
      // The shop's server made the transaction first (buy BTC for 30 EUR, for this customer); the page names it.
      await expect.poll(() => page.locator('#form-status').textContent(), { timeout: 15_000 }).toMatch(/for transaction sandbox-/);
      const tranId = /for transaction (sandbox-[\w-]+)/.exec((await page.locator('#form-status').textContent()) ?? '')![1]!;

      // No account has this email yet: the checkout offers to create one with it, terms ticked.
      await checkout.getByRole('heading', { name: `Continue to ${MERCHANT_NAME}` }).waitFor({ timeout: 20_000 });
      await expect.poll(() => checkout.getByText(`Create a Causeway account with ${email}`).count()).toBe(1);
      await expect.poll(() => hostEvents(page), { timeout: 10_000 }).toContainEqual(expect.objectContaining({ type: 'checkout.ready' }));
      await checkout.getByRole('button', { name: /Continue/ }).click();
      await checkout.getByRole('dialog', { name: 'Check your email' }).waitFor();
      await typeCodeIn(page, checkout, 'Verification code', await newCode(page.request, email, []));
      await checkout.getByRole('button', { name: 'Skip for now' }).click();

      // A new person verifies first (docs/rules/order-states.md gating), in the frame, on the sandbox vendor's page.
      await checkout.getByRole('heading', { name: 'Verify your identity' }).waitFor({ timeout: 20_000 });
      await checkout.getByRole('button', { name: /Start verification/ }).click();
      await checkout.getByLabel('First name').fill('Erika');
      await checkout.getByLabel('Last name').fill('Linked');
      await checkout.getByLabel('Date of birth').fill('1988-08-12');
      await checkout.getByLabel('Nationality').selectOption('DE');
      await checkout.getByLabel('Country of residence').selectOption('DE');
      await checkout.getByLabel(/Identity document/).setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: DOCUMENT_PNG });
      await checkout.getByRole('button', { name: 'Submit for review' }).click();
      await checkout.getByRole('heading', { name: 'Your residential address' }).waitFor({ timeout: 20_000 });
      await checkout.getByLabel('Street and number').fill('Hauptstraße 5');
      await checkout.getByLabel('City', { exact: true }).fill('Köln');
      await checkout.getByLabel('Postal code').fill('50667');
      await checkout.getByRole('button', { name: 'Save address' }).click();
      await checkout.getByRole('heading', { name: 'You are verified' }).waitFor();

      // The merchant's view: its customer id is linked to the new account, so the merchant's server hears of
      // that account's review (kyc.updated, signed) under the customer id, and so does the page.
      await expect
        .poll(
          async () =>
            (await webhooksReceived(page.request)).some(
              (row) =>
                row.eventType === 'kyc.updated' &&
                row.verified &&
                row.body?.data?.merchantUserId === customerId &&
                row.body.data.kycStatus === 'Pass',
            ),
          { timeout: 20_000 },
        )
        .toBe(true);
      await expect
        .poll(() => hostEvents(page), { timeout: 10_000 })
        .toContainEqual({ type: 'kyc.updated', data: expect.objectContaining({ merchantUserId: customerId, kycStatus: 'Pass' }) });

      // The merchant's transaction: 30 EUR of BTC, paid by card in the frame (the risk warning and the
      // appropriateness test first, once).
      await checkout.getByRole('button', { name: 'Continue' }).click();
      const addCard = checkout.getByRole('button', { name: 'Add card' });
      await passRiskSteps(checkout, addCard);
      await addCard.click();
      const fields = checkout.frameLocator('iframe[title="Card details"]');
      await fields.getByLabel('Card number').fill('4242424242424242');
      await fields.getByLabel('Expiry (MM/YY)').fill('12/30');
      await fields.getByLabel('CVV').fill('123');
      await fillBillingAddress(checkout);
      await checkout.getByRole('button', { name: 'Save card' }).click();
      await checkout.getByRole('radio', { name: /4242 \*{4} \*{4} 4242/ }).check();
      await checkout.getByLabel('Your BTC address on Bitcoin').fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
      await expect.poll(() => checkout.getByText('You receive').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await checkout.getByRole('button', { name: /Continue/ }).click();
      const pay = checkout.getByRole('button', { name: /^Pay 30\.00 EUR/ });
      await pay.waitFor();
      await pay.click();
      await checkout.getByRole('heading', { name: 'Purchase complete' }).waitFor({ timeout: 30_000 });

      // The host heard each status the result page saw, the last one the order's end, for its customer.
      await expect
        .poll(() => hostEvents(page), { timeout: 10_000 })
        .toContainEqual({
          type: 'order.updated',
          data: expect.objectContaining({
            tranId,
            merchantUserId: customerId,
            side: 'BUY',
            status: 'SUCCESS',
            fiatCurrency: 'EUR',
            fiatAmount: expect.stringMatching(/^30(\.0+)?$/),
            cryptoCurrency: 'BTC',
          }),
        });

      // Opened again for the same customer, naming no email: straight to the code, sent to the linked account's
      // address (shown masked), where no email was asked for.
      await page.getByRole('button', { name: 'Close checkout' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      const codesBefore = await mailboxCodes(page.request, email);
      await page.getByLabel("Customer's email (optional)").fill('');
      await page.getByLabel('Amount in EUR (optional)').fill('');
      await page.getByRole('button', { name: 'Open checkout' }).click();
      const again = page.frameLocator('iframe');
      await again.getByRole('heading', { name: 'Check your email' }).first().waitFor({ timeout: 20_000 });
      await expect.poll(() => again.getByText('Enter the 6-digit code we sent to e2***@causeway.test.').count()).toBeGreaterThan(0);
      await newCode(page.request, email, codesBefore);
      await page.close();
    },
  );
});

describe('a customer id linked to another account', () => {
  it("a business signing in with the transaction's orderToken lands on account-linking-failed, naming the merchant and the reason", async () => {
    const own = await openBrowser();
    try {
      const page = await own.context.newPage();
      const id = unique();
      const customerId = `e2e-linked-${id}`;
      const tranId = `e2e-linked-${id}`;
      // The merchant's server makes a transaction for its customer: the answer carries its orderToken.
      const created = await createTransaction(page.request, DEMO_KEY, buyFields(tranId, customerId));
      expect(created).toMatchObject({ status: 200, code: '000000', orderToken: expect.stringMatching(new RegExp(`^${tranId}:`)) });

      // That customer id is linked to the demo person first: the merchant's signed entry and the emailed code.
      const demoCodesBefore = await mailboxCodes(page.request, 'demo@causeway.test');
      const entry = { apiKey: DEMO_KEY.apiKey, timestamp: String(Date.now()), merchantUserId: customerId, email: 'demo@causeway.test' };
      const signature = createHmac('sha256', DEMO_KEY.secret).update(canonicalEntryQuery(entry)).digest('hex');
      await page.goto(`${own.baseUrl}/en/login-v3?${new URLSearchParams({ ...entry, signature }).toString()}`);
      await page.getByRole('heading', { name: `Continue to ${MERCHANT_NAME}` }).waitFor();
      await page.getByRole('button', { name: /Continue/ }).click();
      await page.getByRole('dialog', { name: 'Check your email' }).waitFor();
      await typeCode(page, 'Verification code', await newCode(page.request, 'demo@causeway.test', demoCodesBefore));
      await page.waitForURL(/\/en\/dashboard/, { timeout: 15_000 });
      await page.evaluate(() => localStorage.clear());

      // The demo business comes with the merchant's link for that transaction (business-login?tranId=…&orderToken=…).
      const link = new URLSearchParams({ tranId, orderToken: created.orderToken! }).toString();
      await page.goto(`${own.baseUrl}/en/business-login?${link}`);
      await page.getByLabel('Email').fill('business@causeway.test');
      await page.getByRole('button', { name: /Continue/ }).click();
      await page.getByLabel('Password').fill('Causeway-demo-2026!');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();

      // Its KYB has passed and the transaction is still Initial: the gating shows why the link failed.
      await page.waitForURL(/\/en\/account-linking-failed\?/, { timeout: 15_000 });
      const url = new URL(page.url());
      expect(url.searchParams.get('failCode')).toBe('ALREADY_LINKED_ANOTHER_ACCOUNT');
      expect(url.searchParams.get('merchantName')).toBe(MERCHANT_NAME);
      await page.getByRole('heading', { name: 'Account linking failed' }).waitFor();
      await expect
        .poll(() =>
          page
            .getByText(
              `Your account at ${MERCHANT_NAME} is already linked to another account with us. Sign in with that account, or contact ${MERCHANT_NAME} to change the link.`,
            )
            .count(),
        )
        .toBe(1);
    } finally {
      await own.close();
    }
  });
});

describe('the merchant console', () => {
  it("a merchant's Owner makes a key, rolls it (the old one works until its grace ends or it is revoked), and rolls again at once: the old secret is refused, the new one signs", async () => {
    const own = await openBrowser();
    try {
      const page = await own.context.newPage();
      // docs/sandbox.md: the demo person owns the demo merchant in the console (no authenticator bound: no code asked).
      await signInAsDemo(page, own.baseUrl);
      await page.goto(`${own.baseUrl}/en/merchant-console/keys`);
      await page.getByRole('heading', { name: 'API keys' }).waitFor();
      await expect.poll(() => page.getByText(DEMO_KEY.apiKey, { exact: true }).count(), { timeout: 10_000 }).toBe(1);

      /** The key a secret dialog shows once, closed with Done. */
      const readShownKey = async (title: string | RegExp) => {
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.waitFor();
        const key = {
          apiKey: ((await dialog.getByText(/^pk_sandbox_/).textContent()) ?? '').trim(),
          secret: ((await dialog.getByText(/^sk_sandbox_/).textContent()) ?? '').trim(),
        };
        expect(key.apiKey).toMatch(/^pk_sandbox_[\w-]+$/);
        expect(key.secret).toMatch(/^sk_sandbox_[\w-]+$/);
        await dialog.getByRole('button', { name: 'Done' }).click();
        await dialog.waitFor({ state: 'hidden' });
        return key;
      };
      /** Whether a transaction signed with this key is taken (000000) or refused as a bad signature (USE000001010). */
      const signs = async (key: { apiKey: string; secret: string }) =>
        (await createTransaction(page.request, key, buyFields(`e2e-console-${unique()}`, `e2e-console-${unique()}`))).code;
      const roll = async (key: { apiKey: string }, overlap: string) => {
        await page.getByRole('button', { name: `Roll the key ${key.apiKey}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Roll this key?' });
        await dialog.getByRole('radio', { name: overlap }).check();
        await dialog.getByRole('button', { name: 'Roll', exact: true }).click();
        return readShownKey(`The key that replaces ${key.apiKey}`);
      };

      // A key of its own, so the demo key the other files sign with is never touched.
      await page.getByRole('button', { name: 'Create key' }).click();
      const first = await readShownKey('Your new API key');
      expect(await signs(first)).toBe('000000');

      // Rolled with 24 hours' grace: both keys sign until the old one is revoked.
      const second = await roll(first, '24 hours');
      expect(second.apiKey).not.toBe(first.apiKey);
      expect(await signs(second)).toBe('000000');
      expect(await signs(first)).toBe('000000');
      await page.getByRole('button', { name: `Revoke the key ${first.apiKey}` }).click();
      await page.getByRole('dialog', { name: 'Revoke this key?' }).getByRole('button', { name: 'Revoke', exact: true }).click();
      await expect.poll(() => page.getByText('Key revoked').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await signs(first)).toBe('USE000001010');
      expect(await signs(second)).toBe('000000');

      // Rolled to stop now (a secret believed stolen): the old secret is refused at once, the new one signs.
      const third = await roll(second, 'It stops now');
      expect(await signs(second)).toBe('USE000001010');
      expect(await signs(third)).toBe('000000');
      // The console lists each key with its state: revoked, ended, working.
      const item = (key: { apiKey: string }) => page.getByRole('listitem').filter({ hasText: key.apiKey });
      await expect.poll(() => item(first).getByText('Revoked', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => item(second).getByText('Expired', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => item(third).getByText('Active', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    } finally {
      await own.close();
    }
  });
});
