import { PATHS } from '@causeway/contracts';
import { bundledTranslations } from '@causeway/translations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/date-format';
import { MODE_STORAGE_KEY, type FlowMode } from '@/lib/mode';
import { tokenStorageKey } from '@/lib/session';
import { getItem, setItem } from '@/lib/storage';
import { HttpClientProvider } from '@/lib/http-context';
import { renderPage, testI18n } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import type { BindingStatus } from '../api/security-api';
import { SecurityCentrePage } from './security-centre-page';
import { routerFlushSync } from '@/lib/router-flush-sync';

const open = ({
  path = '/:lng/settings',
  url = '/en/settings',
  bindStatus = 'NONE',
  routes = {},
}: { path?: string; url?: string; bindStatus?: BindingStatus['bindStatus']; routes?: Record<string, Responder> } = {}) => {
  const fake = routedHttpClient({
    [PATHS.checkLoginStatus]: () => ({
      isLogin: true,
      email: 'ann@example.com',
      userType: 'Individual',
      mode: 'individual',
      targetEntityTag: null,
    }),
    [PATHS.authenticatorBindingStatus]: () => ({ bindStatus, otpStep: 'skip-otp', email: 'ann@example.com' }),
    [PATHS.logout]: () => null,
    ...routes,
  });
  const view = renderPage(<SecurityCentrePage />, { path, url, client: fake.client });
  return { ...view, ...fake, user: userEvent.setup() };
};

/** When selling and adding cards resume, in account/check's answers. */
const UNTIL = '2026-03-13T14:05:00.000Z';
const accountCheck = (sensitiveActionsSuspendedUntil: string | null) => ({
  email: 'ann@example.com',
  userType: 'Individual',
  accountStatus: 'Active',
  accountStatusReasonCode: null,
  entityTag: 'PL',
  sensitiveActionsSuspendedUntil,
});

// hidden: the page behind an open modal is aria-hidden.
const ready = () => screen.findByRole('heading', { level: 1, name: 'Security centre', hidden: true });
const bindDialog = () => screen.queryByRole('dialog', { name: 'Set up your authenticator' });
const location = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

/** The change-authenticator modal is a lazily loaded chunk: on a loaded machine its first import may pass a second. */
const changeDialog = () => screen.findByRole('dialog', { name: 'Change authenticator' }, { timeout: 5000 });

