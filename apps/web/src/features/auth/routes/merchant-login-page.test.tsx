import { type MerchantLoginResult, PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createSessionStore } from '@/lib/session';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { EMAIL, landedOn, loginResult, storedToken } from './login-test-kit';
import { LoginV3Page, SkipLoginPage } from './merchant-login-page';

const MERCHANT = 'Acme Shop';
const PROCESS_TOKEN = 'process-token-0001';
/** The parameters a merchant signs: enough for the page to call start. */
const SIGNED = { apiKey: 'ak-1', merchantUserId: 'mu-1', timestamp: '1700000000000', signature: 'a'.repeat(64) };

/** A kyc/... answer: WAIT_CONFIRM of the merchant's email for a new account unless overridden. */
const merchantResult = (overrides: Partial<MerchantLoginResult> = {}): MerchantLoginResult => ({
  state: 'WAIT_CONFIRM',
  processToken: PROCESS_TOKEN,
  merchantName: MERCHANT,
  email: EMAIL,
  accountExists: false,
  newEmailReason: null,
  accounts: [],
  resendAfterSeconds: null,
  login: null,
  merchantPage: null,
  ...overrides,
});

/** The code states answer with the server's countdown. */
const codeSent = (overrides: Partial<MerchantLoginResult> = {}) =>
  merchantResult({ state: 'WAIT_EMAIL_VERIFY_CODE', resendAfterSeconds: 59, ...overrides });
const signedIn = (login = loginResult()) => merchantResult({ state: 'SIGNED_IN', processToken: null, login });
const reject = (path: string, code: string) => () => Promise.reject(businessError(path, code));
const query = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

/**
 * Opens login-v3 (or skip-login) under StrictMode, as main.tsx renders the app, with the signed
 * query unless `params` says otherwise; start answers WAIT_CONFIRM unless `routes` says otherwise.
 */
/** The paths called, but get-links: the terms' links are read beside the sign-in, whenever the checkbox shows. */
const signInCalls = (calls: Array<{ path: string }>) => calls.map((call) => call.path).filter((path) => path !== PATHS.menuLinks);

