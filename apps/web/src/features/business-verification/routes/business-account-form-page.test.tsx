import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadDocument } from '@/lib/upload-document';
import { businessError } from '@/test/routed-http-client';
import { loadDialogShell } from '@/ui';
import { completeApplication, kybApplication, kybIndividual, kybServer, openKybPage } from '../kyb-test-kit';
import { BusinessAccountFormPage } from './business-account-form-page';

vi.mock('@/lib/upload-document');

const open = (server = kybServer()) => openKybPage(<BusinessAccountFormPage />, 'business-account-form', server);
const steps = () => within(screen.getByRole('navigation', { name: 'Steps of the form' }));
const currentStep = () =>
  steps()
    .getAllByRole('button')
    .find((button) => button.getAttribute('aria-current') === 'step');
const saveAndContinue = () => screen.getByRole('button', { name: 'Save and continue' });
const file = (name: string) => {
  const made = new File(['x'], name, { type: 'application/pdf' });
  Object.defineProperty(made, 'size', { value: 200 * 1024 });
  return made;
};

beforeAll(async () => {
  await loadDialogShell();
});
beforeEach(() => {
  vi.mocked(uploadDocument).mockImplementation(async (_http, picked) => `kyb/u1/${picked.name}`);
});
afterEach(() => {
  vi.mocked(uploadDocument).mockReset();
});

