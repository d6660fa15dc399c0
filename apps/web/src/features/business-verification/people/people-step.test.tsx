import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDialogShell } from '@/ui';
import { kybApplication, kybIndividual, kybServer, openKybPage } from '../kyb-test-kit';
import { BusinessAccountFormPage } from '../routes/business-account-form-page';

/** 17 May 1990, serial 0123, its check digit. */
const PESEL_1990_05_17 = '90051701234';

/** Types a whole value at once (a paste: one input event), as quick as the tests need. */
async function fill(
  user: { click: (e: Element) => Promise<void>; paste: (text: string) => Promise<void> },
  field: HTMLElement,
  value: string,
) {
  await user.click(field);
  await user.paste(value);
}

/** The form opened on a people step. */
async function openStep(step: 'Directors' | 'Owners', server = kybServer({ application: kybApplication() })) {
  const view = openKybPage(<BusinessAccountFormPage />, 'business-account-form', server);
  await screen.findByRole('heading', { level: 2, name: 'General information' });
  await view.user.click(within(screen.getByRole('navigation', { name: 'Steps of the form' })).getByRole('button', { name: step }));
  await screen.findByRole('heading', { level: 2, name: step });
  return view;
}

beforeAll(async () => {
  await loadDialogShell();
});

describe('people steps', { timeout: 15_000 }, () => {
  it('a Polish director needs a PESEL that matches the date of birth; the saved body carries it', async () => {
    const { user, bodiesOf } = await openStep('Directors');
    expect(screen.getByText('No one declared yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a director' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Add a director' }));
    expect(sheet.queryByLabelText('PESEL number')).not.toBeInTheDocument();
    await fill(user, sheet.getByLabelText('First name'), 'Jan');
    await fill(user, sheet.getByLabelText('Last name'), 'Nowak');
    await user.type(sheet.getByLabelText('Date of birth'), '1990-05-17');
    await user.selectOptions(sheet.getByLabelText('Nationality'), 'PL');
    await user.selectOptions(sheet.getByLabelText('Country of birth'), 'PL');
    await fill(user, sheet.getByLabelText('Position'), 'Director');
    await fill(user, sheet.getByLabelText('Email'), 'jan@acme.example');

    const pesel = sheet.getByLabelText('PESEL number');
    await user.click(sheet.getByRole('button', { name: 'Save' }));
    expect(pesel).toHaveAccessibleDescription(expect.stringContaining('This field is required'));
    await fill(user, pesel, '90051701235');
    expect(pesel).toHaveAccessibleDescription(expect.stringContaining('Enter a valid 11-digit PESEL'));
    await user.clear(pesel);
    await fill(user, pesel, '44051401359');
    expect(pesel).toHaveAccessibleDescription(expect.stringContaining('This PESEL does not match the date of birth'));
    await user.click(sheet.getByRole('button', { name: 'Save' }));
    expect(bodiesOf(PATHS.kybIndividualUpdate)).toEqual([]);

    await user.clear(pesel);
    await fill(user, pesel, PESEL_1990_05_17);
    await user.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesOf(PATHS.kybIndividualUpdate)).toEqual([
      {
        personType: 'Management_Individual',
        firstName: 'Jan',
        middleName: null,
        lastName: 'Nowak',
        dob: '1990-05-17',
        nationality: 'PL',
        countryOfBirth: 'PL',
        position: 'Director',
        pesel: PESEL_1990_05_17,
        email: 'jan@acme.example',
        ownershipPercent: null,
        ownershipType: null,
        ownedThroughCompanyId: null,
      },
    ]);
    expect(await screen.findByText('Jan Nowak')).toBeInTheDocument();
  });

  it('an owner: share and how it is held, through a company of the chain; the same human in another role verifies once', async () => {
    const server = kybServer({
      individuals: [kybIndividual({ id: 'ind_ann', firstName: 'Ann', lastName: 'Berg', dob: '1980-02-03' })],
      companies: [
        {
          id: 'cmp_1',
          companyName: 'Holding GmbH',
          registrationNumber: 'HRB 12345',
          jurisdiction: 'DE',
          ownershipPercent: '60',
          ownershipType: 'DIRECT',
          ownedThroughCompanyId: null,
          effectivePercent: 60,
          documents: [],
        },
      ],
    });
    const { user, bodiesOf } = await openStep('Owners', server);
    expect(screen.getByText(/owns 25 % or more of the business/)).toBeInTheDocument();
    expect(screen.getByText('Holding GmbH')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an owner' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Add an owner' }));
    expect(sheet.queryByLabelText('Position')).not.toBeInTheDocument();
    await fill(user, sheet.getByLabelText('First name'), 'Ann');
    await fill(user, sheet.getByLabelText('Last name'), 'Berg');
    await user.type(sheet.getByLabelText('Date of birth'), '1980-02-03');
    expect(await sheet.findByText('Already declared as Director: they will verify their identity once.')).toBeInTheDocument();
    expect(bodiesOf(PATHS.kybIndividualCheckSame)).toEqual([{ firstName: 'Ann', lastName: 'Berg', dob: '1980-02-03' }]);

    await user.selectOptions(sheet.getByLabelText('Nationality'), 'DE');
    await user.selectOptions(sheet.getByLabelText('Country of birth'), 'DE');
    await fill(user, sheet.getByLabelText('Email'), 'ann@acme.example');
    await fill(user, sheet.getByLabelText('Share of the business (%)'), '50');
    await user.selectOptions(sheet.getByLabelText('How they hold it'), 'Indirectly, through a company');
    await user.selectOptions(sheet.getByLabelText('Through the company'), 'Holding GmbH');
    await user.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf(PATHS.kybIndividualUpdate)).toHaveLength(1));
    expect(bodiesOf(PATHS.kybIndividualUpdate)[0]).toMatchObject({
      personType: 'Ownership_Individual',
      ownershipPercent: '50',
      ownershipType: 'INDIRECT',
      ownedThroughCompanyId: 'cmp_1',
      position: null,
      pesel: null,
    });
  });
});
