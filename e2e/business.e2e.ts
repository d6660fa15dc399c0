import { API_BASE, PATHS } from '@causeway/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessibilityAudit } from './accessibility.ts';
import { type E2eBrowser, openBrowser } from './browser.ts';
import { readLatestCode, typeCode } from './flows.ts';

/**
 * Business verification (issue 19, docs/rules/kyb.md) in Chromium: a new business signs up on
 * business-login, fills every section of the onboarding form through the page, submits; its director
 * (also its authorised trader) and its owner open their emailed links and pass the sandbox KYC vendor's
 * page; the sandbox KYB reviewer passes the company (docs/sandbox.md: by its name) and the business is
 * verified, its portal showing its balance. Then a corporate account is kept off the individual pages,
 * and a second business, named "Resubmit", is sent back for corrections the Verification Center names.
 * One browser and one page for both businesses; the second one's form goes in through the API (the
 * first covered every section in the page). The server reviews in half a second (global-setup.ts).
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
const run = Date.now();
const url = (path: string) => `${browser.baseUrl}${path}`;

const COMPANY = 'Northwind Trading Ltd';
const DIRECTOR = { firstName: 'Ada', lastName: 'Lovelace', dob: '1985-06-15', email: `e2e-kyb-ada-${run}@causeway.test` };
const OWNER = { firstName: 'Bob', lastName: 'Owner', dob: '1970-01-20', email: `e2e-kyb-bob-${run}@causeway.test` };

/** A document as a scanner would send it: the format's signature, then 20 KB (the upload rule is 10 KB to 5120 KB). */
function documentFile(name: string) {
  const pdf = name.endsWith('.pdf');
  const head = pdf ? Buffer.from('%PDF-1.7\n') : Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { name, mimeType: pdf ? 'application/pdf' : 'image/png', buffer: Buffer.concat([head, Buffer.alloc(20 * 1024, name.length)]) };
}

/** A new account on business-login with the emailed code, the password skipped: where the app sends a new business. */
async function signUpBusiness(email: string) {
  await page.goto(url('/en/business-login'));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /Continue/ }).click();
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByRole('button', { name: /Continue/ }).click();
  await page.getByRole('dialog', { name: 'Check your email' }).waitFor();
  await typeCode(page, 'Verification code', await readLatestCode(page.request, browser.baseUrl, email));
  await page.getByRole('button', { name: 'Skip for now' }).click();
  // docs/rules/kyb.md gating: a business yet to start lands on the portal home, whose banner says what to do.
  await page.waitForURL(/\/en\/corporation-portal\/home$/);
}

/** Picks a file for one document field (the upload widget's real file input) and waits for it to be stored. */
async function uploadDocument(label: RegExp, fileName: string) {
  const field = page.getByRole('group', { name: label });
  await field.getByLabel(/Choose a file/).setInputFiles(documentFile(fileName));
  await field.getByText('Uploaded', { exact: true }).waitFor({ state: 'attached', timeout: 15_000 });
}

const formStep = (name: string) => page.getByRole('heading', { level: 2, name }).waitFor({ timeout: 15_000 });
const saveAndContinue = () => page.getByRole('button', { name: 'Save and continue' }).click();
const continueToNextStep = () => page.getByRole('button', { name: 'Continue', exact: true }).click();

async function fillGeneralData() {
  await page.getByLabel('Country of registration').selectOption('GB');
  await page.getByLabel('Registered company name').fill(COMPANY);
  await page.getByRole('button', { name: '+ Add a trade name' }).click();
  await page.getByRole('textbox', { name: 'Trade name 1' }).fill('Northwind');
  // Tesco PLC's published numbers: they pass the UK format and check-digit rules (apps/server/test/kyb-helpers.ts).
  await page.getByLabel('Registration number').fill('00445790');
  await page.getByLabel('Legal form').selectOption('PRIVATE_LIMITED_COMPANY');
  await page.getByLabel('Date of incorporation').fill('2015-03-02');
  await page.getByLabel('Website').fill('https://northwind.example');
  await page.getByLabel('Business email').fill('office@northwind.example');
  await page.getByLabel('Tax ID').fill('GB220430231');
  await saveAndContinue();
}

