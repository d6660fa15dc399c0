import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { AccountTerminatedPage, AccountUnsupportedRomaPage, DuplicateAccountPage } from './account-closed-pages';

describe('the closed-account pages', () => {
  it('duplicate-account-detected shows its title, the explanation and the code AC100003', () => {
    renderPage(<DuplicateAccountPage />, { path: '/:lng/duplicate-account-detected', url: '/en/duplicate-account-detected' });
    expect(screen.getByRole('heading', { level: 1, name: 'Duplicate account detected' })).toBeInTheDocument();
    expect(screen.getByText(/already verified on another Causeway account/)).toBeInTheDocument();
    expect(screen.getByText('Code AC100003')).toBeInTheDocument();
  });

  it('account-terminated shows its title and explanation', () => {
    renderPage(<AccountTerminatedPage />, { path: '/:lng/account-terminated', url: '/en/account-terminated' });
    expect(screen.getByRole('heading', { level: 1, name: 'Account terminated' })).toBeInTheDocument();
    expect(screen.getByText('This account is closed. If you think this is a mistake, contact support.')).toBeInTheDocument();
  });

  it('account-unsupport-roma shows its title and explanation', () => {
    renderPage(<AccountUnsupportedRomaPage />, { path: '/:lng/account-unsupport-roma', url: '/en/account-unsupport-roma' });
    expect(screen.getByRole('heading', { level: 1, name: 'Not available through this channel' })).toBeInTheDocument();
    expect(screen.getByText('Your account cannot be used through this partner channel. Please use Causeway directly.')).toBeInTheDocument();
  });
});
