import { PATHS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ENTITY_TAG_STORAGE_KEY } from '@/lib/account-info';
import { getSharedCookie } from '@/lib/cookies';
import { ApiError } from '@/lib/http-errors';
import { storage } from '@/lib/storage';
import { readTargetEntity } from '@/lib/target-entity';
import { accountOverview } from '@/test/account-overview';
import { businessError, type Responder } from '@/test/routed-http-client';
import { IndividualLoginPage } from './login-page';
import {
  account,
  EMAIL,
  landedOn,
  loginResult,
  openLogin,
  STRONG_PASSWORD,
  storedToken,
  submitEmail,
  submitPassword,
} from './login-test-kit';

const open = (routes: Record<string, Responder> = {}) =>
  openLogin(<IndividualLoginPage />, { path: '/:lng/login-v2', url: '/en/login-v2', routes });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('individual login page', () => {
  it('starts at loginPre and checks the account of the address entered', async () => {
    const { user, bodiesOf } = open();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'true');
    await submitEmail(user);
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(bodiesOf(PATHS.accountCheck)).toEqual([{ email: EMAIL }]);
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
  });

  it('asks account-check silently: the page shows its failure, a toast would show it twice', async () => {
    const { user, calls } = open();
    await submitEmail(user);
    await screen.findByLabelText('Password');
    expect(calls.filter((c) => c.path === PATHS.accountCheck).map((c) => c.options)).toEqual([{ silent: true }]);
  });

  it.each([
    ['network', 'Network error', 'No response from server, check the order at the history page'],
    ['timeout', 'No answer within 30000 ms', 'The request timed out. Please try again.'],
  ] as const)('shows an account-check %s failure in the translated text, not the developer text', async (kind, msg, text) => {
    const { user } = open({ [PATHS.accountCheck]: () => Promise.reject(new ApiError({ kind, path: PATHS.accountCheck, msg })) });
    await submitEmail(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByText(msg)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeInTheDocument();
  });

  it("stores the account's targetEntityTag from account-check, and an empty one clears it", async () => {
    const first = open({ [PATHS.accountCheck]: () => account({ targetEntityTag: 'PL' }) });
    await submitEmail(first.user);
    await screen.findByLabelText('Password');
    expect(readTargetEntity()).toBe('PL');
    first.unmount();
    const second = open({ [PATHS.accountCheck]: () => account({ targetEntityTag: null }) });
    await submitEmail(second.user);
    await screen.findByLabelText('Password');
    expect(readTargetEntity()).toBeUndefined();
  });

  it.each([
    ['USE000001001', 'Invalid credentials'],
    ['USE000002002', 'Maximum attempts exceeded, try again in 1 hour'],
  ])('shows a password failure %s as %j', async (code, text) => {
    const { user } = open({ [PATHS.passwordLogin]: () => Promise.reject(businessError(PATHS.passwordLogin, code, 'server text')) });
    await submitEmail(user);
    await submitPassword(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });

  it.each([
    ['CARD', 'buy', '/en/card-buy-sell'],
    ['BANK_TRANSFER', 'buy', '/en/banktransfer-buy'],
    ['BANK_TRANSFER', 'sell', '/en/banktransfer-sell'],
  ])(
    'with a stored payment method %s and transaction type %s, lands on the trade page of docs/rules/order-states.md routing (%s)',
    async (paymentMethod, transactionType, page) => {
      document.cookie = `paymentMethod=${paymentMethod}; path=/`;
      document.cookie = `transactionType=${transactionType}; path=/`;
      try {
        const { user } = open({ [PATHS.passwordLogin]: () => loginResult() });
        await submitEmail(user);
        await submitPassword(user, 'pw-1');
        expect(await landedOn()).toBe(page);
      } finally {
        document.cookie = 'paymentMethod=; path=/; max-age=0';
        document.cookie = 'transactionType=; path=/; max-age=0';
      }
    },
  );

  it('stores the token with its expiry in epoch ms, shares it, and goes to the dashboard', async () => {
    const { user, bodiesOf } = open({ [PATHS.passwordLogin]: () => loginResult() });
    await submitEmail(user);
    const before = Date.now();
    await submitPassword(user, 'pw-1');
    expect(await landedOn()).toBe('/en/dashboard');
    const after = Date.now();

    expect(bodiesOf(PATHS.passwordLogin)).toEqual([{ email: EMAIL, password: 'pw-1', loginMode: 'individual', stayLoggedIn: false }]);
    const stored = storedToken('individual') as { data: { token: string; validTime: number }; expiry: number };
    expect(stored).toEqual({ data: { token: 'tok-1', validTime: expect.any(Number) }, expiry: -1 });
    expect(stored.data.validTime).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(stored.data.validTime).toBeLessThanOrEqual(after + 3_600_000);
    expect(getSharedCookie('token')).toBe('tok-1');
  });

  it('sends stayLoggedIn when ticked', async () => {
    const { user, bodiesOf } = open({ [PATHS.passwordLogin]: () => loginResult() });
    await submitEmail(user);
    await user.click(await screen.findByRole('checkbox', { name: 'Stay logged in for 5 days' }));
    await submitPassword(user, 'pw-1');
    await landedOn();
    expect(bodiesOf(PATHS.passwordLogin)).toEqual([expect.objectContaining({ stayLoggedIn: true })]);
  });

  describe('a new address', () => {
    const newAccount = (overrides = {}) => ({ [PATHS.accountCheck]: () => account({ exists: false, hasPassword: false, ...overrides }) });

    it('goes to signup with the terms ticked; unticking makes Continue inactive and asks for them', async () => {
      const { user, bodiesOf } = open(newAccount());
      await submitEmail(user);
      expect(await heading('Create your account')).toBeInTheDocument();
      const terms = screen.getByRole('checkbox', { name: 'I agree to the Terms of Use and the Privacy Statement' });
      expect(terms).toBeChecked();
      expect(screen.queryByText('Accept the terms to create an account')).not.toBeInTheDocument();

      await user.click(terms);
      expect(screen.getByText('Accept the terms to create an account')).toBeInTheDocument();
      const next = screen.getByRole('button', { name: 'Continue' });
      expect(next).toHaveAttribute('aria-disabled', 'true');
      await user.click(next);
      expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(bodiesOf(PATHS.sendVerifyCode)).toEqual([]);
    });

    it('suggests a fix for a typo and checks the suggested address when chosen', async () => {
      const { user, routes, bodiesOf } = open(newAccount({ suggestedEmail: 'ann@gmail.com' }));
      await submitEmail(user, 'ann@gmial.com');
      routes[PATHS.accountCheck] = () => account();
      await user.click(await screen.findByRole('button', { name: 'Did you mean ann@gmail.com?' }));
      expect(await screen.findByLabelText('Password')).toBeInTheDocument();
      expect(bodiesOf(PATHS.accountCheck)).toEqual([{ email: 'ann@gmial.com' }, { email: 'ann@gmail.com' }]);
      expect(screen.getByText('ann@gmail.com')).toBeInTheDocument();
    });

    it('warns about a private relay address', async () => {
      const { user } = open(newAccount({ privateRelay: true }));
      await submitEmail(user, 'x1@privaterelay.appleid.com');
      expect(await screen.findByRole('note')).toHaveTextContent('This is a private relay address: our emails may not reach it.');
    });

    it('signs up with the emailed code, then sets a password, then offers the authenticator', async () => {
      const { user, bodiesOf } = open({
        ...newAccount(),
        [PATHS.loginWithVerifyCode]: () => loginResult({ isNewUser: true, hasPassword: false }),
        [PATHS.passwordInit]: () => null,
      });
      await submitEmail(user);
      await user.click(await screen.findByRole('button', { name: 'Continue' }));
      const dialog = await screen.findByRole('dialog', { name: 'Check your email' });
      expect(bodiesOf(PATHS.sendVerifyCode)).toEqual([{ email: EMAIL }]);

      await user.click(within(dialog).getAllByRole('textbox')[0]!);
      await user.keyboard('123456');
      expect(await heading('Set a password')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(bodiesOf(PATHS.loginWithVerifyCode)).toEqual([
        { email: EMAIL, code: '123456', termsAccepted: true, loginMode: 'individual', stayLoggedIn: false },
      ]);
      expect(storedToken('individual')).toMatchObject({ data: { token: 'tok-1' } });

      await user.type(await screen.findByLabelText('Password'), STRONG_PASSWORD);
      await user.type(screen.getByLabelText('Repeat password'), STRONG_PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Save password' }));
      expect(await heading('Protect your account')).toBeInTheDocument();
      expect(bodiesOf(PATHS.passwordInit)).toEqual([{ password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }]);

      await user.click(await screen.findByRole('button', { name: 'Set up now' }));
      expect(await landedOn()).toBe('/en/settings?bind=authenticator');
    });
  });

  it('asks for the authenticator code on NEED_GA and verifies it with the process token', async () => {
    const { user, bodiesOf } = open({
      [PATHS.passwordLogin]: () => loginResult({ status: 'NEED_GA', token: null, processToken: 'pt-42' }),
      [PATHS.verifyGaCode]: () => loginResult(),
    });
    await submitEmail(user);
    await submitPassword(user);
    expect(await heading('Authenticator code')).toBeInTheDocument();
    const boxes = within(await screen.findByRole('group', { name: 'Authenticator code' })).getAllByRole('textbox');
    await user.click(boxes[0]!);
    await user.keyboard('65432');
    expect(bodiesOf(PATHS.verifyGaCode)).toEqual([]);
    await user.keyboard('1');
    expect(await landedOn()).toBe('/en/dashboard');
    expect(bodiesOf(PATHS.verifyGaCode)).toEqual([{ processToken: 'pt-42', verifyCode: '654321' }]);
  });

  it.each([
    ['BLOCKED with reason AC100002', '/en/user-blocked?code=AC100002', { status: 'BLOCKED', accountStatusReasonCode: 'AC100002' }],
    ['BLOCKED without a reason', '/en/user-blocked?code=999999', { status: 'BLOCKED', accountStatusReasonCode: null }],
    // The same page as the gating's for a Blocked AC100003 account (lib/gating blockedPage).
    ['BLOCKED as a duplicate (AC100003)', '/en/duplicate-account-detected', { status: 'BLOCKED', accountStatusReasonCode: 'AC100003' }],
    // Not the gating's account-status: the answer carries no token for that page to load with.
    ['TERMINATED', '/en/account-terminated', { status: 'TERMINATED' }],
  ] as const)('%s leads to %s without storing a token', async (_case, target, overrides) => {
    const { user } = open({ [PATHS.passwordLogin]: () => loginResult({ ...overrides, token: null }) });
    await submitEmail(user);
    await submitPassword(user);
    expect(await landedOn()).toBe(target);
    expect(storedToken('individual')).toBeNull();
  });

  it.each([
    ['KYC Initial', '/en/account-status', accountOverview({}, { kycStatus: 'Initial' })],
    [
      'Blocked with AC100002',
      '/en/user-blocked?code=AC100002',
      accountOverview({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100002' }),
    ],
    [
      'Blocked with AC100003',
      '/en/duplicate-account-detected',
      accountOverview({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100003' }),
    ],
  ] as const)(
    'after a successful sign-in, an account with %s lands on %s (docs/rules/order-states.md gating)',
    async (_case, target, overview) => {
      const { user, calls } = open({ [PATHS.passwordLogin]: () => loginResult(), [PATHS.overview]: () => overview });
      await submitEmail(user);
      await submitPassword(user);
      expect(await landedOn()).toBe(target);
      expect(calls.filter((c) => c.path === PATHS.overview)).toEqual([
        expect.objectContaining({ method: 'GET', options: { query: {}, silent: true } }),
      ]);
      expect(storedToken('individual')).toMatchObject({ data: { token: 'tok-1' } });
      // Kept for the next page with the docs/rules/order-states.md entity handling (the account's entity tag).
      expect(storage.getItem(ENTITY_TAG_STORAGE_KEY)).toBe(overview.entityTag);
    },
  );

  it('offers "Show password" beside the password, and pressing it does not sign in', async () => {
    const { user, bodiesOf } = open();
    await submitEmail(user);
    const field = await screen.findByLabelText('Password');
    await user.type(field, 'pw-1');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(field).toHaveAttribute('type', 'text');
    expect(bodiesOf(PATHS.passwordLogin)).toEqual([]);
  });

  it('Forgot password leads to reset-pwd with the address and the individual mode', async () => {
    const { user } = open();
    await submitEmail(user);
    const link = await screen.findByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', `/en/reset-pwd?email=${encodeURIComponent(EMAIL)}&mode=individual`);
    await user.click(link);
    expect(await landedOn()).toBe(`/en/reset-pwd?email=${encodeURIComponent(EMAIL)}&mode=individual`);
  });

  it('links to the business sign-in', () => {
    open();
    expect(screen.getByRole('link', { name: 'Signing in for a company? Use the business sign-in' })).toHaveAttribute(
      'href',
      '/en/business-login',
    );
  });
});
