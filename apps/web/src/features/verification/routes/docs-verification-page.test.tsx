import { type AccountOverview, type CountryItem, PATHS } from '@causeway/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { uploadDocument } from '@/lib/upload-document';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { DocsVerificationPage } from './docs-verification-page';

vi.mock('@/lib/upload-document');

const COUNTRIES: CountryItem[] = [
  { towCharCode: 'FR', englishName: 'France', chineseName: '法国', flag: '🇫🇷' },
  { towCharCode: 'DE', englishName: 'Germany', chineseName: '德国', flag: '🇩🇪' },
  { towCharCode: 'AT', englishName: 'Austria', chineseName: '奥地利', flag: '🇦🇹' },
];
const V2_INITIAL = accountOverview({}, { kycStatus: 'Initial', kycFlowVersion: 'V2', residentCountry: 'DE' });
const SUBMITTED = accountOverview({}, { kycStatus: 'Pending', kycFlowVersion: 'V2', residentCountry: 'DE' });
const TITLE = 'Your identity document';

function openDocs(overview: AccountOverview | (() => AccountOverview) = V2_INITIAL, routes: Record<string, Responder> = {}) {
  const fake = routedHttpClient({
    [PATHS.overview]: typeof overview === 'function' ? overview : () => overview,
    [PATHS.listCountryCode]: () => COUNTRIES,
    [PATHS.docsVerificationSubmit]: () => SUBMITTED,
    ...routes,
  });
  const view = renderPage(<DocsVerificationPage />, { path: '/:lng/docsverification', url: '/en/docsverification', client: fake.client });
  return { ...view, ...fake, user: userEvent.setup() };
}

const landedOn = async () => (await screen.findByTestId('elsewhere')).textContent;
const callsTo = (calls: Array<{ path: string }>, path: string) => calls.filter((c) => c.path === path);
const photo = (name: string) => {
  const file = new File(['x'], name, { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: 200 * 1024 });
  return file;
};
const picker = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const submitButton = () => screen.getByRole('button', { name: 'Submit' });

/** Fills every detail with valid values (the country of residence is preselected from the account). */
async function fillDetails(
  user: ReturnType<typeof userEvent.setup>,
  { firstName = 'Anna-Maria', lastName = "O'Neil", dob = '1990-05-17' } = {},
) {
  await user.type(screen.getByLabelText('First name'), firstName);
  await user.type(screen.getByLabelText('Last name'), lastName);
  await user.type(screen.getByLabelText('Date of birth'), dob);
  await user.selectOptions(screen.getByLabelText('Nationality'), 'FR');
}

beforeEach(() => {
  vi.mocked(uploadDocument).mockImplementation(async (_http, file) => `kyc/u1/${file.name}`);
});
afterEach(() => {
  vi.mocked(uploadDocument).mockReset();
});

