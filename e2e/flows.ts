import { generate } from 'otplib';
import type { APIRequestContext, BrowserContext, FrameLocator, Page } from 'playwright-core';

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

/** The add-card form's billing address (ours; the card itself goes into the processor's card fields), on a page or in a framed checkout. */
export async function fillBillingAddress(page: Page | FrameLocator) {
  await page.getByLabel('First name').fill('Demo');
  await page.getByLabel('Last name').fill('User');
  await page.getByLabel('Address', { exact: true }).fill('Unter den Linden 1');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('Postal code').fill('10117');
  await page.getByLabel('Country').selectOption('DE');
}

/** A PNG as a phone camera would send it: the PNG signature, then image-sized data. */
const DOCUMENT_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40 * 1024, 7)]);

/** A new person signs up, lands on account-status (docs/rules/order-states.md gating) and fills the sandbox vendor's form. */
export async function signUpAndVerify(page: Page, baseUrl: string, lastName: string, nationality = 'DE', residence = 'DE') {
  const email = `e2e-kyc-${lastName.toLowerCase()}-${Date.now()}@causeway.test`;
  await signUpThroughLoginV2(page, baseUrl, email);
  await page.waitForURL(/\/en\/account-status$/);
  await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
  await page.getByRole('button', { name: /Start verification/ }).click();
  await page.waitForURL(/\/sandbox\/kyc\/verify\?/);
  await page.getByLabel('First name').fill('Erika');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Date of birth').fill('1988-08-12');
  await page.getByLabel('Nationality').selectOption(nationality);
  await page.getByLabel('Country of residence').selectOption(residence);
  await page.getByLabel(/Identity document/).setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: DOCUMENT_PNG });
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.waitForURL(/\/en\/account-status\?fromVendor=1$/);
  return email;
}

/** After signUpAndVerify: the review passes by itself, then the verified person gives their address (kycAddress). */
export async function giveResidentialAddress(page: Page) {
  await page.getByRole('heading', { name: 'Your residential address' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('Street and number').fill('Hauptstraße 5');
  await page.getByLabel('City', { exact: true }).fill('Köln');
  await page.getByLabel('Postal code').fill('50667');
  await page.getByRole('button', { name: 'Save address' }).click();
  await page.getByRole('heading', { name: 'You are verified' }).waitFor();
}

/** The answers of the seeded appropriateness test that pass it with every point (docs/sandbox.md "The appropriateness test"). */
export const PASSING_ANSWERS = [
  'I can lose part or all of it.',
  'They can rise or fall sharply within hours.',
  'It is lost for good: a transfer on the blockchain cannot be reversed.',
  'A scam: nobody can guarantee returns on crypto-assets.',
  'No.',
  '1 to 10 times',
  'I could bear the loss without changing how I live.',
];

/**
 * A new person's appropriateness test after the risk warning (docs/rules/appropriateness.md): the explanation, the
 * declaration, the seven questions answered to pass, the result and the signed confirmation. The demo person has
 * passed it already and never meets it.
 */
export async function passAppropriatenessTest(page: Page | FrameLocator) {
  await page.getByRole('button', { name: 'Start the test' }).click();
  await page.getByRole('checkbox', { name: /I will answer the questions myself/ }).check();
  await page.getByRole('button', { name: 'See the questions' }).click();
  for (const answer of PASSING_ANSWERS) await page.getByRole('radio', { name: answer, exact: true }).check();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await page.getByRole('heading', { name: 'You passed' }).waitFor();
  await page.getByRole('button', { name: /Continue/ }).click();
  await page.getByRole('checkbox', { name: /I confirm that these answers are mine/ }).check();
  await page.getByRole('button', { name: 'Sign and continue' }).click();
}

/** docs/sandbox.md "Demo operators": the published password and each role's authenticator secret. */
const DESK_PASSWORD = 'Causeway-desk-2026!';
const DESK_SECRETS = { compliance: 'CAUSEWAYDESKCOMPLIANCEDEMOTOTPSA', admin: 'CAUSEWAYDESKADMINDEMOTOTPSEEDAAA' } as const;
const STEP_MS = 30_000;

/**
 * Signs a demo operator in to the desk in a page of its own: password, then the authenticator's code. A code is
 * accepted once per 30-second step, and another test (or file) may have signed the same operator in within this
 * one: then the next step's code is waited for and typed. The page opens in front; a test that goes back to
 * another page of the same window brings that one to the front (bringToFront): Chromium gives a background page
 * about one animation frame a second, and every click waits for two.
 */
export async function deskSignIn(context: BrowserContext, baseUrl: string, role: keyof typeof DESK_SECRETS): Promise<Page> {
  const desk = await context.newPage();
  await desk.goto(`${baseUrl}/en/desk`);
  await desk.getByLabel('Operator email').fill(`desk-${role}@causeway.test`);
  await desk.getByLabel('Password').fill(DESK_PASSWORD);
  await desk.getByRole('button', { name: 'Continue' }).click();
  const signedIn = desk.getByRole('navigation').first();
  const refused = desk.getByText('The email, password or code is not right.');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, STEP_MS - (Date.now() % STEP_MS) + 200));
    await desk.getByLabel('Code').fill(await generate({ secret: DESK_SECRETS[role] }));
    await desk.getByRole('button', { name: 'Sign in' }).click();
    await signedIn.or(refused).first().waitFor();
    if (await signedIn.isVisible()) return desk;
  }
  throw new Error(`the desk refused ${role}'s authenticator code twice`);
}
