import type { KybInfo } from '@causeway/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { kybInfo } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { BusinessVerificationBanner } from './business-verification-banner';

const open = (info: KybInfo | null, onAction?: () => void) =>
  renderPage(<BusinessVerificationBanner kybInfo={info} onAction={onAction} />, {
    path: '/:lng/corporation-portal/home',
    url: '/en/corporation-portal/home',
  });

describe('the business verification banner (docs/rules/kyb.md)', () => {
  it('Initial: finish verification, with Verify Now leading to the form', () => {
    open(kybInfo({ kybBasicStatus: 'Initial', verificationStatus: 'Initial' }));
    expect(screen.getByRole('status')).toHaveTextContent('Finish verifying your business');
    expect(screen.getByRole('link', { name: 'Verify Now' })).toHaveAttribute('href', '/en/business-account-form');
  });

  it('Processing (also Pending): under review, no button', () => {
    open(kybInfo({ kybBasicStatus: 'Processing', verificationStatus: 'Pending' }));
    expect(screen.getByRole('status')).toHaveTextContent('Your business verification is under review');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('Failed: the failure message, no button', () => {
    open(
      kybInfo({ kybBasicStatus: 'Failed', verificationStatus: 'Failed', verificationFailReason: 'The company is on a sanctions list.' }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Your business verification was not approved');
    expect(screen.getByRole('status')).toHaveTextContent('The company is on a sanctions list.');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('Resubmitting: the failure message and Try Again; on the Verification Center the button leads to the form on the page', async () => {
    const info = kybInfo({
      kybBasicStatus: 'Processing',
      verificationStatus: 'Resubmitting',
      verificationFailReason: 'The register extract is older than 3 months.',
    });
    const { unmount } = open(info);
    expect(screen.getByRole('status')).toHaveTextContent('The register extract is older than 3 months.');
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/en/business-account-form');
    unmount();

    const toForm = vi.fn();
    open(info, toForm);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(toForm).toHaveBeenCalledTimes(1);
  });

  it('Resubmitting EDD shows the EDD reason; a verified business sees no banner', () => {
    const { unmount } = open(
      kybInfo({ kybStandardStatus: 'Processing', eddStatus: 'Resubmitting', eddFailReason: 'Explain the payments from Ruritania.' }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Explain the payments from Ruritania.');
    unmount();
    open(kybInfo());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