describe('security centre page', () => {
  it('shows a spinner, then who is signed in', async () => {
    const { calls } = open();
    expect(screen.getByRole('status')).toBeInTheDocument();
    await ready();
    expect(screen.getByText('Signed in as ann@example.com')).toBeInTheDocument();
    expect(calls.find((call) => call.path === PATHS.authenticatorBindingStatus)?.options).toEqual({ query: { scenario: 'SECURITY' } });
    // Shared with the user menu: silent there and here alike (the binding status call is not).
    expect(calls.find((call) => call.path === PATHS.checkLoginStatus)?.options).toEqual({ silent: true });
  });

  it.each([
    ['NONE', 'Not set up', 'Set up'],
    ['BINDED', 'On', 'Change authenticator'],
    ['COOLING_OFF_PERIOD', 'On', 'Change authenticator'],
  ] as const)('shows the 2FA status %s as %j and offers %j', async (bindStatus, text, offered) => {
    open({ bindStatus, routes: { [PATHS.accountStatusCheck]: () => accountCheck(null) } });
    await ready();
    expect(screen.getByTestId('two-factor-status')).toHaveTextContent(new RegExp(`^${text}$`));
    const section = within(screen.getByRole('region', { name: 'Authenticator app (2FA)' }));
    expect(section.getAllByRole('button').map((button) => button.textContent)).toEqual([offered]);
  });

  it('keeps each button on one line and unshrunk beside its text ("Set / up" wrapped at 1280 px)', async () => {
    open();
    await ready();
    for (const name of ['Set up', 'Change password']) {
      expect(screen.getByRole('button', { name })).toHaveClass('whitespace-nowrap', 'shrink-0');
    }
  });

  it.each([
    ['/:lng/settings', '/en/settings'],
    ['/:lng/corporation-portal/setting', '/en/corporation-portal/setting'],
  ])('%s offers "Change authenticator" on one line too', async (path, url) => {
    open({ path, url, bindStatus: 'BINDED' });
    await ready();
    expect(screen.getByRole('button', { name: 'Change authenticator' })).toHaveClass('whitespace-nowrap', 'shrink-0');
  });

  describe('the pause of selling and adding cards (COOLING_OFF_PERIOD)', () => {
    it('says until when (account/check) and why', async () => {
      const { calls } = open({ bindStatus: 'COOLING_OFF_PERIOD', routes: { [PATHS.accountStatusCheck]: () => accountCheck(UNTIL) } });
      await ready();
      const paused = await screen.findByText(`Selling and adding cards or bank accounts are paused until ${formatDateTime(UNTIL, 'en')}.`);
      expect(paused.closest('[data-testid="sensitive-actions-paused"]')).toHaveTextContent(
        'The pause protects your money if someone else made the change.',
      );
      expect(calls.find((call) => call.path === PATHS.accountStatusCheck)?.options).toEqual({ silent: true });
    });

    it('says "for 24 hours" when account/check does not answer', async () => {
      open({
        bindStatus: 'COOLING_OFF_PERIOD',
        routes: { [PATHS.accountStatusCheck]: () => Promise.reject(new Error('offline')) },
      });
      await ready();
      expect(screen.getByTestId('sensitive-actions-paused')).toHaveTextContent(
        /^Selling and adding cards or bank accounts are paused for 24 hours after the change\.Your password or authenticator was changed recently/,
      );
    });

    it.each(['NONE', 'BINDED'] as const)('%s: no pause said, and account/check not asked', async (bindStatus) => {
      const { calls } = open({ bindStatus });
      await ready();
      expect(screen.queryByTestId('sensitive-actions-paused')).not.toBeInTheDocument();
      expect(calls.some((call) => call.path === PATHS.accountStatusCheck)).toBe(false);
    });

    it('in Chinese', async () => {
      const { i18n } = open({
        url: '/zh/settings',
        bindStatus: 'COOLING_OFF_PERIOD',
        routes: { [PATHS.accountStatusCheck]: () => accountCheck(UNTIL) },
      });
      await act(async () => {
        i18n.addResourceBundle('zh', 'translation', bundledTranslations.zh);
        await i18n.changeLanguage('zh');
      });
      await screen.findByRole('heading', { level: 1, name: '安全中心' });
      expect(await screen.findByText(`卖出及添加银行卡或银行账户已暂停，将于 ${formatDateTime(UNTIL, 'zh')} 恢复。`)).toBeInTheDocument();
      expect(screen.getByTestId('two-factor-status')).toHaveTextContent('已开启');
      expect(screen.getByRole('button', { name: '更换身份验证器' })).toBeInTheDocument();
    });
  });

  it('changes the authenticator: the three codes, the confirmation, then the section shows the pause', async () => {
    let bindStatus: BindingStatus['bindStatus'] = 'BINDED';
    const { user, calls } = open({
      routes: {
        [PATHS.authenticatorBindingStatus]: () => ({ bindStatus, otpStep: 'verify-otp', email: 'ann@example.com' }),
        [PATHS.preCheckChangeGoogleAuthenticator]: () => ({ googleAuthenticatorToken: 'NEWKEY', qrCode: 'data:image/png;base64,TkVX' }),
        [PATHS.verificationSendCode]: () => ({ resendAfterSeconds: 59, expiresInSeconds: 600 }),
        [PATHS.changeGoogleAuthenticator]: () => {
          bindStatus = 'COOLING_OFF_PERIOD';
          return { bindStatus: 'SUCCESS' };
        },
        [PATHS.accountStatusCheck]: () => accountCheck(UNTIL),
      },
    });
    await ready();
    await user.click(screen.getByRole('button', { name: 'Change authenticator' }));
    const dialog = await changeDialog();
    expect(within(dialog).getByText('every other device signed in to your account is signed out;')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByTestId('setup-key')).toHaveTextContent('NEWKEY');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    for (const [group, digits] of [
      ['Current authenticator code', '111111'],
      ['Email code', '222222'],
      ['New authenticator code', '333333'],
    ] as const) {
      await user.click(within(screen.getByRole('group', { name: group })).getAllByRole('textbox')[0]!);
      await user.keyboard(digits);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByRole('heading', { name: 'Authenticator changed' })).toBeInTheDocument();
    // Behind the confirmation the section has read its new state already.
    await screen.findByTestId('sensitive-actions-paused', undefined, { timeout: 3000 });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      screen.getByText(`Selling and adding cards or bank accounts are paused until ${formatDateTime(UNTIL, 'en')}.`),
    ).toBeInTheDocument();

    const sent = calls.filter((call) => call.path !== PATHS.checkLoginStatus).map((call) => [call.method, call.path, call.body]);
    expect(sent).toEqual([
      ['GET', PATHS.authenticatorBindingStatus, undefined],
      ['GET', PATHS.preCheckChangeGoogleAuthenticator, undefined],
      ['POST', PATHS.verificationSendCode, { verifyBusiness: 'GA_CHANGE', email: 'ann@example.com', nonInductiveVerification: true }],
      ['POST', PATHS.changeGoogleAuthenticator, { oldGaVerifyCode: '111111', emailVerifyCode: '222222', newGaVerifyCode: '333333' }],
      ['GET', PATHS.authenticatorBindingStatus, undefined],
      ['GET', PATHS.accountStatusCheck, undefined],
    ]);
  });

  it('a password change reads the section again: with an authenticator bound, the pause shows', async () => {
    let bindStatus: BindingStatus['bindStatus'] = 'BINDED';
    const { user } = open({
      routes: {
        [PATHS.authenticatorBindingStatus]: () => ({ bindStatus, otpStep: 'verify-otp', email: 'ann@example.com' }),
        [PATHS.passwordReinitialize]: () => {
          bindStatus = 'COOLING_OFF_PERIOD';
          return null;
        },
        [PATHS.accountStatusCheck]: () => accountCheck(UNTIL),
      },
    });
    await ready();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await user.type(await screen.findByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'Newpassword1!');
    await user.type(screen.getByLabelText('Repeat new password'), 'Newpassword1!');
    await user.click(within(screen.getByRole('group', { name: 'Authenticator code' })).getAllByRole('textbox')[0]!);
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(
      await screen.findByText(`Selling and adding cards or bank accounts are paused until ${formatDateTime(UNTIL, 'en')}.`),
    ).toBeInTheDocument();
  });

  it('a wrong current or new code is said in the change modal on the page, which stays as it was', async () => {
    const { user } = open({
      bindStatus: 'BINDED',
      routes: {
        [PATHS.preCheckChangeGoogleAuthenticator]: () => ({ googleAuthenticatorToken: 'NEWKEY', qrCode: null }),
        [PATHS.changeGoogleAuthenticator]: () =>
          Promise.reject(businessError(PATHS.changeGoogleAuthenticator, 'USE003000011', 'Invalid code. Please try again.')),
      },
    });
    await ready();
    await user.click(screen.getByRole('button', { name: 'Change authenticator' }));
    const dialog = await changeDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Continue' }));
    for (const group of ['Current authenticator code', 'Email code', 'New authenticator code']) {
      await user.click(within(screen.getByRole('group', { name: group })).getAllByRole('textbox')[0]!);
      await user.keyboard('123456');
    }
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const current = within(screen.getByRole('group', { name: 'Current authenticator code' })).getAllByRole('textbox')[0]!;
    await waitFor(() => expect(current).toHaveAccessibleDescription("Check this code and the new app's code: one of them is wrong."));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('two-factor-status')).toHaveTextContent(/^On$/);
    expect(screen.queryByTestId('sensitive-actions-paused')).not.toBeInTheDocument();
  });

  it('"Set up" opens the bind modal', async () => {
    const { user } = open();
    await ready();
    expect(bindDialog()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up' }));
    // The modal's code loads on demand.
    await waitFor(() => expect(bindDialog()).toBeInTheDocument());
  });

  it('?bind=authenticator opens the bind modal at once; closing it drops the query', async () => {
    const { user, router } = open({ url: '/en/settings?bind=authenticator' });
    await ready();
    await waitFor(() => expect(bindDialog()).toBeInTheDocument());
    await user.click(within(bindDialog()!).getByRole('button', { name: 'Close' }));
    expect(bindDialog()).not.toBeInTheDocument();
    expect(location(router)).toBe('/en/settings');
  });

  it('a successful bind closes the modal and shows 2FA on', async () => {
    let bindStatus: BindingStatus['bindStatus'] = 'NONE';
    const { user } = open({
      routes: {
        [PATHS.authenticatorBindingStatus]: () => ({ bindStatus, otpStep: 'skip-otp', email: 'ann@example.com' }),
        [PATHS.authenticatorQrCode]: () => ({ googleAuthenticatorToken: 'KEY', qrCode: null }),
        [PATHS.bindGoogleAuthenticator]: () => {
          bindStatus = 'BINDED';
          return { bindStatus: 'SUCCESS' };
        },
      },
    });
    await ready();
    await user.click(screen.getByRole('button', { name: 'Set up' }));
    await user.click(within(bindDialog()!).getByRole('button', { name: 'Continue' }));
    await user.click(await within(bindDialog()!).findByRole('button', { name: 'Continue' }));
    for (const [group, digits] of [
      ['Email code', '111111'],
      ['Authenticator code', '222222'],
    ] as const) {
      await user.click(within(screen.getByRole('group', { name: group })).getAllByRole('textbox')[0]!);
      await user.keyboard(digits);
    }
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('On')).toHaveAttribute('data-testid', 'two-factor-status');
    expect(bindDialog()).not.toBeInTheDocument();
  });

  it.each([
    ['NONE', false],
    ['BINDED', true],
    ['COOLING_OFF_PERIOD', true],
  ] as const)('the change password form with 2FA %s asks for the authenticator code: %s', async (bindStatus, asks) => {
    const { user } = open({ bindStatus });
    await ready();
    const toggle = screen.getByRole('button', { name: 'Change password' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(await screen.findByLabelText('Current password')).toBeInTheDocument();
    expect(Boolean(screen.queryByRole('group', { name: 'Authenticator code' }))).toBe(asks);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  describe('logout', () => {
    const seedToken = (mode: FlowMode) => setItem(tokenStorageKey(mode), { token: `${mode}-token`, validTime: Date.now() + 60_000 });
    /** The mode the last sign-in page remembered: the session every call of these paths uses. */
    const remember = (mode: FlowMode) => setItem(MODE_STORAGE_KEY, mode);
    const logoutDialog = () => screen.queryByRole('dialog', { name: 'Log out?' });

    it('asks first; Cancel keeps the session and the page', async () => {
      seedToken('individual');
      const { user, router, bodiesOf } = open();
      await ready();
      await user.click(screen.getByRole('button', { name: 'Log out' }));
      expect(logoutDialog()).toHaveAccessibleDescription('You will need to sign in again to continue.');
      await user.click(within(logoutDialog()!).getByRole('button', { name: 'Cancel' }));

      expect(logoutDialog()).not.toBeInTheDocument();
      expect(bodiesOf(PATHS.logout)).toEqual([]);
      expect(getItem(tokenStorageKey('individual'))).toMatchObject({ token: 'individual-token' });
      expect(location(router)).toBe('/en/settings');
    });

    it.each([
      ['individual', '/:lng/settings', '/en/settings', '/en/login-v2'],
      ['independent', '/:lng/settings', '/en/settings', '/en/login-independent'],
      ['business', '/:lng/corporation-portal/setting', '/en/corporation-portal/setting', '/en/business-login'],
      ['businessIndependent', '/:lng/corporation-portal/setting', '/en/corporation-portal/setting', '/en/business-login-independent'],
    ] as const)('confirmed (%s): logs out silently, forgets that token and goes to its login page', async (mode, path, url, login) => {
      remember(mode);
      seedToken(mode);
      const { user, calls } = open({ path, url });
      await ready();
      await user.click(screen.getByRole('button', { name: 'Log out' }));
      await user.click(within(logoutDialog()!).getByRole('button', { name: 'Log out' }));

      expect((await screen.findByTestId('elsewhere')).textContent).toBe(login);
      expect(calls.filter((call) => call.path === PATHS.logout)).toEqual([
        { method: 'POST', path: PATHS.logout, body: undefined, options: { silent: true } },
      ]);
      expect(localStorage.getItem(tokenStorageKey(mode))).toBeNull();
    });

    it('an independent user on settings ends the independent session, not the individual one', async () => {
      remember('independent');
      seedToken('independent');
      seedToken('individual');
      const { user } = open();
      await ready();
      await user.click(screen.getByRole('button', { name: 'Log out' }));
      await user.click(within(logoutDialog()!).getByRole('button', { name: 'Log out' }));

      expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/login-independent');
      expect(localStorage.getItem(tokenStorageKey('independent'))).toBeNull();
      expect(getItem(tokenStorageKey('individual'))).toMatchObject({ token: 'individual-token' });
    });

    it('with no remembered mode ends the individual session (what the calls of these paths use then)', async () => {
      seedToken('individual');
      const { user } = open({ path: '/:lng/corporation-portal/setting', url: '/en/corporation-portal/setting' });
      await ready();
      await user.click(screen.getByRole('button', { name: 'Log out' }));
      await user.click(within(logoutDialog()!).getByRole('button', { name: 'Log out' }));
      expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/login-v2');
      expect(localStorage.getItem(tokenStorageKey('individual'))).toBeNull();
    });

    it('asks nothing without a token after logout, though the page stays up while the sign-in page loads (issue 14: binding status answered 401)', async () => {
      remember('individual');
      seedToken('individual');
      /** Each call the page makes, with whether the token was there when it went out. */
      const sent: { path: string; withToken: boolean }[] = [];
      const answer = (path: string, data: unknown) => () => {
        sent.push({ path, withToken: localStorage.getItem(tokenStorageKey('individual')) !== null });
        return data;
      };
      const { client } = routedHttpClient({
        [PATHS.checkLoginStatus]: answer(PATHS.checkLoginStatus, {
          isLogin: true,
          email: 'ann@example.com',
          userType: 'Individual',
          mode: 'individual',
          targetEntityTag: null,
        }),
        [PATHS.authenticatorBindingStatus]: answer(PATHS.authenticatorBindingStatus, {
          bindStatus: 'NONE',
          otpStep: 'skip-otp',
          email: 'ann@example.com',
        }),
        [PATHS.logout]: () => null,
      });
      // As in the app: pages are lazy routes, so the sign-in page's code may still be loading
      // (and the settings page still rendering) after the token is gone.
      let loginArrives!: () => void;
      const loginCode = new Promise<void>((resolve) => (loginArrives = resolve));
      const router = createMemoryRouter(
        [
          { path: '/:lng/settings', Component: SecurityCentrePage },
          { path: '/:lng/login-v2', lazy: async () => (await loginCode, { Component: () => <p>Sign-in page</p> }) },
        ],
        { initialEntries: ['/en/settings'] },
      );
      render(
        <I18nextProvider i18n={testI18n()}>
          <HttpClientProvider client={client}>
            <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
              <RouterProvider router={router} flushSync={routerFlushSync} />
            </QueryClientProvider>
          </HttpClientProvider>
        </I18nextProvider>,
      );
      const user = userEvent.setup();
      await ready();
      await user.click(screen.getByRole('button', { name: 'Log out' }));
      await user.click(within(logoutDialog()!).getByRole('button', { name: 'Log out' }));
      await waitFor(() => expect(localStorage.getItem(tokenStorageKey('individual'))).toBeNull());
      await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
      loginArrives();
      expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
      expect(sent.filter((call) => !call.withToken)).toEqual([]);
    });

    it('still leaves when the logout call fails', async () => {
      seedToken('individual');
      const { user } = open({ routes: { [PATHS.logout]: () => Promise.reject(new Error('offline')) } });
      await ready();
      await user.click(screen.getByRole('button', { name: 'Log out' }));
      await user.click(within(logoutDialog()!).getByRole('button', { name: 'Log out' }));
      expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/login-v2');
      expect(localStorage.getItem(tokenStorageKey('individual'))).toBeNull();
    });
  });
});