describe('docsverification page', () => {
  it('flow V1: goes to the vendor step (sumsub) without asking for the countries', async () => {
    const { calls } = openDocs(accountOverview({}, { kycStatus: 'Initial', kycFlowVersion: 'V1' }));
    expect(await landedOn()).toBe('/en/sumsub');
    expect(callsTo(calls, PATHS.listCountryCode)).toEqual([]);
  });

  it.each([
    ['KYC Pass', accountOverview({}, { kycStatus: 'Pass', kycFlowVersion: 'V2' })],
    ['KYC Pending', accountOverview({}, { kycStatus: 'Pending', kycFlowVersion: 'V2' })],
    ['KYC Pending on flow V1', accountOverview({}, { kycStatus: 'Pending', kycFlowVersion: 'V1' })],
    ['a terminated account', accountOverview({ accountStatus: 'Terminated' }, { kycStatus: 'Initial', kycFlowVersion: 'V2' })],
  ])('%s: goes to account-status', async (_name, overview) => {
    openDocs(overview);
    expect(await landedOn()).toBe('/en/account-status');
  });

  it('flow V2, Initial: the form, countries by name and code (the chosen one with its flag image), residence preselected, Submit inactive', async () => {
    openDocs();
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    const nationality = screen.getByLabelText('Nationality');
    expect([...nationality.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Select a country',
      'Austria (AT)',
      'France (FR)',
      'Germany (DE)',
    ]);
    expect(nationality).toHaveValue('');
    expect(screen.getByLabelText('Country of residence')).toHaveValue('DE');
    expect(screen.getByLabelText('Country of residence').parentElement!.querySelector('img')).toHaveAttribute('src', '/flags/4x3/de.svg');
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('type', 'date');
    expect(screen.getByRole('tab', { name: 'Passport' })).toHaveAttribute('aria-selected', 'true');
    expect(picker('Photo page of your passport')).toHaveAttribute('type', 'file');
    expect(picker('Front of your ID card')).not.toBeVisible();
    expect(picker('Back of your driving licence')).not.toBeVisible();
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('names the countries in the page language', async () => {
    const { i18n } = openDocs();
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await act(async () => {
      await i18n.changeLanguage('zh');
    });
    expect(within(screen.getByLabelText('Nationality')).getByRole('option', { name: '德国 (DE)' })).toBeInTheDocument();
  });

  it('passport: details and one photo, Submit sends them, stores the answer and goes to account-status', async () => {
    const { user, calls, client, bodiesOf } = openDocs();
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await fillDetails(user);
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    const file = photo('passport.jpg');
    await user.upload(picker('Photo page of your passport'), file);
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(uploadDocument).toHaveBeenCalledWith(client, file, 'kyc');
    expect(submitButton()).not.toHaveAttribute('aria-disabled');

    await user.click(submitButton());
    expect(await landedOn()).toBe('/en/account-status');
    expect(bodiesOf(PATHS.docsVerificationSubmit)).toEqual([
      {
        firstName: 'Anna-Maria',
        lastName: "O'Neil",
        dob: '1990-05-17',
        nationality: 'FR',
        residenceCountry: 'DE',
        documentType: 'PASSPORT',
        files: [{ filePath: 'kyc/u1/passport.jpg', side: null }],
      },
    ]);
    // The answer is the account info: nothing asks for it again.
    expect(callsTo(calls, PATHS.overview)).toHaveLength(1);
  });

  it.each([
    ['ID card', 'ID_CARD', 'your ID card'],
    ['Driving licence', 'DRIVERS', 'your driving licence'],
  ])('%s: needs the front and the back, sent with their sides', async (tab, documentType, name) => {
    const { user, bodiesOf } = openDocs();
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await fillDetails(user);
    await user.click(screen.getByRole('tab', { name: tab }));
    expect(picker('Photo page of your passport')).not.toBeVisible();
    expect(picker(`Front of ${name}`)).toBeVisible();
    await user.upload(picker(`Front of ${name}`), photo('front.jpg'));
    await screen.findByText('Uploaded');
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await user.upload(picker(`Back of ${name}`), photo('back.jpg'));
    await waitFor(() => expect(submitButton()).not.toHaveAttribute('aria-disabled'));
    await user.click(submitButton());
    expect(await landedOn()).toBe('/en/account-status');
    expect(bodiesOf(PATHS.docsVerificationSubmit)).toEqual([
      expect.objectContaining({
        documentType,
        files: [
          { filePath: 'kyc/u1/front.jpg', side: 'FRONT_SIDE' },
          { filePath: 'kyc/u1/back.jpg', side: 'BACK_SIDE' },
        ],
      }),
    ]);
  });

  it('keeps each document type its own files when switching back and forth', async () => {
    const { user, bodiesOf } = openDocs();
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await fillDetails(user);
    await user.upload(picker('Photo page of your passport'), photo('passport.jpg'));
    await screen.findByText('passport.jpg');
    await user.click(screen.getByRole('tab', { name: 'ID card' }));
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('tab', { name: 'Passport' }));
    await waitFor(() => expect(submitButton()).not.toHaveAttribute('aria-disabled'));
    await user.click(submitButton());
    await landedOn();
    expect(bodiesOf(PATHS.docsVerificationSubmit)).toEqual([
      expect.objectContaining({ documentType: 'PASSPORT', files: [{ filePath: 'kyc/u1/passport.jpg', side: null }] }),
    ]);
  });

  it('Submit stays inactive while the photo is still uploading, and a click sends nothing', async () => {
    vi.mocked(uploadDocument).mockImplementation(() => new Promise<string>(() => {}));
    const { user, calls } = openDocs();
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await fillDetails(user);
    await user.upload(picker('Photo page of your passport'), photo('passport.jpg'));
    expect(screen.getByText('Uploading passport.jpg')).toBeInTheDocument();
    await user.click(submitButton());
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    expect(callsTo(calls, PATHS.docsVerificationSubmit)).toEqual([]);
  });

  it.each([
    [45, 'Too many requests. Try again in 1 minute.'],
    [14 * 3600, 'Too many requests. Try again in 14 hours.'],
  ])(
    'an upload refused by the rate or daily quota (REQ0000429, Retry-After %i s) says %j under "Upload failed"',
    async (retryAfterSeconds, text) => {
      vi.mocked(uploadDocument).mockRejectedValueOnce(
        new ApiError({
          kind: 'business',
          path: PATHS.signUpload,
          httpStatus: 429,
          code: 'REQ0000429',
          msg: 'You have asked for 30 uploads today',
          retryAfterSeconds,
        }),
      );
      const { user } = openDocs();
      await screen.findByRole('heading', { level: 1, name: TITLE });
      await fillDetails(user);
      await user.upload(picker('Photo page of your passport'), photo('passport.jpg'));
      expect(await screen.findByText('Upload failed')).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.queryByText('You have asked for 30 uploads today')).not.toBeInTheDocument();
    },
  );

  it('a failed upload keeps Submit inactive until Try again succeeds', async () => {
    vi.mocked(uploadDocument).mockRejectedValueOnce(new Error('File size must be between 10KB and 5120KB'));
    const { user } = openDocs();
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await fillDetails(user);
    await user.upload(picker('Photo page of your passport'), photo('passport.jpg'));
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(submitButton()).not.toHaveAttribute('aria-disabled');
  });

  it.each([
    ['a first name with a refused character', { firstName: 'Ann<b>' }, "Use letters, digits, .,()'-+/ and spaces, at most 70 characters"],
    ['a last name of spaces only', { lastName: '   ' }, "Use letters, digits, .,()'-+/ and spaces, at most 70 characters"],
    ['a date of birth under 18', { dob: `${new Date().getFullYear() - 10}-01-01` }, 'You must be 18 or older'],
  ])('%s: says why and keeps Submit inactive', async (_name, values, message) => {
    const { user } = openDocs();
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await fillDetails(user, values);
    await user.upload(picker('Photo page of your passport'), photo('passport.jpg'));
    await screen.findByText('Uploaded');
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('the name fields stop at 70 characters', async () => {
    const { user } = openDocs();
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await user.type(screen.getByLabelText('Last name'), 'a'.repeat(71));
    expect(screen.getByLabelText('Last name')).toHaveValue('a'.repeat(70));
  });

  it.each([
    ['REQ0000400', 'body.dob: you must be 18 or older', 'body.dob: you must be 18 or older'],
    [
      'KYC0000002',
      'A document file is not one this person uploaded, or is missing. (chosen)',
      'One of the files could not be found. Please remove it and upload it again.',
    ],
    ['999999', '', 'Your documents could not be sent. Please try again.'],
  ])('a %s failure is shown inline and the person stays on the form', async (code, msg, shown) => {
    const { user, bodiesOf } = openDocs(V2_INITIAL, {
      [PATHS.docsVerificationSubmit]: () => {
        throw businessError(PATHS.docsVerificationSubmit, code, msg);
      },
    });
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await fillDetails(user);
    await user.upload(picker('Photo page of your passport'), photo('passport.jpg'));
    await waitFor(() => expect(submitButton()).not.toHaveAttribute('aria-disabled'));
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
    expect(bodiesOf(PATHS.docsVerificationSubmit)).toHaveLength(1);
    // The form keeps what was typed: the person may fix it and send again.
    expect(screen.getByLabelText('First name')).toHaveValue('Anna-Maria');
    expect(submitButton()).not.toHaveAttribute('aria-disabled');
  });

  it('KYC0000001 (cannot start now): says so and reads the account again, which leads to account-status', async () => {
    let overview = V2_INITIAL;
    const { user, calls } = openDocs(() => overview, {
      [PATHS.docsVerificationSubmit]: () => {
        overview = SUBMITTED;
        throw businessError(PATHS.docsVerificationSubmit, 'KYC0000001', 'Verification cannot start now (chosen)');
      },
    });
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await fillDetails(user);
    await user.upload(picker('Photo page of your passport'), photo('passport.jpg'));
    await waitFor(() => expect(submitButton()).not.toHaveAttribute('aria-disabled'));
    await user.click(submitButton());
    expect(await landedOn()).toBe('/en/account-status');
    expect(callsTo(calls, PATHS.overview)).toHaveLength(2);
  });

  it('when the account info cannot be read: the error view, and Try again reads it again', async () => {
    let fail = true;
    const { user } = openDocs(() => {
      if (fail) throw businessError(PATHS.overview, 'GAT9000001');
      return V2_INITIAL;
    });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.queryByRole('heading', { name: TITLE })).not.toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
  });

  it('when the countries cannot be read: the error view, and Try again reads them again', async () => {
    let fail = true;
    const { user, calls } = openDocs(V2_INITIAL, {
      [PATHS.listCountryCode]: () => {
        if (fail) throw businessError(PATHS.listCountryCode, '999999');
        return COUNTRIES;
      },
    });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(callsTo(calls, PATHS.listCountryCode)).toHaveLength(2);
  });
});
