import { type AccountOverview, PATHS } from '@causeway/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COOKIE_NAMES, getSharedCookie, setSharedCookie } from '@/lib/cookies';
import { corporateOverview } from '@/test/account-overview';
import { getItem } from '@/lib/storage';
import { TRAN_ID_STORAGE_KEY } from '@/lib/merchant-transaction';
import { BusinessLoginPage } from './login-page';
import { landedOn, loginResult, openLogin, storedToken, submitEmail, submitPassword } from './login-test-kit';

const open = (query = '', overview?: AccountOverview) =>
  openLogin(<BusinessLoginPage />, {
    path: '/:lng/business-login',
    url: `/en/business-login${query}`,
    routes: {
      [PATHS.passwordLogin]: () => loginResult({ userType: 'Corporate', token: { token: 'biz-1', validTime: 600 } }),
      ...(overview ? { [PATHS.overview]: () => overview } : {}),
    },
  });

const signIn = async (overview: AccountOverview) => {
  const { user } = open('', overview);
  await submitEmail(user, 'boss@corp.example');
  await submitPassword(user, 'pw-2');
  return landedOn();
};

/** A merchant's order as query-order/tranid answers it, whose linked sign-in failed with `code`. */
const merchantOrder = (status: string, code: string | null) => ({
  tranId: 'shop-7',
  tranType: 'buy',
  orderId: null,
  fiatCurrency: 'EUR',
  fiatAmt: '90.00',
  cryptoCurrency: 'USDT',
  cryptoAmt: null,
  network: 'TRX',
  userId: null,
  country: null,
  status,
  merchantName: 'Shop One',
  amountFixed: false,
  walletFixed: false,
  walletAddress: null,
  memo: null,
  kycLoginFail: code ? { kycLoginStatus: code, merchantName: 'Shop One' } : null,
});

const ENTRY_COOKIES = [COOKIE_NAMES.transactionType, COOKIE_NAMES.fiatCurrency, COOKIE_NAMES.paymentMethod, COOKIE_NAMES.orderToken];

