import { PATHS } from '@causeway/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { landedOn, loginResult, storedToken } from '../routes/login-test-kit';
import OauthCallbackPage from './oauth-callback-page';
import { keepPendingSignIn, type PendingOauthSignIn, pendingSignIn } from './pending-sign-in';

const TICKET = 'eyJub25jZSI6Im4ifQ.0123456789abcdef';
const PENDING: PendingOauthSignIn = {
  ticket: TICKET,
  browserSecret: 'tab-secret-0123456789abcdefghijklmnopqrstu',
  redirectUri: 'http://localhost:3000/en/oauth-callback',
  mode: 'individual',
  displayName: 'Binance',
};

function open(query: string, routes: Record<string, Responder> = {}, pending: PendingOauthSignIn | null = PENDING) {
  if (pending) keepPendingSignIn(pending, 300_000);
  const fake = routedHttpClient({ [PATHS.oauthLoginWithBinance]: () => loginResult(), ...routes });
  const view = renderPage(<OauthCallbackPage />, {
    path: '/:lng/oauth-callback',
    url: `/en/oauth-callback?${query}`,
    client: fake.client,
    strict: true,
  });
  return { ...view, ...fake, user: userEvent.setup() };
}

const answered = (code = 'the-code', state = TICKET) =>
  new URLSearchParams({ code, state, iss: 'https://accounts.example.test' }).toString();

afterEach(() => sessionStorage.clear());

describe('oauth-callback', () => {
  it('sends the code once with the state and this tab’s secret, clears the address, and lands like every sign-in', async () => {
    const { bodiesOf, router } = open(answered());
    expect(await landedOn()).toBe('/en/dashboard');
    expect(bodiesOf(PATHS.oauthLoginWithBinance)).toEqual([
      {
        code: 'the-code',
        state: TICKET,
        browserSecret: PENDING.browserSecret,
        redirectUri: PENDING.redirectUri,
        termsAccepted: true,
        isRoma: false,
        loginMode: 'individual',
        stayLoggedIn: false,
      },
    ]);
    expect(storedToken('individual')).toMatchObject({ data: { token: 'tok-1' } });
    // Used: the tab forgets it, and no entry of the history holds the code.
    expect(pendingSignIn()).toBeUndefined();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps the sign-in page’s next across the trip', async () => {
    open(answered(), {}, { ...PENDING, next: 'card-buy-sell' });
    expect(await landedOn()).toBe('/en/card-buy-sell');
  });

  it('asks for the authenticator code when one is bound', async () => {
    const { bodiesOf, user } = open(answered(), {
      [PATHS.oauthLoginWithBinance]: () => loginResult({ status: 'NEED_GA', token: null, processToken: 'ptk-123456789012345678' }),
      [PATHS.verifyGaCode]: () => loginResult(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Authenticator code' })).toBeInTheDocument();
    await user.type((await screen.findAllByRole('textbox'))[0]!, '123456');
    expect(await landedOn()).toBe('/en/dashboard');
    expect(bodiesOf(PATHS.verifyGaCode)).toEqual([{ processToken: 'ptk-123456789012345678', verifyCode: '123456' }]);
  });

  it('goes to the blocked page for a blocked account', async () => {
    open(answered(), { [PATHS.oauthLoginWithBinance]: () => loginResult({ status: 'BLOCKED', token: null, accountStatus: 'Blocked' }) });
    expect(await landedOn()).toMatch(/^\/en\/user-blocked/);
  });

  it('takes no answer this tab did not start: another state, or none kept', async () => {
    const other = open(answered('the-code', 'someone-elses-ticket.0123456789abcdef'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in was not started in this browser tab.');
    expect(other.calls.filter((call) => call.path === PATHS.oauthLoginWithBinance)).toEqual([]);
    other.unmount();
    sessionStorage.clear();
    const none = open(answered(), {}, null);
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in was not started in this browser tab.');
    expect(none.calls).toEqual([]);
  });

  it('says a cancel was a cancel, with the way back to the sign-in page it started on', async () => {
    const { calls } = open(new URLSearchParams({ error: 'access_denied', state: TICKET }).toString(), {}, { ...PENDING, mode: 'business' });
    expect(await screen.findByRole('alert')).toHaveTextContent('You cancelled signing in with Binance. Nothing was changed.');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign-in did not complete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/en/business-login');
    expect(calls).toEqual([]);
  });

  it.each([
    ['OAU0000002', 'This sign-in has expired or was already used. Please start again.'],
    ['OAU0000003', 'Binance did not confirm the sign-in. Please start again.'],
    ['OAU0000004', 'Binance did not share a verified email address. Sign in with your email instead.'],
    ['OAU0000006', 'Binance cannot be reached right now. Please try again in a moment.'],
    ['USE000001002', 'business-login'],
  ])('shows the refusal %s in words', async (code, text) => {
    open(answered(), {
      [PATHS.oauthLoginWithBinance]: () => Promise.reject(businessError(PATHS.oauthLoginWithBinance, code, 'server text')),
    });
    const alert = await screen.findByRole('alert');
    if (code.startsWith('OAU')) expect(alert).toHaveTextContent(text);
    else expect(alert.textContent).not.toBe('');
    expect(screen.queryByText('server text')).not.toBeInTheDocument();
  });

  it('shows a spinner named for the provider while the sign-in is on its way', async () => {
    let finish: (value: unknown) => void = () => {};
    open(answered(), { [PATHS.oauthLoginWithBinance]: () => new Promise((resolve) => (finish = resolve)) });
    expect(await screen.findByText('Signing you in with Binance…')).toBeInTheDocument();
    finish(loginResult());
    await waitFor(async () => expect(await landedOn()).toBe('/en/dashboard'));
  });
});
