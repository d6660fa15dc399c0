import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { canonicalEntryQuery } from '@causeway/contracts';
import { generate } from 'otplib';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type E2eBrowser, openBrowser } from './browser.ts';
import { readLatestCode, readMailbox, signUpThroughLoginV2, typeCode } from './flows.ts';

let browser: E2eBrowser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser.close());

/** Every secret this file typed: none may be found in the server's log afterwards. */
const secretsUsed = new Set<string>();

/** The newest code for an address, remembered as a secret the log must not hold. */
async function latestCode(request: APIRequestContext, email: string, notCode?: string): Promise<string> {
  const code = await readLatestCode(request, browser.baseUrl, email, notCode);
  secretsUsed.add(code);
  return code;
}

/** Entry query of docs/sandbox.md's demo merchant, signed with its secret as a merchant's server would. */
function demoMerchantEntry(params: Record<string, string>): string {
  const entry = { apiKey: 'pk_sandbox_demo', timestamp: String(Date.now()), ...params };
  const signature = createHmac('sha256', 'sk_sandbox_demo').update(canonicalEntryQuery(entry)).digest('hex');
  return new URLSearchParams({ ...entry, signature }).toString();
}

const mailCount = async (request: APIRequestContext, email: string) => (await readMailbox(request, browser.baseUrl, email)).length;

