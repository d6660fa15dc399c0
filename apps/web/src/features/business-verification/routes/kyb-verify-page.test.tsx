import { ErrorCode, type KybIndividualAccess, PATHS, wireCodeOf } from '@causeway/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveAppFor } from '@/lib/leave-app';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { launchSumsub } from '@/shared/sumsub-websdk';
import { KybVerifyPage, ticketFrom } from './kyb-verify-page';

vi.mock('@/lib/leave-app');
vi.mock('@/shared/sumsub-websdk');

const TICKET = 'kybt_4f9c2a7e1b8d6c3a5e0f';
const access = (overrides: Partial<KybIndividualAccess> = {}): KybIndividualAccess => ({
  provider: 'sandbox',
  token: 'tok-1',
  url: '/sandbox/kyc/verify?token=tok-1',
  applicantId: 'app-1',
  expiresInSeconds: 600,
  companyName: 'Acme Trading Ltd',
  firstName: 'Bo',
  verificationStatus: 'Initial',
  ...overrides,
});

function open(answer: Responder, url = `/en/kyb-verify#${TICKET}`) {
  const fake = routedHttpClient({ [PATHS.kybIndividualAccessToken]: answer });
  const view = renderPage(<KybVerifyPage createClient={() => fake.client} />, { path: '/:lng/kyb-verify', url });
  return { ...view, ...fake, user: userEvent.setup() };
}

afterEach(() => {
  vi.mocked(leaveAppFor).mockReset();
  vi.mocked(launchSumsub).mockReset();
});

describe('kyb-verify', () => {
  it.each([
    [`#${TICKET}`, TICKET],
    [`#ticket=${TICKET}`, TICKET],
    ['#', undefined],
    ['', undefined],
  ])('reads the ticket of %s', (hash, ticket) => {
    expect(ticketFrom(hash)).toBe(ticket);
  });

  it('names the company and the person; Continue hands over to the sandbox vendor, asking it back to this page', async () => {
    const { user, bodiesOf } = open(() => access());
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your identity for Acme Trading Ltd' })).toBeInTheDocument();
    expect(screen.getByText('Hello Bo,')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your verification: Not started');
    expect(bodiesOf(PATHS.kybIndividualAccessToken)).toEqual([{ ticket: TICKET }]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(leaveAppFor).toHaveBeenCalledWith('/sandbox/kyc/verify?token=tok-1&returnUrl=%2Fen%2Fkyb-verify%3Fsubmitted%3D1');
  });

  it('runs Sumsub’s WebSDK in place, and thanks the person once they submitted', async () => {
    vi.mocked(launchSumsub).mockResolvedValue(undefined);
    const { user } = open(() => access({ provider: 'sumsub', url: null, token: 'sumsub-1' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(launchSumsub).toHaveBeenCalledTimes(1));
    const launched = vi.mocked(launchSumsub).mock.calls[0]![0];
    expect(launched.accessToken).toBe('sumsub-1');
    expect(document.querySelector(launched.selector)).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    launched.onSubmitted();
    expect(
      await screen.findByText('Your identity verification was sent. Acme Trading Ltd will be told once it is reviewed.'),
    ).toBeInTheDocument();
  });

  it('a verified person is told so, with nothing to do', async () => {
    open(() => access({ verificationStatus: 'Pass' }));
    expect(await screen.findByText('Your identity is verified. Nothing more is needed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('an expired or unknown ticket shows the expired view; no ticket calls nothing', async () => {
    open(() => Promise.reject(businessError(PATHS.kybIndividualAccessToken, wireCodeOf(ErrorCode.KybLinkInvalid))));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeInTheDocument();

    const { calls } = open(() => access(), '/en/kyb-verify');
    expect(screen.getAllByRole('heading', { level: 1, name: 'This link has expired' })).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('back from the sandbox vendor (no ticket any more): thanks the person', () => {
    const { calls } = open(() => access(), '/en/kyb-verify?submitted=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
