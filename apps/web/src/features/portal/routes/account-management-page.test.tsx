import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessError, type Responder } from '@/test/routed-http-client';
import { companyHeader, individual, openPortalPage } from '../portal-test-kit';
import { AccountManagementPage } from './account-management-page';

const open = (routes: Record<string, Responder> = {}) =>
  openPortalPage(<AccountManagementPage />, {
    path: '/:lng/corporation-portal/account-management',
    url: '/en/corporation-portal/account-management',
    routes,
  });

const section = async (name: string) => within((await screen.findByRole('heading', { level: 2, name })).closest('section')!);

const image = (name: string, bytes = 40 * 1024, type = 'image/png') => {
  const file = new File(['logo'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('account management', () => {
  it("shows the company's details as verified, read-only", async () => {
    open();
    const details = await section('Company details');
    expect(await details.findByText('Acme Trading Ltd')).toBeInTheDocument();
    expect(details.getByText('304567890')).toBeInTheDocument();
    expect(await details.findByText('Lithuania')).toBeInTheDocument();
    expect(details.getByText('Private limited company')).toBeInTheDocument();
    expect(details.getByText('Gedimino pr. 1, Vilnius, LT-01103, Lithuania')).toBeInTheDocument();
    expect(details.getByText('Same as the registered address')).toBeInTheDocument();
    expect(details.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('lists the people once each, with their roles and verification, and resends a link', async () => {
    const owner = individual({ id: 'kyi_2', personType: 'Ownership_Individual' });
    const trader = individual({
      id: 'kyi_3',
      personType: 'AuthorizedTrader_Individual',
      firstName: 'Tomas',
      lastName: 'Kazlauskas',
      dob: '1990-01-01',
      email: 'tomas@acme.example',
      verificationStatus: 'Pass',
    });
    const { user, bodiesOf } = open({
      [PATHS.kybIndividualList]: () => ({ individuals: [individual(), owner, trader] }),
      [PATHS.kybIndividualSendEmail]: () => ({ emailSentAt: '2026-03-02T10:00:00.000Z' }),
    });
    const people = await section('People');
    const rows = await people.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Rasa Jonaitė');
    expect(rows[0]).toHaveTextContent('Director · Owner');
    expect(rows[0]).toHaveTextContent('In review');
    expect(rows[1]).toHaveTextContent('Verified');
    // A verified person needs no link.
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: 'Resend link to Rasa Jonaitė' }));
    expect(await within(rows[0]!).findByRole('status')).toHaveTextContent('The link was sent to rasa@acme.example.');
    expect(bodiesOf(PATHS.kybIndividualSendEmail)).toEqual([{ id: 'kyi_1' }]);
  });

  it('says so when a link was sent moments ago', async () => {
    const { user } = open({
      [PATHS.kybIndividualSendEmail]: () => {
        throw businessError(PATHS.kybIndividualSendEmail, 'KYB0000006', 'The verification email was sent moments ago');
      },
    });
    const people = await section('People');
    await user.click(await people.findByRole('button', { name: /Resend/ }));
    expect(await people.findByText('The link was sent moments ago, or too often today. Try again later.')).toBeInTheDocument();
  });

  it('links to the bank accounts inside the portal', async () => {
    open();
    const accounts = await section('Bank accounts');
    expect(accounts.getByRole('link', { name: 'Manage bank accounts' })).toHaveAttribute('href', '/en/corporation-portal/bank-accounts');
  });

  it('uploads a chosen png after its preview, sets it as the logo, and removes it after a confirmation', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200 })),
    );
    let logoUrl: string | null = null;
    const { user, bodiesOf } = open({
      [PATHS.kybCompanyHeader]: () => companyHeader({ logoUrl }),
      [PATHS.signUploadKyb]: (body: { s3FileName: string }) => ({
        uploadTempUrl: '/uploads/put?sig=1',
        filePath: `kyb/usr_1/${body.s3FileName}`,
        expiresInSeconds: 600,
      }),
      [PATHS.kybLogo]: (body: { filePath: string | null }) => {
        logoUrl = body.filePath ? '/uploads/kyb/usr_1/logo.png?sig=2' : null;
        return companyHeader({ logoUrl });
      },
    });
    const logo = await section('Logo');
    expect(await logo.findByText("No logo yet: your company's initial is shown.")).toBeInTheDocument();

    await user.upload(logo.getByLabelText('Choose an image'), image('logo.png'));
    expect(await logo.findByRole('img', { name: 'Preview of the new logo' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png/),
    );
    expect(bodiesOf(PATHS.kybLogo)).toEqual([]);

    await user.click(logo.getByRole('button', { name: 'Save logo' }));
    expect(await logo.findByText('Your logo is saved.')).toBeInTheDocument();
    expect(bodiesOf(PATHS.signUploadKyb)).toEqual([{ s3FileName: 'logo.png' }]);
    expect(bodiesOf(PATHS.kybLogo)).toEqual([{ filePath: 'kyb/usr_1/logo.png' }]);
    // The header's query holds kyb/logo's answer: the current logo is the new one.
    expect(logo.getByRole('img', { name: 'Your current logo' })).toHaveAttribute('src', '/uploads/kyb/usr_1/logo.png?sig=2');

    await user.click(logo.getByRole('button', { name: 'Remove logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the logo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(bodiesOf(PATHS.kybLogo)).toEqual([{ filePath: 'kyb/usr_1/logo.png' }, { filePath: null }]));
    expect(await logo.findByText('Your logo is removed.')).toBeInTheDocument();
    expect(logo.queryByRole('img')).not.toBeInTheDocument();
  });

  it('refuses a pdf or a file too large before any upload', async () => {
    const { calls } = open();
    // The picker offers images only; a file dropped past that filter is checked again.
    const user = userEvent.setup({ applyAccept: false });
    const logo = await section('Logo');
    const input = logo.getByLabelText('Choose an image');
    await user.upload(input, image('logo.pdf', 40 * 1024, 'application/pdf'));
    expect(await logo.findByText('A logo is a jpg or png image.')).toBeInTheDocument();
    await user.upload(input, image('huge.jpg', 6 * 1024 * 1024, 'image/jpeg'));
    expect(await logo.findByText('The image must be between 10 KB and 5 MB.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === PATHS.signUploadKyb)).toBe(false);
  });
});