function openMerchant({
  page = 'login-v3',
  params = SIGNED,
  routes = {},
}: { page?: 'login-v3' | 'skip-login'; params?: Record<string, string>; routes?: Record<string, Responder> } = {}) {
  const fake = routedHttpClient({ [PATHS.merchantSharedKycLogin]: () => merchantResult(), ...routes });
  const Page = page === 'login-v3' ? LoginV3Page : SkipLoginPage;
  const view = renderPage(<Page />, { path: `/:lng/${page}`, url: `/en/${page}${query(params)}`, client: fake.client, strict: true });
  return { ...view, ...fake, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const confirmHeading = () => heading(`Continue to ${MERCHANT}`);
const codeDialog = () => screen.findByRole('dialog', { name: 'Check your email' });

/** Types a code into the open code dialog, box after box. */
async function typeCode(user: User, code = '123456') {
  const dialog = await codeDialog();
  await user.click(within(dialog).getAllByRole('textbox')[0]!);
  await user.keyboard(code);
}

/** Signs the browser in as the session store does after a sign-in. */
const storeIndependentToken = () => createSessionStore().setToken('independent', { token: 'old-1', validTime: Date.now() + 3_600_000 });

describe('merchant login page', () => {
  describe('the signed link', () => {
    it('shows the invalid-link view, linking to the embedded sign-in, and calls nothing when the link is unsigned', async () => {
      const { calls } = openMerchant({ params: { merchantUserId: 'mu-1', email: EMAIL } });
      expect(await heading('This link is invalid or expired')).toBeInTheDocument();
      expect(screen.getByText('Go back to the shop and start again, or sign in with your email here.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign in with your email' })).toHaveAttribute('href', '/en/login-independent');
      expect(calls).toEqual([]);
    });

    it('shows the invalid-link view when start rejects the signature (USE000001010)', async () => {
      const { bodiesOf } = openMerchant({
        routes: { [PATHS.merchantSharedKycLogin]: reject(PATHS.merchantSharedKycLogin, 'USE000001010') },
      });
      expect(await heading('This link is invalid or expired')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign in with your email' })).toHaveAttribute('href', '/en/login-independent');
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(bodiesOf(PATHS.merchantSharedKycLogin)).toHaveLength(1);
    });

    it.each([
      ['another business error', () => Promise.reject(businessError(PATHS.merchantSharedKycLogin, 'SYS000000001'))],
      ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ])('shows the generic error on %s, and Try again starts again', async (_case, failure) => {
      const { user, routes, bodiesOf } = openMerchant({ routes: { [PATHS.merchantSharedKycLogin]: failure } });
      expect(await heading('Something went wrong, please try again')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Sign in with your email' })).not.toBeInTheDocument();

      routes[PATHS.merchantSharedKycLogin] = () => merchantResult();
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await confirmHeading()).toBeInTheDocument();
      expect(bodiesOf(PATHS.merchantSharedKycLogin)).toHaveLength(2);
    });
  });

  describe('start', () => {
    it('sends the query except lng as the entry, with skipLogin false and loginMode independent on login-v3', async () => {
      const { bodiesOf } = openMerchant({ params: { ...SIGNED, email: EMAIL, lng: 'zh', shopRef: 'r-9' } });
      expect(await confirmHeading()).toBeInTheDocument();
      expect(bodiesOf(PATHS.merchantSharedKycLogin)).toEqual([
        { entry: { ...SIGNED, email: EMAIL, shopRef: 'r-9' }, skipLogin: false, loginMode: 'independent' },
      ]);
    });

    it('sends skipLogin true on skip-login', async () => {
      const { bodiesOf } = openMerchant({ page: 'skip-login', params: { ...SIGNED, email: EMAIL } });
      expect(await confirmHeading()).toBeInTheDocument();
      expect(bodiesOf(PATHS.merchantSharedKycLogin)).toEqual([
        { entry: { ...SIGNED, email: EMAIL }, skipLogin: true, loginMode: 'independent' },
      ]);
    });

    it('starts once despite StrictMode running the effects twice', async () => {
      const { calls } = openMerchant();
      expect(await confirmHeading()).toBeInTheDocument();
      expect(signInCalls(calls)).toEqual([PATHS.merchantSharedKycLogin]);
    });
  });

  describe('WAIT_CONFIRM', () => {
    it('asks a new customer to create an account with the merchant email, terms ticked', async () => {
      openMerchant();
      expect(await confirmHeading()).toBeInTheDocument();
      expect(
        screen.getByText(`Create a Causeway account with ${EMAIL} to pay at ${MERCHANT}. We will email you a code.`),
      ).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'I agree to the Terms of Use and the Privacy Statement' })).toBeChecked();
      expect(screen.getByRole('button', { name: 'Continue' })).not.toHaveAttribute('aria-disabled');
    });

    it('asks an existing customer to sign in, without the terms', async () => {
      openMerchant({ routes: { [PATHS.merchantSharedKycLogin]: () => merchantResult({ accountExists: true }) } });
      expect(await confirmHeading()).toBeInTheDocument();
      expect(screen.getByText(`Sign in to your Causeway account ${EMAIL}. We will email you a code.`)).toBeInTheDocument();
      expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    });

    it('makes Continue inert while the terms are unticked', async () => {
      const { user, bodiesOf } = openMerchant();
      await confirmHeading();
      await user.click(screen.getByRole('checkbox', { name: 'I agree to the Terms of Use and the Privacy Statement' }));
      expect(screen.getByText('Accept the terms to create an account')).toBeInTheDocument();
      const next = screen.getByRole('button', { name: 'Continue' });
      expect(next).toHaveAttribute('aria-disabled', 'true');
      await user.click(next);
      expect(bodiesOf(PATHS.merchantSendVerifyCode)).toEqual([]);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('Continue sends the code with the process token, and the dialog opens without sending another', async () => {
      const { user, bodiesOf } = openMerchant({ routes: { [PATHS.merchantSendVerifyCode]: () => codeSent() } });
      await confirmHeading();
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      const dialog = await codeDialog();
      expect(dialog).toHaveAccessibleDescription(`Enter the 6-digit code we sent to ${EMAIL}.`);
      // The countdown is the server's, not a fresh send's.
      expect(within(dialog).getByText(/^Resend code in (59|58) s$/)).toBeInTheDocument();
      expect(bodiesOf(PATHS.merchantSendVerifyCode)).toEqual([{ processToken: PROCESS_TOKEN }]);
    });

    it('signs in with the process token, the six digits and the accepted terms', async () => {
      const { user, bodiesOf } = openMerchant({
        routes: { [PATHS.merchantSendVerifyCode]: () => codeSent(), [PATHS.merchantLoginWithVerifyCode]: () => signedIn() },
      });
      await confirmHeading();
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await typeCode(user, '12345');
      expect(bodiesOf(PATHS.merchantLoginWithVerifyCode)).toEqual([]);
      await user.keyboard('6');
      expect(await landedOn()).toBe('/en/dashboard');
      expect(bodiesOf(PATHS.merchantLoginWithVerifyCode)).toEqual([{ processToken: PROCESS_TOKEN, code: '123456', termsAccepted: true }]);
      expect(bodiesOf(PATHS.merchantSendVerifyCode)).toHaveLength(1);
    });
  });

  describe('another email', () => {
    it('"Use another email" shows the email form, which submits the typed address with the process token', async () => {
      const { user, bodiesOf } = openMerchant({ routes: { [PATHS.merchantSubmitNewEmail]: () => codeSent({ email: 'bob@example.com' }) } });
      await confirmHeading();
      await user.click(screen.getByRole('button', { name: 'Use another email' }));
      expect(await heading('Which email should we use?')).toBeInTheDocument();
      expect(screen.getByRole('note')).toHaveTextContent('Enter the email of your Causeway account, or the one to create it with.');

      await user.type(screen.getByLabelText('Email'), 'bob@example.com');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await codeDialog()).toHaveAccessibleDescription('Enter the 6-digit code we sent to bob@example.com.');
      expect(bodiesOf(PATHS.merchantSubmitNewEmail)).toEqual([{ processToken: PROCESS_TOKEN, email: 'bob@example.com' }]);
      expect(bodiesOf(PATHS.merchantSendVerifyCode)).toEqual([]);
    });

    it.each([
      [
        'PRIVATE_RELAY',
        'x1@privaterelay.appleid.com',
        'x1@privaterelay.appleid.com is a private relay address: private relay email cannot receive emails. Enter your real address.',
      ],
      [
        'ACCOUNT_UNAVAILABLE',
        'boss@corp.example',
        'boss@corp.example belongs to a business account, which cannot be used here. Enter another email.',
      ],
    ] as const)('explains WAIT_NEW_EMAIL for %s', async (reason, email, text) => {
      openMerchant({
        routes: { [PATHS.merchantSharedKycLogin]: () => merchantResult({ state: 'WAIT_NEW_EMAIL', newEmailReason: reason, email }) },
      });
      expect(await heading('Which email should we use?')).toBeInTheDocument();
      expect(screen.getByRole('note')).toHaveTextContent(text);
      expect(screen.getByLabelText('Email')).toHaveValue('');
    });
  });

  describe('WAIT_SELECT_ACCOUNT', () => {
    const selectAccount = () =>
      merchantResult({
        state: 'WAIT_SELECT_ACCOUNT',
        accountExists: true,
        accounts: [
          { choice: 'LINKED', email: 'a***@example.com' },
          { choice: 'EMAIL', email: 'ann@shop.example' },
        ],
      });

    it('offers the linked account (masked) and the merchant email account', async () => {
      openMerchant({ routes: { [PATHS.merchantSharedKycLogin]: selectAccount } });
      expect(await heading('Choose your account')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^Linked to Acme Shop/ })).toHaveTextContent('a***@example.com');
      expect(screen.getByRole('button', { name: /^Email shared by Acme Shop/ })).toHaveTextContent('ann@shop.example');
    });

    it.each([
      ['LINKED', /^Linked to Acme Shop/],
      ['EMAIL', /^Email shared by Acme Shop/],
    ] as const)('signs in with selectAccount %s', async (choice, name) => {
      const { user, bodiesOf } = openMerchant({
        routes: { [PATHS.merchantSharedKycLogin]: selectAccount, [PATHS.merchantLoginWithBindingAccount]: () => signedIn() },
      });
      await heading('Choose your account');
      await user.click(screen.getByRole('button', { name }));
      expect(await landedOn()).toBe('/en/dashboard');
      expect(bodiesOf(PATHS.merchantLoginWithBindingAccount)).toEqual([{ processToken: PROCESS_TOKEN, selectAccount: choice }]);
    });
  });

  describe('ONLY_WAIT_EMAIL_VERIFY_CODE', () => {
    const onlyCode = (routes: Record<string, Responder> = {}) =>
      openMerchant({
        routes: {
          [PATHS.merchantSharedKycLogin]: () =>
            codeSent({ state: 'ONLY_WAIT_EMAIL_VERIFY_CODE', email: 'a***@example.com', accountExists: true }),
          ...routes,
        },
      });

    it('opens the code dialog at once, without sending and without "Use another email"', async () => {
      const { calls } = onlyCode();
      expect(await codeDialog()).toHaveAccessibleDescription('Enter the 6-digit code we sent to a***@example.com.');
      expect(screen.queryByRole('button', { name: 'Use another email', hidden: true })).not.toBeInTheDocument();
      expect(signInCalls(calls)).toEqual([PATHS.merchantSharedKycLogin]);
    });

    it('shows a wrong code (USE003000002) under the boxes', async () => {
      const { user, bodiesOf } = onlyCode({
        [PATHS.merchantLoginWithVerifyCode]: reject(PATHS.merchantLoginWithVerifyCode, 'USE003000002'),
      });
      await typeCode(user, '000000');
      const dialog = await codeDialog();
      expect(await within(dialog).findByText('Invalid code. Please try again.')).toBeInTheDocument();
      expect(within(dialog).getAllByRole('textbox')[0]).toHaveAccessibleDescription('Invalid code. Please try again.');
      expect(bodiesOf(PATHS.merchantLoginWithVerifyCode)).toEqual([{ processToken: PROCESS_TOKEN, code: '000000', termsAccepted: true }]);
    });

    it('shows a lock (USE000002002) under closed boxes with the unlock line, not "invalid code"', async () => {
      const { user, bodiesOf } = onlyCode({
        [PATHS.merchantLoginWithVerifyCode]: reject(PATHS.merchantLoginWithVerifyCode, 'USE000002002'),
      });
      await typeCode(user, '000000');
      const dialog = await codeDialog();
      const text =
        'Maximum attempts exceeded, try again in 1 hour\nIf this is your account, check your email for a link to unlock sign-in.';
      await waitFor(() => expect(within(dialog).getAllByRole('textbox')[0]).toBeDisabled());
      expect(within(dialog).getAllByRole('textbox')[0]).toHaveAccessibleDescription(text);
      expect(within(dialog).queryByText('Invalid code. Please try again.')).not.toBeInTheDocument();
      expect(bodiesOf(PATHS.merchantLoginWithVerifyCode)).toHaveLength(1);
    });

    it('closing the dialog leaves an "Enter the code" button that reopens it', async () => {
      const { user, calls } = onlyCode();
      await user.click(within(await codeDialog()).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Use another email' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Enter the code' }));
      expect(await codeDialog()).toBeInTheDocument();
      expect(signInCalls(calls)).toEqual([PATHS.merchantSharedKycLogin]);
    });
  });

  describe('SIGNED_IN', () => {
    const startSignedIn = (login: ReturnType<typeof loginResult>, routes: Record<string, Responder> = {}) =>
      openMerchant({ routes: { [PATHS.merchantSharedKycLogin]: () => signedIn(login), ...routes } });

    it('stores the independent token and lands on the dashboard on SUCCESS', async () => {
      startSignedIn(loginResult({ token: { token: 'ind-1', validTime: 3600 } }));
      expect(await landedOn()).toBe('/en/dashboard');
      expect(storedToken('independent')).toEqual({ data: { token: 'ind-1', validTime: expect.any(Number) }, expiry: -1 });
      expect(storedToken('individual')).toBeNull();
    });

    it('lands on user-blocked with the reason code on BLOCKED, storing no token', async () => {
      startSignedIn(loginResult({ status: 'BLOCKED', accountStatusReasonCode: 'AC100002', token: null }));
      expect(await landedOn()).toBe('/en/user-blocked?code=AC100002');
      expect(storedToken('independent')).toBeNull();
    });

    it('asks for the authenticator code on NEED_GA and verifies it with the process token', async () => {
      const { user, bodiesOf } = startSignedIn(loginResult({ status: 'NEED_GA', token: null, processToken: 'ga-pt' }), {
        [PATHS.verifyGaCode]: () => loginResult(),
      });
      expect(await heading('Authenticator code')).toBeInTheDocument();
      await user.click(within(await screen.findByRole('group', { name: 'Authenticator code' })).getAllByRole('textbox')[0]!);
      await user.keyboard('654321');
      expect(await landedOn()).toBe('/en/dashboard');
      expect(bodiesOf(PATHS.verifyGaCode)).toEqual([{ processToken: 'ga-pt', verifyCode: '654321' }]);
      expect(storedToken('independent')).toMatchObject({ data: { token: 'tok-1' } });
    });
  });

  describe('skip-login', () => {
    const signedInAs = (email: string) => ({ [PATHS.verifyLoginEmail]: () => ({ match: email === EMAIL, email }) });

    it('keeps a session of the merchant email and lands on the dashboard without starting', async () => {
      await storeIndependentToken();
      const { calls, bodiesOf } = openMerchant({
        page: 'skip-login',
        params: { ...SIGNED, email: EMAIL },
        routes: { ...signedInAs(EMAIL), [PATHS.overview]: () => accountOverview() },
      });
      expect(await landedOn()).toBe('/en/dashboard');
      expect(bodiesOf(PATHS.verifyLoginEmail)).toEqual([{ email: EMAIL }]);
      // docs/rules/order-states.md gating after the sign-in: the account info, asked as independent mode asks (BUY_SEND).
      expect(signInCalls(calls)).toEqual([PATHS.verifyLoginEmail, PATHS.overview]);
      expect(calls[1]).toMatchObject({ method: 'GET', options: { query: { paymentMethod: 'BUY_SEND' }, silent: true } });
      expect(storedToken('independent')).toMatchObject({ data: { token: 'old-1' } });
    });

    it('sends a kept session whose KYC is not done to account-status', async () => {
      await storeIndependentToken();
      openMerchant({
        page: 'skip-login',
        params: { ...SIGNED, email: EMAIL },
        routes: { ...signedInAs(EMAIL), [PATHS.overview]: () => accountOverview({}, { kycStatus: 'Pending' }) },
      });
      expect(await landedOn()).toBe('/en/account-status');
    });

    it('still lands on the dashboard when the account info cannot be read', async () => {
      await storeIndependentToken();
      const { calls } = openMerchant({ page: 'skip-login', params: { ...SIGNED, email: EMAIL }, routes: signedInAs(EMAIL) });
      expect(await landedOn()).toBe('/en/dashboard');
      expect(signInCalls(calls)).toEqual([PATHS.verifyLoginEmail, PATHS.overview]);
    });

    it('signs another account out, then starts', async () => {
      await storeIndependentToken();
      const { calls } = openMerchant({
        page: 'skip-login',
        params: { ...SIGNED, email: EMAIL },
        routes: { ...signedInAs('other@example.com'), [PATHS.logout]: () => null },
      });
      expect(await confirmHeading()).toBeInTheDocument();
      expect(signInCalls(calls)).toEqual([PATHS.verifyLoginEmail, PATHS.logout, PATHS.merchantSharedKycLogin]);
      expect(storedToken('independent')).toBeNull();
    });

    it('sends an unsigned link to the embedded sign-in, keeping the query', async () => {
      const params = { email: EMAIL, merchantUserId: 'mu-1' };
      const { calls } = openMerchant({ page: 'skip-login', params });
      expect(await landedOn()).toBe(`/en/login-independent${query(params)}`);
      expect(calls).toEqual([]);
    });
  });
});
