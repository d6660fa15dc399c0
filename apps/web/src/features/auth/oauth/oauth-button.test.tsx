import { PATHS } from '@causeway/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessError, type Responder } from '@/test/routed-http-client';
import { BusinessLoginPage, IndividualLoginPage } from '../routes/login-page';
import { openLogin } from '../routes/login-test-kit';
import { goToProvider } from './go-to-provider';
import { pendingSignIn } from './pending-sign-in';

vi.mock('./go-to-provider', () => ({ goToProvider: vi.fn() }));

const TICKET = 'eyJub25jZSI6Im4ifQ.0123456789abcdef';
const PROVIDER_URL = 'https://accounts.example.test/oauth/authorize?client_id=causeway&state=x';

const offered: Record<string, Responder> = {
  [PATHS.oauthConfig]: () => ({ enabled: true, displayName: 'Binance' }),
  [PATHS.oauthTimeoutTicket]: () => ({ ticket: TICKET, expireSeconds: 300 }),
  [PATHS.oauthAuthorizeUrl]: () => ({ url: PROVIDER_URL }),
};

const open = (routes: Record<string, Responder> = {}, url = '/en/login-v2') =>
  openLogin(<IndividualLoginPage />, { path: '/:lng/login-v2', url, routes: { ...offered, ...routes } });

beforeEach(() => vi.mocked(goToProvider).mockReset());
afterEach(() => sessionStorage.clear());

describe('the identity provider button on the sign-in pages', () => {
  it('shows "Sign in with <provider>" and the terms it accepts, with their links', async () => {
    open();
    expect(await screen.findByRole('button', { name: 'Sign in with Binance' })).toBeInTheDocument();
    expect(screen.getByText(/By signing in with Binance you agree to the/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Privacy Statement' })).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each([
    ['the install offers none', () => ({ enabled: false, displayName: null })],
    ['its config cannot be read', () => Promise.reject(businessError(PATHS.oauthConfig, 'GAT9000001'))],
  ])('shows nothing when %s', async (_case, config) => {
    const { calls } = open({ [PATHS.oauthConfig]: config });
    await waitFor(() => expect(calls.some((call) => call.path === PATHS.oauthConfig)).toBe(true));
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('gets a ticket, asks the server for the address with this tab’s secret, keeps the sign-in for the callback and goes there', async () => {
    const { user, bodiesOf } = open({}, '/en/login-v2?next=card-buy-sell');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Binance' }));
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith(PROVIDER_URL));
    const redirectUri = `${window.location.origin}/en/oauth-callback`;
    const [asked] = bodiesOf(PATHS.oauthAuthorizeUrl) as Array<{ ticket: string; browserSecret: string; redirectUri: string }>;
    expect(asked).toEqual({ ticket: TICKET, browserSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), redirectUri });
    expect(pendingSignIn()).toEqual({
      ticket: TICKET,
      browserSecret: asked!.browserSecret,
      redirectUri,
      mode: 'individual',
      displayName: 'Binance',
      next: 'card-buy-sell',
    });
    // The secret stays in the tab: it is in no address.
    expect(PROVIDER_URL).not.toContain(asked!.browserSecret);
  });

  it('starts from the business page in its mode, with a new secret each time', async () => {
    const first = openLogin(<BusinessLoginPage />, { path: '/:lng/business-login', url: '/zh/business-login', routes: offered });
    await first.user.click(await screen.findByRole('button', { name: 'Sign in with Binance' }));
    await waitFor(() => expect(goToProvider).toHaveBeenCalledTimes(1));
    expect(pendingSignIn()).toMatchObject({ mode: 'business', redirectUri: `${window.location.origin}/zh/oauth-callback` });
    const firstSecret = pendingSignIn()?.browserSecret;
    await first.user.click(screen.getByRole('button', { name: 'Sign in with Binance' }));
    await waitFor(() => expect(goToProvider).toHaveBeenCalledTimes(2));
    expect(pendingSignIn()?.browserSecret).not.toBe(firstSecret);
  });

  it('says so when the sign-in cannot start, and keeps nothing', async () => {
    const { user } = open({ [PATHS.oauthAuthorizeUrl]: () => Promise.reject(businessError(PATHS.oauthAuthorizeUrl, 'OAU0000006')) });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Binance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in with Binance could not start. Please try again.');
    expect(goToProvider).not.toHaveBeenCalled();
    expect(pendingSignIn()).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Sign in with Binance' })).not.toHaveAttribute('aria-busy', 'true');
  });
});