/** login-v2 (or another sign-in page): email, Continue, password, Sign in. */
async function signInWithPassword(page: Page, signInPath: string, address: string, secret: string) {
  await page.goto(`${browser.baseUrl}${signInPath}`);
  await page.getByLabel('Email').fill(address);
  await page.getByRole('button', { name: /Continue/ }).click();
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function totpNow(secret: string, offsetSteps = 0): Promise<string> {
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
  secretsUsed.add(code);
  return code;
}

/** A secret standing on its own in the text (not a piece of a timestamp or a longer number). */
const standsIn = (text: string, secret: string) =>
  new RegExp(`(?<![\\w.])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.])`).test(text);

describe('identity in Chromium', () => {
  const email = `e2e-${Date.now()}@causeway.test`;
  const password = 'E2e-Password-2026!';
  let setupKey = '';
  secretsUsed.add(password).add('Causeway-demo-2026!');

  it('signs up through login-v2 with the emailed code and sets a password', async () => {
    const page = await browser.context.newPage();
    secretsUsed.add(await signUpThroughLoginV2(page, browser.baseUrl, email, { password }));
    await page.close();
  });

  it('binds the authenticator with codes computed from the setup key, then logs out', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${browser.baseUrl}/en/settings?bind=authenticator`);
    const dialog = page.getByRole('dialog', { name: 'Set up your authenticator' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    setupKey = (await dialog.getByTestId('setup-key').textContent()) ?? '';
    secretsUsed.add(setupKey);
    expect(setupKey).toMatch(/^[A-Z2-7]{16,}$/);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await typeCode(page, 'Email code', await latestCode(page.request, email, undefined));
    await typeCode(page, 'Authenticator code', await totpNow(setupKey));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toMatch(/^On/);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/en\/login-v2$/);
    expect(await page.evaluate(() => localStorage.getItem('causeway.token.individual'))).toBeNull();
    await page.close();
  });

  it('signs in again with the password and the authenticator code', async () => {
    const page = await browser.context.newPage();
    await signInWithPassword(page, '/en/login-v2', email, password);
    await page.getByRole('heading', { name: 'Authenticator code' }).waitFor();
    // The binding used this 30 s step; the next step's code is accepted (±1 step) and never a replay.
    await typeCode(page, 'Authenticator code', await totpNow(setupKey, 1));
    // Signed in; not verified yet, so docs/rules/order-states.md gating shows the verification status first.
    await page.waitForURL(/\/en\/account-status$/);
    await page.goto(`${browser.baseUrl}/en/settings`);
    await expect.poll(() => page.getByText(`Signed in as ${email}`).count()).toBe(1);
    await page.close();
  });

  it('signs a business user in on business-login with a business token', async () => {
    const page = await browser.context.newPage();
    await signInWithPassword(
      page,
      '/en/business-login?tranType=buy&fiatCurrency=EUR&paymentMethod=CARD',
      'business@causeway.test',
      'Causeway-demo-2026!',
    );
    // A verified business (the demo one) lands on its portal home.
    await page.waitForURL(/\/en\/corporation-portal\/home$/);
    const stored = await page.evaluate(() => localStorage.getItem('causeway.token.business'));
    expect(JSON.parse(stored ?? '{}').data.token).toEqual(expect.any(String));
    await page.close();
  });

  it('locks the account after five wrong codes', async () => {
    const page = await browser.context.newPage();
    await signInWithPassword(page, '/en/login-v2', email, password);
    await page.getByRole('heading', { name: 'Authenticator code' }).waitFor();
    const rightCode = await totpNow(setupKey, 1);
    const wrongCode = rightCode === '000000' ? '111111' : '000000';
    const invalid = page.getByText('Invalid code. Please try again.');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await page.keyboard.type(wrongCode);
      await invalid.waitFor();
      // Backspace clears every box and the error line: each attempt is a new submission.
      await page.getByRole('group', { name: 'Authenticator code' }).getByRole('textbox').first().click();
      await page.keyboard.press('Backspace');
      await invalid.waitFor({ state: 'hidden' });
    }
    await page.keyboard.type(wrongCode);
    await page.getByText('Maximum attempts exceeded, try again in 1 hour').waitFor();
    // Locked: even the right password is refused now, for an hour.
    await signInWithPassword(page, '/en/login-v2', email, password);
    await page.getByText('Maximum attempts exceeded, try again in 1 hour').waitFor();
    await page.close();
  });

  it('asks the bound authenticator on a password reset, and keeps the lock its wrong codes set', async () => {
    const newPassword = 'Reset-Password-2026!';
    secretsUsed.add(newPassword);
    const page = await browser.context.newPage();
    await page.goto(`${browser.baseUrl}/en/reset-pwd?email=${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('group', { name: 'Code from the email' }).waitFor();
    await typeCode(page, 'Code from the email', await latestCode(page.request, email));
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Repeat password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    // docs/trust.md: factor changes need the second factor when one is bound.
    await page.getByText('This account has an authenticator: enter its 6-digit code too.').waitFor();
    await typeCode(page, 'Authenticator code', await totpNow(setupKey, 1));
    await page.getByRole('button', { name: 'Reset password' }).click();
    // The five wrong authenticator codes above locked the account for an hour; the reset does not get around it.
    await page.getByText('Maximum attempts exceeded, try again in 1 hour').waitFor();
    await page.close();
  });

  it("signs a merchant's customer in through login-v3, then lets them skip the sign-in on the next visit", async () => {
    const merchantEmail = `e2e-shopper-${Date.now()}@causeway.test`;
    const merchantUserId = `e2e-customer-${Date.now()}`;
    const page = await browser.context.newPage();
    await page.goto(`${browser.baseUrl}/en/login-v3?${demoMerchantEntry({ merchantUserId, email: merchantEmail })}`);
    await page.getByRole('heading', { name: 'Continue to Sandbox Demo Shop' }).waitFor();
    await page.getByRole('button', { name: /Continue/ }).click();
    await page.getByRole('dialog', { name: 'Check your email' }).waitFor();
    await typeCode(page, 'Verification code', await latestCode(page.request, merchantEmail));
    await page.getByRole('heading', { name: 'Set a password' }).waitFor();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    // A new customer must verify first (docs/rules/order-states.md gating).
    await page.waitForURL(/\/en\/account-status$/);

    // A new browser session: the merchant's signed link alone signs the linked customer in.
    await page.evaluate(() => localStorage.clear());
    const mailsBefore = await mailCount(page.request, merchantEmail);
    await page.goto(`${browser.baseUrl}/en/skip-login?${demoMerchantEntry({ merchantUserId, email: merchantEmail })}`);
    await page.waitForURL(/\/en\/account-status$/);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('causeway.token.independent'))) ?? '{}').data.token).toEqual(
      expect.any(String),
    );
    expect(await mailCount(page.request, merchantEmail)).toBe(mailsBefore);
    await page.close();
  });

  it('never wrote a code, password or authenticator key to the server log', async () => {
    const log = fs.readFileSync(inject('serverLogPath'), 'utf8');
    expect(log.length).toBeGreaterThan(0);
    expect(log).toContain('/prod-api/capi/v1/login/common/password');
    expect([...secretsUsed].filter((secret) => standsIn(log, secret))).toEqual([]);
  });
});
