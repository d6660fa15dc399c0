import type { APIRequestContext, Page } from 'playwright-core';

/** The sandbox mailbox of an address, newest message first (docs/sandbox.md). */
export async function readMailbox(request: APIRequestContext, baseUrl: string, email: string): Promise<Array<{ subject: string }>> {
  const response = await request.get(`${baseUrl}/sandbox/mailbox?to=${encodeURIComponent(email)}`);
  return (await response.json()).messages as Array<{ subject: string }>;
}

/** The newest code in the sandbox mailbox for an address (docs/sandbox.md: six digits in the subject), waiting for it to arrive. */
export async function readLatestCode(request: APIRequestContext, baseUrl: string, email: string, notCode?: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const [latest] = await readMailbox(request, baseUrl, email);
    const code = latest?.subject.match(/\b(\d{6})\b/)?.[1];
    if (code && code !== notCode) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no new code for ${email}`);
}

/** Types a code into the six boxes of a group (the sixth digit submits where the form auto-submits). */
export async function typeCode(page: Page, groupName: string, code: string) {
  await page.getByRole('group', { name: groupName }).getByRole('textbox').first().click();
  await page.keyboard.type(code);
}

/**
 * A new account through login-v2 and the emailed code. The set-password step is skipped, or with
 * `password` fills it in and saves, waiting for the authenticator offer that follows. Answers the
 * code used.
 */
export async function signUpThroughLoginV2(
  page: Page,
  baseUrl: string,
  email: string,
  options: { password?: string } = {},
): Promise<string> {
  await page.goto(`${baseUrl}/en/login-v2`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /Continue/ }).click();
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByRole('button', { name: /Continue/ }).click();
  await page.getByRole('dialog', { name: 'Check your email' }).waitFor();
  const code = await readLatestCode(page.request, baseUrl, email);
  await typeCode(page, 'Verification code', code);
  if (options.password === undefined) {
    await page.getByRole('button', { name: 'Skip for now' }).click();
    return code;
  }
  await page.getByRole('heading', { name: 'Set a password' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(options.password);
  await page.getByLabel('Repeat password').fill(options.password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await page.getByRole('heading', { name: 'Protect your account' }).waitFor();
  return code;
}

/** Signs in as docs/sandbox.md's demo individual with its password, landing on the dashboard. */
export async function signInAsDemo(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/en/login-v2`);
  await page.getByLabel('Email').fill('demo@causeway.test');
  await page.getByRole('button', { name: /Continue/ }).click();
  await page.getByLabel('Password').fill('Causeway-demo-2026!');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/en\/dashboard/);
}

/** The add-card form's billing address (ours; the card itself goes into the processor's card fields). */
export async function fillBillingAddress(page: Page) {
  await page.getByLabel('First name').fill('Demo');
  await page.getByLabel('Last name').fill('User');
  await page.getByLabel('Address', { exact: true }).fill('Unter den Linden 1');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('Postal code').fill('10117');
  await page.getByLabel('Country').selectOption('DE');
}
