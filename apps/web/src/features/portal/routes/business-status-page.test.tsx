import { type AccountOverview, PATHS } from '@causeway/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MODE_STORAGE_KEY } from '@/lib/mode';
import { storage } from '@/lib/storage';
import { corporateOverview } from '@/test/account-overview';
import { openPortalPage } from '../portal-test-kit';
import { BusinessStatusPage, businessStatusView } from './business-status-page';

const open = (overview: AccountOverview) =>
  openPortalPage(<BusinessStatusPage />, {
    path: '/:lng/business-status',
    url: '/en/business-status',
    routes: { [PATHS.overview]: () => overview, [PATHS.logout]: () => null },
  });

const underReview = corporateOverview({ kybBasicStatus: 'Processing', verificationStatus: 'Processing' });

describe('business-status', () => {
  it('under review: what happens next and when, the way to the Verification Center and Logout', async () => {
    storage.setItem(MODE_STORAGE_KEY, 'business');
    const { user, calls, router } = open(underReview);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your business verification is under review' })).toBeInTheDocument();
    expect(screen.getByText(/usually takes 1–2 working days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Verification Center' })).toHaveAttribute(
      'href',
      '/en/corporation-portal/kyb-status',
    );

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/business-login'));
    expect(calls.filter((call) => call.path === PATHS.logout)).toHaveLength(1);
  });

  it("failed: the reviewer's reason", async () => {
    open(corporateOverview({ kybBasicStatus: 'Failed', verificationStatus: 'Failed', verificationFailReason: 'The company is dissolved' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your business verification failed' })).toBeInTheDocument();
    expect(screen.getByText('Reason: The company is dissolved')).toBeInTheDocument();
  });

  it.each([
    ['Blocked', 'Your business account is blocked'],
    ['Terminated', 'Your business account is closed'],
    ['Initial', 'Your business account is not active yet'],
  ] as const)('an account %s says so, with Logout and no Verification Center', async (accountStatus, title) => {
    open({ ...corporateOverview(), accountStatus });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to the Verification Center' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('hides the Verification Center in business-independent mode, as the portal menu does', async () => {
    storage.setItem(MODE_STORAGE_KEY, 'businessIndependent');
    open(underReview);
    await screen.findByRole('heading', { level: 1, name: 'Your business verification is under review' });
    expect(screen.queryByRole('link', { name: 'Go to the Verification Center' })).not.toBeInTheDocument();
  });

  it('with nothing to wait for, leads to the portal', async () => {
    open(corporateOverview({ kybBasicStatus: 'Processing', verificationStatus: 'Resubmitting' }));
    expect(await screen.findByRole('link', { name: 'Go to the business portal' })).toHaveAttribute('href', '/en/corporation-portal/home');
    expect(businessStatusView(corporateOverview())).toBe('ready');
  });
});