async function fillBusinessData() {
  await formStep('Business details');
  const registered = page.getByRole('group', { name: 'Registered address', exact: true });
  await registered.getByLabel('Street and number').fill('1 Market Street');
  await registered.getByLabel('City').fill('London');
  await registered.getByLabel('Postal code').fill('EC1A 1AA');
  await registered.getByLabel('Country', { exact: true }).selectOption('GB');
  // Checked for a new form (no business address yet): unticked it asks for the business address, ticked again not.
  const sameAddress = page.getByRole('checkbox', { name: 'The business operates from its registered address' });
  await sameAddress.uncheck();
  await page.getByRole('group', { name: 'Business address', exact: true }).waitFor();
  await sameAddress.check();
  await page.getByRole('group', { name: 'Business address', exact: true }).waitFor({ state: 'detached' });
  await page.getByLabel('Main business activities').fill('Wholesale of coffee and tea to cafés in the UK');
  await uploadDocument(/^Certificate of incorporation$/, 'certificate.pdf');
  await uploadDocument(/^Articles of association$/, 'articles.pdf');
  await uploadDocument(/^Register of shareholders$/, 'shareholders.pdf');
  await uploadDocument(/^Proof of business address$/, 'utility-bill.png');
  await saveAndContinue();
}

async function fillFinancials() {
  await formStep('Financial profile');
  await page.getByLabel('Where the money you will use comes from').selectOption('BUSINESS_REVENUE');
  await page.getByLabel('Describe the source of funds').fill('Sales to cafés and restaurants');
  await uploadDocument(/^Proof of the source of funds/, 'bank-statement.pdf');
  await page.getByLabel('How the business built its wealth').selectOption('RETAINED_PROFITS');
  await page.getByLabel('Describe the source of wealth').fill('Ten years of retained profits');
  await uploadDocument(/^Proof of the source of wealth/, 'annual-accounts.pdf');
  await page.getByLabel('Planned monthly turnover').selectOption('50K_TO_250K');
  await saveAndContinue();
}

type Person = typeof DIRECTOR;

/** Adds one person in the step's sheet: position for directors and traders, share for owners. */
async function addPerson(addLabel: string, person: Person, role: { position: string } | { percent: string }, expectSame = false) {
  await page.getByRole('button', { name: addLabel }).click();
  const sheet = page.getByRole('dialog', { name: addLabel });
  await sheet.getByLabel('First name').fill(person.firstName);
  await sheet.getByLabel('Last name').fill(person.lastName);
  await sheet.getByLabel('Date of birth').fill(person.dob);
  // The same human in a second role verifies once: check-same says so once name and birth date are in.
  if (expectSame) await sheet.getByText('Already declared as Director: they will verify their identity once.').waitFor();
  await sheet.getByLabel('Nationality').selectOption('GB');
  await sheet.getByLabel('Country of birth').selectOption('GB');
  if ('position' in role) await sheet.getByLabel('Position').fill(role.position);
  await sheet.getByLabel('Email').fill(person.email);
  if ('percent' in role) {
    await sheet.getByLabel('Share of the business (%)').fill(role.percent);
    await sheet.getByLabel('How they hold it').selectOption('DIRECT');
  }
  await sheet.getByRole('button', { name: 'Save', exact: true }).click();
  await sheet.waitFor({ state: 'detached' });
  await page.getByText(`${person.firstName} ${person.lastName}`, { exact: true }).first().waitFor();
}

