import type { APIRequestContext, Page } from 'playwright-core';

/** The newest code in the sandbox mailbox for an address (sandbox.md: six digits in the subject), waiting for it to arrive. */
export async function readLatestCode(request: APIRequestContext, baseUrl: string, email: string, notCode?: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await request.get(`${baseUrl}/sandbox/mailbox?to=${encodeURIComponent(email)}`);
    const [latest] = (await response.json()).messages as Array<{ subject: string }>;
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

/** A new account through login-v2 and the emailed code, skipping the password step. Answers the code used. */
export async function signUpThroughLoginV2(page: Page, baseUrl: string, email: string): Promise<string> {
  await page.goto(`${baseUrl}/en/login-v2`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /Continue/ }).click();
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByRole('button', { name: /Continue/ }).click();
  await page.getByRole('dialog', { name: 'Check your email' }).waitFor();
  const code = await readLatestCode(page.request, baseUrl, email);
  await typeCode(page, 'Verification code', code);
  await page.getByRole('button', { name: 'Skip for now' }).click();
  return code;
}