describe('business login page', () => {
  it('titles the page and links to the personal sign-in', () => {
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Business sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Signing in for yourself? Use the personal sign-in' })).toHaveAttribute('href', '/en/login-v2');
  });

  it('signs in with loginMode business, stores the business token and opens the corporation portal', async () => {
    const { user, bodiesOf } = open();
    await submitEmail(user, 'boss@corp.example');
    await submitPassword(user, 'pw-2');
    expect(await landedOn()).toBe('/en/corporation-portal/home');
    expect(bodiesOf(PATHS.passwordLogin)).toEqual([
      { email: 'boss@corp.example', password: 'pw-2', loginMode: 'business', stayLoggedIn: false },
    ]);
    expect(storedToken('business')).toEqual({ data: { token: 'biz-1', validTime: expect.any(Number) }, expiry: -1 });
    expect(storedToken('individual')).toBeNull();
    // Only the individual token is shared with sibling apps.
    expect(getSharedCookie(COOKIE_NAMES.token)).toBeUndefined();
  });

  it.each([
    ['a verified business', corporateOverview(), '/en/corporation-portal/home'],
    ['one yet to start', corporateOverview({ kybBasicStatus: 'Initial', verificationStatus: 'Initial' }), '/en/corporation-portal/home'],
    [
      'one asked for corrections',
      corporateOverview({ kybBasicStatus: 'Processing', verificationStatus: 'Resubmitting' }),
      '/en/corporation-portal/home',
    ],
    ['one under review', corporateOverview({ kybBasicStatus: 'Processing', verificationStatus: 'Pending' }), '/en/business-status'],
    ['one refused', corporateOverview({ kybBasicStatus: 'Failed', verificationStatus: 'Failed' }), '/en/business-status'],
    ['a blocked account', { ...corporateOverview(), accountStatus: 'Blocked' as const }, '/en/business-status'],
  ])('lands %s where businessLandingPage says (%#)', async (_case, overview, landing) => {
    expect(await signIn(overview)).toBe(landing);
  });

  it('a verified business that came for a bank transfer (a merchant link stored it) lands on the portal transaction page', async () => {
    await setSharedCookie(COOKIE_NAMES.paymentMethod, 'BANK_TRANSFER');
    await setSharedCookie(COOKIE_NAMES.transactionType, 'sell');
    expect(await signIn(corporateOverview())).toBe('/en/corporation-portal/transaction?type=sell');
  });

  it.each([
    [
      'Initial',
      'ALREADY_LINKED_ANOTHER_ACCOUNT',
      '/en/account-linking-failed?failCode=ALREADY_LINKED_ANOTHER_ACCOUNT&merchantName=Shop%20One',
    ],
    ['Failed', 'SHARE_KYC_NOT_MATCH_USER_KYC', '/en/account-linking-failed?failCode=SHARE_KYC_NOT_MATCH_USER_KYC&merchantName=Shop%20One'],
    ['Processing', 'SHARE_KYC_NOT_MATCH_USER_KYC', '/en/corporation-portal/home'],
    ['Initial', null, '/en/corporation-portal/home'],
  ])("a verified business from a merchant's order (%s, %s) lands on %s", async (status, code, landing) => {
    const { user } = openLogin(<BusinessLoginPage />, {
      path: '/:lng/business-login',
      url: '/en/business-login?tranId=shop-7',
      routes: {
        [PATHS.passwordLogin]: () => loginResult({ userType: 'Corporate', token: { token: 'biz-1', validTime: 600 } }),
        [PATHS.overview]: () => corporateOverview(),
        [PATHS.queryOrderByTranId]: () => merchantOrder(status, code),
      },
    });
    await submitEmail(user, 'boss@corp.example');
    await submitPassword(user, 'pw-2');
    expect(await landedOn()).toBe(landing);
  });

  it("asks to be linked to the merchant's customer with the link's orderToken, then follows what the transaction says", async () => {
    await setSharedCookie(COOKIE_NAMES.orderToken, 'shop-7:abc123');
    const bound: unknown[] = [];
    const { user } = openLogin(<BusinessLoginPage />, {
      path: '/:lng/business-login',
      url: '/en/business-login?tranId=shop-7',
      routes: {
        [PATHS.passwordLogin]: () => loginResult({ userType: 'Corporate', token: { token: 'biz-1', validTime: 600 } }),
        [PATHS.overview]: () => corporateOverview(),
        [PATHS.kybMerchantBind]: (body) => {
          bound.push(body);
          return { tranId: 'shop-7', merchantName: 'Shop One', bindStatus: 'FAILED', failCode: 'ALREADY_LINKED_ANOTHER_ACCOUNT' };
        },
        [PATHS.queryOrderByTranId]: () => merchantOrder('Initial', 'ALREADY_LINKED_ANOTHER_ACCOUNT'),
      },
    });
    await submitEmail(user, 'boss@corp.example');
    await submitPassword(user, 'pw-2');
    expect(await landedOn()).toBe('/en/account-linking-failed?failCode=ALREADY_LINKED_ANOTHER_ACCOUNT&merchantName=Shop%20One');
    expect(bound).toEqual([{ orderToken: 'shop-7:abc123' }]);
  });

  it('Forgot password keeps the business mode, so the reset page leads back to the business sign-in', async () => {
    const { user } = open();
    await submitEmail(user, 'boss@corp.example');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await landedOn()).toBe('/en/reset-pwd?email=boss%40corp.example&mode=business');
  });

  it('keeps tranType, fiatCurrency, paymentMethod and orderToken in the shared cookies, tranId in storage', async () => {
    open('?tranType=BUY&fiatCurrency=EUR&paymentMethod=card.visa&orderToken=ord:42-x&tranId=tr_9');
    await waitFor(() => expect(getSharedCookie(COOKIE_NAMES.transactionType)).toBe('BUY'));
    expect(getSharedCookie(COOKIE_NAMES.fiatCurrency)).toBe('EUR');
    expect(getSharedCookie(COOKIE_NAMES.paymentMethod)).toBe('card.visa');
    expect(getSharedCookie(COOKIE_NAMES.orderToken)).toBe('ord:42-x');
    expect(TRAN_ID_STORAGE_KEY).toBe('causeway.tranId');
    expect(getItem(TRAN_ID_STORAGE_KEY)).toBe('tr_9');
    expect(JSON.parse(localStorage.getItem('causeway.tranId') ?? 'null')).toEqual({ data: 'tr_9', expiry: -1 });
  });

  it('ignores values that are not plain identifiers', async () => {
    const long = 'x'.repeat(129);
    open(
      `?tranType=${encodeURIComponent('BUY NOW')}&fiatCurrency=${encodeURIComponent('<script>')}&paymentMethod=${encodeURIComponent('a;b=c')}&orderToken=${long}&tranId=${encodeURIComponent('../x/y')}`,
    );
    // The page has settled once its first screen is up; the writes happen in an effect after it.
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    await waitFor(() => expect(document.cookie).toBe(''));
    ENTRY_COOKIES.forEach((name) => expect(getSharedCookie(name)).toBeUndefined());
    expect(localStorage.getItem(TRAN_ID_STORAGE_KEY)).toBeNull();
  });

  it('keeps the safe values of a mixed query and drops the rest', async () => {
    open(`?tranType=SELL&fiatCurrency=${encodeURIComponent('EUR"; path=/x')}&tranId=${'y'.repeat(128)}`);
    await waitFor(() => expect(getSharedCookie(COOKIE_NAMES.transactionType)).toBe('SELL'));
    expect(getSharedCookie(COOKIE_NAMES.fiatCurrency)).toBeUndefined();
    expect(getItem(TRAN_ID_STORAGE_KEY)).toBe('y'.repeat(128));
  });
});
