import { ErrorCode, PATHS, wireCodeOf } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { kybInfo } from '@/test/account-overview';
import { loadDialogShell } from '@/ui';
import { completeApplication, kybApplication, kybIndividual, kybServer, openKybPage } from '../kyb-test-kit';
import { KybStatusPage } from './kyb-status-page';

const open = (server: ReturnType<typeof kybServer>) => openKybPage(<KybStatusPage />, 'corporation-portal/kyb-status', server);
const SUBMITTED = completeApplication({
  editable: false,
  submittedAt: '2026-05-01T10:00:00.000Z',
  kybInfo: kybInfo({ kybBasicStatus: 'Processing', verificationStatus: 'Pending' }),
});

beforeAll(async () => {
  await loadDialogShell();
});

describe('the Verification Center', { timeout: 15_000 }, () => {
  it('before submitting: the banner and the form itself; Verify Now takes the keyboard to it', async () => {
    const { user } = open(kybServer());
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Center' })).toBeInTheDocument();
    expect(screen.getByText('Finish verifying your business')).toBeInTheDocument();
    const current = await screen.findByRole('button', { current: 'step' });
    await user.click(screen.getByRole('button', { name: 'Verify Now' }));
    expect(current).toHaveFocus();
  });

  it('corrections asked: the reviewer’s fields listed by their labels, the form opened on the first, the field marked', async () => {
    const application = completeApplication({
      rejectedFields: ['BusinessData.registeredAddress', 'GeneralData.registrationNumber'],
      kybInfo: kybInfo({
        kybBasicStatus: 'Processing',
        verificationStatus: 'Resubmitting',
        verificationFailReason: 'Two details need a fix.',
      }),
    });
    open(kybServer({ application }));
    const asked = within(await screen.findByRole('status', { name: 'The reviewer asked you to correct:' }));
    expect(asked.getByRole('button', { name: 'Business details: Registered address' })).toBeInTheDocument();
    expect(asked.getByRole('button', { name: 'General information: Registration number' })).toBeInTheDocument();
    expect(screen.getByText('Two details need a fix.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'General information' })).toBeInTheDocument();
    expect(screen.getByRole('button', { current: 'step' })).toHaveAccessibleName('General information, corrections asked');
    expect(screen.getByLabelText('Registration number')).toHaveAccessibleDescription('The reviewer asked for a correction here');
    expect(screen.getByLabelText('Registered company name')).not.toHaveAccessibleDescription();
  });

  it('once submitted: each person’s verification, Resend link with when it went, and the limit’s words when it is too soon', async () => {
    const tooSoon = new ApiError({
      kind: 'business',
      path: PATHS.kybIndividualSendEmail,
      code: wireCodeOf(ErrorCode.KybEmailTooSoon),
      msg: 'Too soon',
      httpStatus: 429,
      retryAfterSeconds: 40,
    });
    let refuse = false;
    const server = kybServer(
      {
        application: SUBMITTED,
        individuals: [
          kybIndividual({ verificationStatus: 'Pass' }),
          kybIndividual({
            id: 'ind_2',
            firstName: 'Bo',
            lastName: 'Lind',
            personType: 'AuthorizedTrader_Individual',
            verificationStatus: 'Pending',
          }),
        ],
      },
      { [PATHS.kybIndividualSendEmail]: () => (refuse ? Promise.reject(tooSoon) : { emailSentAt: '2026-05-01T12:00:00.000Z' }) },
    );
    const { user, bodiesOf } = open(server);
    expect(await screen.findByText('Your business verification is under review')).toBeInTheDocument();
    const people = within((await screen.findByRole('heading', { level: 2, name: 'People' })).closest('section')!);
    const [ann, bo] = people.getAllByRole('listitem');
    expect(ann).toHaveTextContent('Verified');
    expect(within(ann!).queryByRole('button')).not.toBeInTheDocument();
    expect(bo).toHaveTextContent('Authorised trader');
    expect(bo).toHaveTextContent('In review');
    await user.click(within(bo!).getByRole('button', { name: 'Resend link to Bo Lind' }));
    expect(await within(bo!).findByText(/^Link sent /)).toBeInTheDocument();
    expect(bodiesOf(PATHS.kybIndividualSendEmail)).toEqual([{ id: 'ind_2' }]);

    refuse = true;
    await user.click(within(bo!).getByRole('button', { name: 'Resend link to Bo Lind' }));
    expect(await within(bo!).findByRole('alert')).toHaveTextContent('Too many requests. Try again in 1 minute.');
    // The answers read back, not editable.
    expect(screen.getByRole('heading', { level: 2, name: 'Your answers' })).toBeInTheDocument();
    expect(screen.getByText('Acme Trading Ltd')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Steps of the form' })).not.toBeInTheDocument();
  });

  it('EDD asked: the questionnaire, and the owners from the lower threshold to declare', async () => {
    const server = kybServer({
      application: { ...SUBMITTED, ownershipThresholdPercent: 10, kybInfo: kybInfo({ kybStandardStatus: 'Initial', eddStatus: null }) },
    });
    open(server);
    expect(await screen.findByRole('heading', { level: 2, name: 'Enhanced due diligence' })).toBeInTheDocument();
    expect(screen.getByText(/Owners who hold 10 % or more of the business must now be declared/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add an owner' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Who are your main customers?')).toBeInTheDocument();
  });

  it('no EDD section without standard KYB', async () => {
    open(kybServer({ application: kybApplication({ ...SUBMITTED }) }));
    await screen.findByRole('heading', { level: 2, name: 'People' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Enhanced due diligence' })).not.toBeInTheDocument());
  });
});