async function fillPeopleAndSubmit() {
  await formStep('Directors');
  await addPerson('Add a director', DIRECTOR, { position: 'Director' });
  await continueToNextStep();
  await formStep('Owners');
  await addPerson('Add an owner', OWNER, { percent: '60' });
  await continueToNextStep();
  await formStep('Authorised traders');
  await addPerson('Add an authorised trader', DIRECTOR, { position: 'Managing director' }, true);
  await continueToNextStep();
  await formStep('Review and submit');
  await page.getByRole('checkbox', { name: /^I declare that no one else holds 25 %/ }).check();
  await page.getByRole('checkbox', { name: 'I confirm that the information in this form is true and complete.' }).check();
  await page.getByText('Before you submit, complete:').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await page.waitForURL(/\/en\/corporation-portal\/kyb-status$/, { timeout: 15_000 });
}

/** The verification link emailed to a person (docs/rules/kyb.md "Its people"), waiting for it to arrive. */
async function emailedLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mailbox = await page.request.get(url(`/sandbox/mailbox?to=${encodeURIComponent(email)}`));
        const messages = (await mailbox.json()).messages as Array<{ text: string }>;
        link = messages.map((message) => /\S+\/kyb-verify#\S+/.exec(message.text)?.[0]).find(Boolean);
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** The person opens their link, continues to the sandbox KYC vendor's page and passes it (the last name decides). */
async function personVerifies(personPage: Page, person: Person) {
  const link = new URL(await emailedLink(person.email));
  // The link names the e2e server's own address; opened as it is.
  expect(link.origin).toBe(browser.baseUrl);
  await personPage.goto(link.toString());
  await personPage.getByRole('heading', { name: `Verify your identity for ${COMPANY}` }).waitFor({ timeout: 15_000 });
  await personPage.getByRole('button', { name: /Continue/ }).click();
  await personPage.waitForURL(/\/sandbox\/kyc\/verify\?/);
  await personPage.getByLabel('First name').fill(person.firstName);
  await personPage.getByLabel('Last name').fill(person.lastName);
  await personPage.getByLabel('Date of birth').fill(person.dob);
  await personPage.getByLabel('Nationality').selectOption('GB');
  await personPage.getByLabel('Country of residence').selectOption('GB');
  await personPage.getByLabel(/Identity document/).setInputFiles(documentFile('passport.png'));
  await personPage.getByRole('button', { name: 'Submit for review' }).click();
  await personPage.waitForURL(/\/en\/kyb-verify\?submitted=1$/);
  await personPage.getByRole('heading', { name: 'Thank you' }).waitFor();
}

/**
 * Reloads the page until `isDone` holds: the Verification Center does not follow the review by itself.
 * The one place this file waits on time, between reloads, so the server is not asked in a tight loop.
 */
async function reloadUntil(isDone: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await isDone())) {
    if (Date.now() > deadline) throw new Error(`still not done after ${timeoutMs} ms on ${page.url()}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await page.reload();
  }
}

/** The user menu's badge and business state, read with the menu open, then closed again. */
async function accountMenuTexts(): Promise<string> {
  const button = page.getByRole('button', { name: 'Account menu' });
  await button.click();
  const panel = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
  await panel.getByRole('button', { name: 'Log out' }).waitFor();
  const texts = await panel.innerText();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  return texts;
}

const underReview = () => page.getByText('Your business verification is under review');

describe('business verification in Chromium', () => {
  it(
    'a new business fills every section, submits, its people verify by their emailed links, the reviewer passes it and its portal shows its balance',
    { timeout: 150_000 },
    async () => {
      await signUpBusiness(`e2e-kyb-${run}@causeway.test`);
      await page.getByText('Finish verifying your business').waitFor();
      await page.getByRole('link', { name: 'Verify Now' }).click();
      await page.waitForURL(/\/en\/business-account-form$/);
      await formStep('General information');
      await audit.check(page, 'business form, first step');

      await fillGeneralData();
      await fillBusinessData();
      await fillFinancials();
      await fillPeopleAndSubmit();

      // Submitted: the Verification Center, under review, the people listed with their verification to do.
      await page.getByRole('heading', { level: 1, name: 'Verification Center' }).waitFor();
      await underReview().waitFor();
      await page.getByRole('button', { name: `Resend link to ${OWNER.firstName} ${OWNER.lastName}` }).waitFor();
      expect(await accountMenuTexts()).toMatch(/\bUnverified\b/);
      await audit.check(page, 'Verification Center under review');

      const personPage = await browser.context.newPage();
      await personVerifies(personPage, DIRECTOR);
      await personVerifies(personPage, OWNER);
      await personPage.close();

      // The company passed (half a second after submit) and so did each person: verified.
      await reloadUntil(async () => {
        await page.getByRole('heading', { level: 2, name: 'People' }).waitFor({ timeout: 15_000 });
        await page.getByText(`${DIRECTOR.firstName} ${DIRECTOR.lastName}`, { exact: true }).first().waitFor({ timeout: 15_000 });
        return (await underReview().count()) === 0 && (await page.getByText('Verified', { exact: true }).count()) === 3;
      });
      expect(await page.getByRole('button', { name: /^Resend link to/ }).count()).toBe(0);
      const menu = await accountMenuTexts();
      expect(menu).toMatch(/\bVerified\b/);
      expect(menu).not.toMatch(/\bUnverified\b/);

      // The portal home: no banner left, the business's balance; money deposited by bank transfer shows in it.
      await page.getByRole('navigation', { name: 'Business portal menu' }).getByRole('link', { name: 'Homepage' }).click();
      await page.getByRole('heading', { level: 1, name: `Welcome, ${COMPANY}` }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Balance' }).waitFor();
      expect(await page.getByText('Finish verifying your business').count()).toBe(0);
      await page.getByRole('link', { name: 'Deposit', exact: true }).click();
      const reference = (await page
        .getByText(/^CW[0-9A-HJKMNP-TV-Z]{8}$/)
        .first()
        .textContent({ timeout: 15_000 }))!.trim();
      const arrived = await page.request.post(url('/sandbox/bank/incoming'), { data: { reference, amount: '250.00', currency: 'EUR' } });
      expect(arrived.status()).toBe(201);
      await page.getByRole('link', { name: 'Homepage' }).click();
      await page.getByText(/^250\.00\b/).waitFor({ timeout: 15_000 });
      await audit.check(page, 'portal home, verified, with a balance');
    },
  );

  it('a corporate account opening the individual pages lands on the portal home', async () => {
    for (const path of ['dashboard', 'buy-crypto', 'history']) {
      await page.goto(url(`/en/${path}`));
      await page.waitForURL(/\/en\/corporation-portal\/home$/, { timeout: 15_000 });
    }
    await page.getByRole('heading', { level: 1, name: `Welcome, ${COMPANY}` }).waitFor();
  });

  it('a business named "Resubmit" is sent back: the banner shows the reason with Try Again, the Verification Center names the fields', async () => {
    await signUpBusiness(`e2e-kyb-resubmit-${run}@causeway.test`);
    await fillFormThroughApi('Resubmit Brothers Ltd');
    await page.goto(url('/en/corporation-portal/kyb-status'));
    const banner = page.getByRole('status').filter({ hasText: 'Your business verification needs corrections' });
    await reloadUntil(async () => {
      await page.getByRole('heading', { level: 1, name: 'Verification Center' }).waitFor({ timeout: 15_000 });
      return (await banner.count()) === 1;
    });
    // The reviewer's own words (docs/sandbox.md), not the banner's general text.
    await banner.getByText(/the registration number does not match the company registry/).waitFor();
    await banner.getByRole('button', { name: 'Try Again' }).waitFor();
    const asked = page.getByRole('status').filter({ hasText: 'The reviewer asked you to correct:' });
    await asked.getByRole('button', { name: 'General information: Registration number' }).waitFor();
    await asked.getByRole('button', { name: 'Business details: Certificate of incorporation' }).waitFor();
    await audit.check(page, 'Verification Center, corrections asked');
  });
});

describe('accessibility of the business pages above', () => {
  it('has no serious or critical axe-core findings on those pages, light or dark', () => {
    expect(audit.findings).toEqual({});
  });
});

/**
 * The second business's form, saved and submitted through the calls the page makes, with the
 * business token the page keeps: the first business went through every section in the page.
 */
async function fillFormThroughApi(companyName: string) {
  const stored = await page.evaluate(() => localStorage.getItem('causeway.token.business'));
  const token = (JSON.parse(stored ?? 'null') as { data: { token: string } } | null)?.data.token;
  expect(token).toBeTruthy();
  const headers = { 'business-token': token! };
  const post = async (path: string, data?: object) => {
    const response = await page.request.post(url(`${API_BASE}${path}`), { headers, ...(data ? { data } : {}) });
    const body = await response.json();
    if (body.code !== '000000') throw new Error(`${path} answered ${JSON.stringify(body)}`);
    return body.data;
  };
  const upload = async (name: string) => {
    const signed = await post(PATHS.signUploadKyb, { s3FileName: name });
    const put = await page.request.put(url(signed.uploadTempUrl), {
      data: documentFile(name).buffer,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(put.status()).toBe(200);
    return signed.filePath as string;
  };
  await post(PATHS.kybBasicInfoUpdate, {
    section: 'GeneralData',
    data: {
      jurisdiction: 'GB',
      companyName,
      tradeNames: [],
      registrationNumber: '00445790',
      legalEntityType: 'PRIVATE_LIMITED_COMPANY',
      incorporationDate: '2015-03-02',
      website: 'https://resubmit.example',
      businessEmail: 'office@resubmit.example',
      taxId: 'GB220430231',
    },
  });
  const documents: Record<string, string[]> = {};
  for (const type of ['CERTIFICATE_OF_INCORPORATION', 'ARTICLES_OF_ASSOCIATION', 'REGISTER_OF_SHAREHOLDERS', 'PROOF_OF_BUSINESS_ADDRESS'])
    documents[type] = [await upload(`${type.toLowerCase()}.pdf`)];
  await post(PATHS.kybBasicInfoUpdate, {
    section: 'BusinessData',
    data: {
      registeredAddress: { addressLine: '2 Dock Road', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB' },
      businessAddress: null,
      mainActivities: 'Import of kitchen equipment',
      documents,
    },
  });
  await post(PATHS.kybBasicInfoUpdate, {
    section: 'BusinessProfileFinancials',
    data: {
      sourceOfFunds: 'BUSINESS_REVENUE',
      sourceOfFundsDescription: 'Sales to restaurants',
      sourceOfFundsFiles: [await upload('funds.pdf')],
      sourceOfWealth: 'SHAREHOLDER_FUNDS',
      sourceOfWealthDescription: 'Capital from the two founders',
      sourceOfWealthFiles: [await upload('wealth.pdf')],
      plannedMonthlyTurnover: 'UP_TO_10K',
      cryptoAddresses: [],
    },
  });
  const director = {
    firstName: 'Cleo',
    middleName: null,
    lastName: 'Brother',
    dob: '1979-11-02',
    nationality: 'GB',
    countryOfBirth: 'GB',
    pesel: null,
    email: `e2e-kyb-cleo-${run}@causeway.test`,
    ownershipPercent: null,
    ownershipType: null,
    ownedThroughCompanyId: null,
  };
  await post(PATHS.kybIndividualUpdate, { ...director, personType: 'Management_Individual', position: 'Director' });
  await post(PATHS.kybIndividualUpdate, { ...director, personType: 'AuthorizedTrader_Individual', position: 'Director' });
  await post(PATHS.kybIndividualUpdate, {
    ...director,
    personType: 'Ownership_Individual',
    position: null,
    ownershipPercent: '100',
    ownershipType: 'DIRECT',
  });
  await post(PATHS.kybBasicInfoUpdate, { section: 'Declarations', data: { allOwnersDeclared: true, informationAccurate: true } });
  await post(PATHS.kybSubmitAll);
}