describe('business-account-form: the company steps', { timeout: 15_000 }, () => {
  it('prefills from basic-info/get and saves the step with basic-info/update when leaving it; an unchanged step is not saved again', async () => {
    const server = kybServer({ application: kybApplication({ generalData: { jurisdiction: 'GB', companyName: 'Acme Trading Ltd' } }) });
    const { user, bodiesOf } = open(server);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your business' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'General information' })).toBeInTheDocument();
    expect(steps().getAllByRole('listitem')).toHaveLength(7);
    expect(currentStep()).toHaveAccessibleName('General information');
    expect(screen.getByLabelText('Registered company name')).toHaveValue('Acme Trading Ltd');

    await user.type(screen.getByLabelText('Registration number'), '01234567');
    await user.selectOptions(screen.getByLabelText('Legal form'), 'Private limited company');
    await user.click(screen.getByLabelText('Website'));
    await user.paste('https://acme.example');
    await user.click(screen.getByRole('button', { name: '+ Add a trade name' }));
    await user.type(screen.getByLabelText('Trade name 1'), 'Acme Coffee');
    await user.click(saveAndContinue());

    expect(await screen.findByRole('heading', { level: 2, name: 'Business details' })).toHaveFocus();
    expect(currentStep()).toHaveAccessibleName('Business details');
    expect(bodiesOf(PATHS.kybBasicInfoUpdate)).toEqual([
      {
        section: 'GeneralData',
        data: {
          jurisdiction: 'GB',
          companyName: 'Acme Trading Ltd',
          registrationNumber: '01234567',
          legalEntityType: 'PRIVATE_LIMITED_COMPANY',
          website: 'https://acme.example',
          // What the person left empty is sent as null: a field they emptied is cleared, not kept.
          incorporationDate: null,
          businessEmail: null,
          taxId: null,
          tradeNames: ['Acme Coffee'],
        },
      },
    ]);

    // Back leaves an unchanged step without a save; the saved answers are still there.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'General information' })).toBeInTheDocument();
    expect(screen.getByLabelText('Registration number')).toHaveValue('01234567');
    expect(bodiesOf(PATHS.kybBasicInfoUpdate)).toHaveLength(1);
  });

  it('shows the text rule once typed in, and keeps the person on the step until it is met', async () => {
    const { user, bodiesOf } = open();
    const name = await screen.findByLabelText('Registered company name');
    expect(screen.queryByText(/Use letters, digits/)).not.toBeInTheDocument();
    await user.type(name, 'Acme <Trading>');
    expect(name).toHaveAccessibleDescription("Use letters, digits, spaces and .,()'-+/ only, at most 70 characters");
    await user.click(saveAndContinue());
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked in red.');
    expect(bodiesOf(PATHS.kybBasicInfoUpdate)).toEqual([]);
    expect(currentStep()).toHaveAccessibleName('General information');
  });

  it('a refused save shows the server’s words on the field it names (REQ0000400) and stays; typing there clears them', async () => {
    const refusal = businessError(
      PATHS.kybBasicInfoUpdate,
      'REQ0000400',
      'body.data.registrationNumber: already declared by another business',
    );
    const server = kybServer({}, { [PATHS.kybBasicInfoUpdate]: () => Promise.reject(refusal) });
    const { user } = open(server);
    const number = await screen.findByLabelText('Registration number');
    await user.type(number, 'HRB 12345');
    await user.click(saveAndContinue());
    await waitFor(() => expect(number).toHaveAccessibleDescription('already declared by another business'));
    expect(number).toBeInvalid();
    expect(currentStep()).toHaveAccessibleName('General information');
    await user.type(number, '6');
    expect(number).not.toHaveAccessibleDescription('already declared by another business');
  });

  it('refuses the same file as a source of funds and of wealth, inline, and saves nothing', async () => {
    const server = kybServer({ application: kybApplication({ generalData: { companyName: 'Acme' } }) });
    const { user, bodiesOf } = open(server);
    await screen.findByRole('heading', { level: 2, name: 'General information' });
    await user.click(steps().getByRole('button', { name: 'Financial profile' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Financial profile' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText(/^Proof of the source of funds/, { selector: 'input' }), file('statement.pdf'));
    await user.upload(screen.getByLabelText(/^Proof of the source of wealth/, { selector: 'input' }), file('statement.pdf'));
    expect(
      await screen.findByText('The proof of the source of wealth must be different files from the proof of the source of funds'),
    ).toBeInTheDocument();
    await user.click(saveAndContinue());
    expect(bodiesOf(PATHS.kybBasicInfoUpdate)).toEqual([]);
    expect(currentStep()).toHaveAccessibleName('Financial profile');
  });
});

describe('business-account-form: review and submit', { timeout: 15_000 }, () => {
  it('lists what submit-all still needs, each leading to its step, and sends nothing while something is missing', async () => {
    const { user, bodiesOf } = open(kybServer({ application: kybApplication({ generalData: { companyName: 'Acme' } }) }));
    await screen.findByRole('heading', { level: 2, name: 'General information' });
    await user.click(steps().getByRole('button', { name: 'Review and submit' }));
    const missing = within(await screen.findByRole('status', { name: 'Before you submit, complete:' }));
    expect(missing.getByRole('button', { name: 'General information: Registration number' })).toBeInTheDocument();
    expect(missing.getByRole('button', { name: 'Directors: at least one director' })).toBeInTheDocument();
    expect(missing.getByText('Confirm that every owner is declared')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));
    expect(bodiesOf(PATHS.kybSubmitAll)).toEqual([]);
    await user.click(missing.getByRole('button', { name: 'Directors: at least one director' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Directors' })).toBeInTheDocument();
  });

  it('submits a complete form with submit-all and goes to the Verification Center', async () => {
    const server = kybServer({
      application: completeApplication({ declarations: { allOwnersDeclared: false, informationAccurate: true } }),
      individuals: [kybIndividual(), kybIndividual({ id: 'ind_2', personType: 'AuthorizedTrader_Individual', position: 'Trader' })],
    });
    const { user, bodiesOf, router } = open(server);
    await screen.findByRole('heading', { level: 2, name: 'General information' });
    await user.click(steps().getByRole('button', { name: 'Review and submit' }));
    await user.click(await screen.findByRole('checkbox', { name: /no one else holds 25 % or more/ }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /no one else holds/ })).toBeChecked());
    expect(bodiesOf(PATHS.kybBasicInfoUpdate)).toEqual([{ section: 'Declarations', data: { allOwnersDeclared: true } }]);
    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/corporation-portal/kyb-status'));
    expect(bodiesOf(PATHS.kybSubmitAll)).toEqual([undefined]);
  });
});
