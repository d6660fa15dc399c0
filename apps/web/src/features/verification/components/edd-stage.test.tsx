import { PATHS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import { AccountStatusDefaultPage } from '../routes/account-status-page';

/** account-status of a verified person (their address known) with EDD at `eddStatus`. */
function openStatus(kyc: Parameters<typeof accountOverview>[1]) {
  const fake = routedHttpClient({ [PATHS.overview]: () => accountOverview({}, kyc) });
  renderPage(<AccountStatusDefaultPage />, { path: '/:lng/account-status', url: '/en/account-status', client: fake.client });
  return userEvent.setup();
}

const eddSection = () => screen.findByRole('region', { name: 'Enhanced due diligence' });

describe('account-status with enhanced due diligence (docs/rules/edd.md)', () => {
  it.each([
    ['Initial', 'Tell us where your money comes from'],
    ['RFI', 'We need more information about where your money comes from.'],
  ] as const)('%s: says what is asked and by when, and Answer now opens the edd page', async (eddStatus, text) => {
    const user = openStatus({ eddStatus, eddDeadline: '2026-12-21T12:00:00.000Z', currentKycStep: 'EDD' });
    const section = await eddSection();
    expect(section).toHaveTextContent(text);
    expect(section).toHaveTextContent(/Please answer by .*2026/);
    await user.click(within(section).getByRole('button', { name: 'Answer now' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/edd');
  });

  it('Pending: the review is under way, nothing to do', async () => {
    openStatus({ eddStatus: 'Pending', eddDeadline: null });
    const section = await eddSection();
    expect(section).toHaveTextContent('We are reviewing your answers.');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing of EDD when it is not asked, or passed', async () => {
    openStatus({ eddStatus: 'Pass' });
    expect(await screen.findByRole('heading', { level: 1, name: 'You are verified' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Enhanced due diligence' })).not.toBeInTheDocument();
  });
});
