import { type KycInfo, type LoginStatus, PATHS } from '@causeway/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MODE_STORAGE_KEY } from '@/lib/mode';
import { storage } from '@/lib/storage';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import { AdditionalVerificationBanner } from './additional-verification-banner';

const SIGNED_IN: LoginStatus = { isLogin: true, email: 'ann@example.com', userType: 'Individual', mode: null, targetEntityTag: null };
const SIGNED_OUT: LoginStatus = { isLogin: false, email: null, userType: null, mode: null, targetEntityTag: null };
/** Noon UTC, so the date is the same in every time zone the tests may run in. */
const DEADLINE = '2026-12-01T12:00:00.000Z';
const BANNER_TEXT = "Additional verification: please confirm your account's move by 1 December 2026.";

/** Renders the banner on a settings route, signed in (or not) with an account whose KYC is `kyc`. */
function openBanner({ login = SIGNED_IN, kyc = {} }: { login?: LoginStatus; kyc?: Partial<KycInfo> } = {}) {
  const fake = routedHttpClient({
    [PATHS.checkLoginStatus]: () => login,
    [PATHS.overview]: () => accountOverview({}, { routeEntity: null, ...kyc }),
  });
  const view = renderPage(<AdditionalVerificationBanner />, { path: '/:lng/settings', url: '/en/settings', client: fake.client });
  return { ...view, ...fake, user: userEvent.setup() };
}

const callsTo = (calls: Array<{ path: string }>, path: string) => calls.filter((c) => c.path === path);
/** Lets answered queries render (and any query they enable start). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('AdditionalVerificationBanner', () => {
  it('signed out: asks the login status only, never the account info, and shows nothing', async () => {
    const { calls, container } = openBanner({ login: SIGNED_OUT, kyc: { hitClickedLaterCache: true, entitySwitchDeadline: DEADLINE } });
    await waitFor(() => expect(callsTo(calls, PATHS.checkLoginStatus)).toHaveLength(1));
    await settle();
    expect(callsTo(calls, PATHS.overview)).toEqual([]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
  });

  it('signed in after "later", before the deadline: shows the deadline (en-GB long) and a link to user-migration', async () => {
    const { calls, user } = openBanner({ kyc: { hitClickedLaterCache: true, overDeadLine: false, entitySwitchDeadline: DEADLINE } });
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent(BANNER_TEXT);
    const link = screen.getByRole('link', { name: 'Continue' });
    expect(link).toHaveAttribute('href', '/en/user-migration');
    expect(callsTo(calls, PATHS.checkLoginStatus)).toEqual([expect.objectContaining({ method: 'GET', options: { silent: true } })]);
    expect(callsTo(calls, PATHS.overview)).toEqual([expect.objectContaining({ method: 'GET', options: { query: {}, silent: true } })]);
    await user.click(link);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/user-migration');
  });

  it('asks the account info in the remembered mode (independent: paymentMethod BUY_SEND)', async () => {
    storage.setItem(MODE_STORAGE_KEY, 'independent');
    const { calls } = openBanner({ kyc: { hitClickedLaterCache: true, entitySwitchDeadline: DEADLINE } });
    expect(await screen.findByRole('status')).toHaveTextContent(BANNER_TEXT);
    expect(callsTo(calls, PATHS.overview)).toEqual([
      expect.objectContaining({ options: { query: { paymentMethod: 'BUY_SEND' }, silent: true } }),
    ]);
  });

  it.each<[string, Partial<KycInfo>]>([
    ['the deadline has passed (overDeadLine)', { hitClickedLaterCache: true, overDeadLine: true, entitySwitchDeadline: DEADLINE }],
    [
      '"later" was not chosen (hitClickedLaterCache false)',
      { hitClickedLaterCache: false, overDeadLine: false, entitySwitchDeadline: DEADLINE },
    ],
    ['there is no deadline', { hitClickedLaterCache: true, overDeadLine: false, entitySwitchDeadline: null }],
  ])('signed in, no banner when %s', async (_case, kyc) => {
    const { calls, container } = openBanner({ kyc });
    await waitFor(() => expect(callsTo(calls, PATHS.overview)).toHaveLength(1));
    await settle();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
  });

  it('signed in as a corporate account (no kycInfo): no banner', async () => {
    const fake = routedHttpClient({
      [PATHS.checkLoginStatus]: () => ({ ...SIGNED_IN, userType: 'Corporate' }),
      [PATHS.overview]: () => accountOverview({ userType: 'Corporate', kycInfo: null }),
    });
    const { container } = renderPage(<AdditionalVerificationBanner />, {
      path: '/:lng/settings',
      url: '/en/settings',
      client: fake.client,
    });
    await waitFor(() => expect(callsTo(fake.calls, PATHS.overview)).toHaveLength(1));
    await settle();
    expect(container).toBeEmptyDOMElement();
  });
});
