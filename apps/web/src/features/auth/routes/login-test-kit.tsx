import { type AccountCheckResult, type LoginResult, PATHS } from '@causeway/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { renderPage } from '@/test/render';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';

/** Test-only helpers shared by the login page tests. */

export const EMAIL = 'ann@example.com';
/** 12 characters with every kind the rule asks for. */
export const STRONG_PASSWORD = 'Abcdefgh12!x';

/** An account-check answer: an existing account with a password unless overridden. */
export const account = (overrides: Partial<AccountCheckResult> = {}): AccountCheckResult => ({
  exists: true,
  hasPassword: true,
  userType: 'Individual',
  accountStatus: 'Active',
  suggestedEmail: null,
  privateRelay: false,
  targetEntityTag: null,
  ...overrides,
});

/** A sign-in answer: SUCCESS with a one-hour token for a known user unless overridden. */
export const loginResult = (overrides: Partial<LoginResult> = {}): LoginResult => ({
  status: 'SUCCESS',
  token: { token: 'tok-1', validTime: 3600 },
  processToken: null,
  email: EMAIL,
  userType: 'Individual',
  accountStatus: 'Active',
  accountStatusReasonCode: null,
  isNewUser: false,
  hasPassword: true,
  entityTag: 'PL',
  ...overrides,
});

/** Opens a login page at `url` with a client answering the sign-in paths (account-check: an existing account). */
export function openLogin(
  page: ReactElement,
  { path, url, routes = {} }: { path: string; url: string; routes?: Record<string, Responder> },
) {
  const fake = routedHttpClient({
    [PATHS.accountCheck]: () => account(),
    [PATHS.sendVerifyCode]: () => ({ resendAfterSeconds: 59, expiresInSeconds: 600 }),
    ...routes,
  });
  const view = renderPage(page, { path, url, client: fake.client });
  return { ...view, ...fake, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

/** loginPre: types the address and presses Continue. */
export async function submitEmail(user: User, email = EMAIL) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

/** login: types the password and presses Sign in (the password step must be showing). */
export async function submitPassword(user: User, password = 'secret-password') {
  await user.type(await screen.findByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** The stored (wrapped) token entry of a mode, as lib/storage writes it. */
export const storedToken = (mode: string): unknown => JSON.parse(localStorage.getItem(`causeway.token.${mode}`) ?? 'null');

/** The path and query the page navigated to (the catch-all route shows them). */
export const landedOn = async () => (await screen.findByTestId('elsewhere')).textContent;
