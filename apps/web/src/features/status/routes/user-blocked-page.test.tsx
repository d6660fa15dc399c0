import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { UserBlockedPage } from './user-blocked-page';

const openAt = (query: string) => renderPage(<UserBlockedPage />, { path: '/:lng/user-blocked', url: `/en/user-blocked${query}` });

const COUNTRY = 'Your country of residence or nationality is not accepted.';
const UNKNOWN = 'We cannot provide services to this account.';

describe('user-blocked page', () => {
  it('titles the page and asks to quote the code to support', () => {
    openAt('?code=AC100002');
    expect(screen.getByRole('heading', { level: 1, name: 'Your account is blocked' })).toBeInTheDocument();
    expect(screen.getByText('If you think this is a mistake, contact support and quote the code above.')).toBeInTheDocument();
  });

  it.each([
    ['AC100001', COUNTRY],
    ['AC100011', COUNTRY],
    ['AC100002', 'Your details matched a sanctions list.'],
    ['AC100003', 'Your identity is already verified on another account (duplicate account detected).'],
    ['AC100004', 'Your account needs enhanced due diligence because of its risk rating.'],
    ['AC100005', 'Your account was closed because the application was ended.'],
    ['AC100006', 'Your account was closed after your answers were reviewed.'],
    ['AC100007', 'Your answers did not meet our requirements.'],
    ['AC100008', 'Your account was rated as extreme risk.'],
  ])('%s: shows the code and its reason', (code, reason) => {
    openAt(`?code=${code}`);
    expect(screen.getByText(`Blocked due to compliance with code ${code}`)).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
  });

  it.each([
    ['no code', ''],
    ['an empty code', '?code='],
    ['an unknown code', '?code=AC999999'],
  ])('shows 999999 for %s', (_case, query) => {
    openAt(query);
    expect(screen.getByText('Blocked due to compliance with code 999999')).toBeInTheDocument();
    expect(screen.getByText(UNKNOWN)).toBeInTheDocument();
  });
});
