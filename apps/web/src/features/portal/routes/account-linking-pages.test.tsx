import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { AccountLinkingFailedPage, AccountLinkingSuccessPage } from './account-linking-pages';

const failed = (query: string) =>
  renderPage(<AccountLinkingFailedPage />, { path: '/:lng/account-linking-failed', url: `/en/account-linking-failed?${query}` });

describe('account linking', () => {
  it.each([
    ['ALREADY_LINKED_ANOTHER_ACCOUNT', 'Your account at Shop One is already linked to another account with us.'],
    ['SHARE_KYC_NOT_MATCH_USER_KYC', 'The verification Shop One shared does not match the one on this account'],
    ['ACCOUNT_SUCCESS_SHARE_KYC_NOT_MATCH_USER_KYC', 'You are signed in, but the verification Shop One shared does not match'],
  ])('failed with %s says why, naming the merchant', (failCode, text) => {
    failed(`failCode=${failCode}&merchantName=Shop%20One`);
    expect(screen.getByRole('heading', { level: 1, name: 'Account linking failed' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the business portal' })).toHaveAttribute('href', '/en/corporation-portal/home');
  });

  it('another code gets the generic words, with the code; no merchant named says "the merchant"', () => {
    failed('failCode=SOMETHING_ELSE');
    expect(
      screen.getByText('We could not link this account to your account at the merchant. Please try again from the merchant.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Code: SOMETHING_ELSE')).toBeInTheDocument();
  });

  it('success says the account is linked to the merchant', () => {
    renderPage(<AccountLinkingSuccessPage />, {
      path: '/:lng/account-linking-success',
      url: '/en/account-linking-success?merchantName=Shop%20One',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Account linked' })).toBeInTheDocument();
    expect(screen.getByText('Your account is now linked to your account at Shop One.')).toBeInTheDocument();
  });
});
