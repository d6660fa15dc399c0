import { PATHS } from '@causeway/contracts';
import { bundledTranslations } from '@causeway/translations';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { ENTITY_STORAGE_KEY, tokenStorageKey } from '@/lib/session';
import type { FlowMode } from '@/lib/mode';
import { renderPage } from '@/test/render';
import { accountOverview, corporateOverview, kybInfo } from '@/test/account-overview';
import { deferred } from '@/test/deferred';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';
import { UserMenu } from './user-menu';

/** A built-in page and an operator's own (get-links: `{lng}` stands for the page language). */
const LINKS = [
  { key: 'terms', url: '/{lng}/legal/terms', sort: 1 },
  { key: 'privacy', url: 'https://shop.example/{lng}/privacy', sort: 2 },
];

/**
 * Opens the menu of a signed-in individual unless told otherwise. The badge's status comes from the
 * account info: KYC for individuals, basic KYB for corporate accounts (Initial unless `verified`).
 */
function openMenu(
  options: {
    signedIn?: boolean;
    userType?: 'Individual' | 'Corporate';
    mode?: FlowMode;
    verified?: boolean;
    /** The account's entity in its account info (LI unless told). */
    entityTag?: 'PL' | 'LI';
    /** Answers get-links (the two links unless told). */
    links?: Responder;
    /** Answers the account info instead of the account of the options above. */
    overview?: Responder;
  } = {},
) {
  const status = options.verified ? 'Pass' : 'Initial';
  const http = routedHttpClient({
    [PATHS.checkLoginStatus]: () =>
      options.signedIn === false
        ? { isLogin: false, email: null, userType: null, mode: null, targetEntityTag: null }
        : {
            isLogin: true,
            email: 'ann@example.com',
            userType: options.userType ?? 'Individual',
            mode: options.mode ?? 'individual',
            targetEntityTag: null,
          },
    [PATHS.menuLinks]: options.links ?? (() => LINKS),
    [PATHS.overview]:
      options.overview ??
      (() =>
        options.userType === 'Corporate'
          ? corporateOverview({ kybBasicStatus: status })
          : accountOverview({ entityTag: options.entityTag ?? 'LI' }, { kycStatus: status })),
    [PATHS.logout]: () => null,
    [PATHS.kybCompanyHeader]: () => ({
      companyName: 'Acme Trading Ltd',
      logoUrl: null,
      kybInfo: kybInfo({ kybBasicStatus: status, verificationStatus: options.verified ? 'Pass' : 'Processing' }),
    }),
  });
  const view = renderPage(<UserMenu lng="en" mode={options.mode ?? 'individual'} />, {
    path: '/:lng/settings',
    url: '/en/settings',
    client: http.client,
  });
  return { ...view, ...http, user: userEvent.setup() };
}

describe('the user menu', () => {
  it('offers sign-in when nobody is signed in, without asking for the account info', async () => {
    const { calls } = openMenu({ signedIn: false });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/en/login-v2');
    expect(calls.map((c) => c.path)).toEqual([PATHS.checkLoginStatus]);
  });

  it('shows the email, the Unverified badge (KYC Initial), the individual entries and the legal links', async () => {
    const { user, calls } = openMenu();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path === PATHS.overview)).toHaveLength(1));
    expect(screen.getByText('Unverified')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Account menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Transaction History', 'Bank accounts', 'Settings']);
    // Issue 14: the legal pages for the page's language, in a new tab, safely.
    const terms = await screen.findByRole('link', { name: 'Terms of Use' });
    expect(terms).toHaveAttribute('href', '/en/legal/terms');
    const privacy = screen.getByRole('link', { name: 'Privacy Statement' });
    expect(privacy).toHaveAttribute('href', 'https://shop.example/en/privacy');
    for (const link of [terms, privacy]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('shows Verified for KYC Pass of an individual', async () => {
    const { user } = openMenu({ verified: true });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.queryByText('Unverified')).not.toBeInTheDocument();
  });

  it('shows Verified for basic KYB Pass, the business list for corporate users, and Homepage and Buy Crypto in independent mode', async () => {
    const corporate = openMenu({ userType: 'Corporate', mode: 'business', verified: true });
    await corporate.user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const businesses = await screen.findByRole('list', { name: 'Your business' });
    const company = await within(businesses).findByRole('link', { name: /Acme Trading Ltd/ });
    expect(company).toHaveAttribute('href', '/en/corporation-portal/home');
    expect(company).toHaveTextContent('Verified');
    // The badge under the email, and the company's state in the list.
    expect(screen.getAllByText('Verified')).toHaveLength(2);
    expect(within(screen.getByRole('navigation', { name: 'Account menu' })).queryAllByRole('link')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    corporate.unmount();

    const independent = openMenu({ mode: 'independent' });
    await independent.user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(
      within(screen.getByRole('navigation', { name: 'Account menu' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Homepage', 'Buy Crypto', 'Transaction History', 'Bank accounts', 'Settings']);
  });

  it("says where an unverified company's review stands", async () => {
    const { user } = openMenu({ userType: 'Corporate', mode: 'business' });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const company = await screen.findByRole('link', { name: /Acme Trading Ltd/ });
    expect(company).toHaveTextContent('Under review');
    expect(screen.getByText('Unverified')).toBeInTheDocument();
  });

  it('closes on a click outside and on Escape', async () => {
    const { user } = openMenu();
    const button = await screen.findByRole('button', { name: 'Account menu' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(document.body);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs out after a confirmation ("Log out", as in settings): the server session ends, the token goes, the login page opens', async () => {
    storage.setItem(tokenStorageKey('individual'), { token: 'tok', validTime: Date.now() + 60_000 });
    const { user, router, calls } = openMenu();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login-v2'));
    expect(calls.filter((c) => c.path === PATHS.logout)).toHaveLength(1);
    expect(storage.getItem(tokenStorageKey('individual'))).toBeUndefined();
  });
});

describe("the user menu's copyright line (by brand and entity)", () => {
  // The year the line names is the current one: a fixed clock proves it is read, not written in.
  const pinYear = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-01T12:00:00Z'));
  };
  afterEach(() => vi.useRealTimers());

  it.each([
    ['our brand', 'PL', '© 2031 Causeway PL sp. z o.o.'],
    ['our brand', 'LI', '© 2031 Causeway LI AG'],
    ['Roma', 'PL', '© 2031 Causeway PL sp. z o.o., provider of the crypto services for Roma'],
    ['Roma', 'LI', '© 2031 Causeway LI AG, provider of the crypto services for Roma'],
  ] as const)("%s, an account of entity %s: the entity's legal name and the current year", async (brand, entityTag, expected) => {
    pinYear();
    if (brand === 'Roma') document.cookie = 'isRoma=true; path=/';
    // The stored entity says the other one: the account's own entity wins once its info is in.
    storage.setItem(ENTITY_STORAGE_KEY, entityTag === 'PL' ? 'LI' : 'PL');
    const { user, calls } = openMenu({ entityTag });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await waitFor(() => expect(calls.filter((c) => c.path === PATHS.overview)).toHaveLength(1));
    expect(await screen.findByText(expected)).toBeInTheDocument();
  });

  it('before the account info is in, the stored entity; then the account’s', async () => {
    pinYear();
    storage.setItem(ENTITY_STORAGE_KEY, 'PL');
    const info = deferred();
    const { user } = openMenu({ overview: () => info.promise });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText('© 2031 Causeway PL sp. z o.o.')).toBeInTheDocument();
    info.resolve(accountOverview({ entityTag: 'LI' }));
    expect(await screen.findByText('© 2031 Causeway LI AG')).toBeInTheDocument();
  });

  it('with nothing stored and no account info yet, the default entity LI', async () => {
    pinYear();
    const { user } = openMenu({ overview: () => deferred().promise });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText('© 2031 Causeway LI AG')).toBeInTheDocument();
  });

  it('in Chinese, by the same rules', async () => {
    pinYear();
    document.cookie = 'isRoma=true; path=/';
    const { user, i18n } = openMenu({ entityTag: 'PL' });
    i18n.addResourceBundle('zh', 'translation', bundledTranslations.zh);
    await act(() => i18n.changeLanguage('zh'));
    await user.click(await screen.findByRole('button', { name: '账户菜单' }));
    expect(await screen.findByText('© 2031 Causeway PL sp. z o.o.，为 Roma 提供加密货币服务。')).toBeInTheDocument();
  });

  it('shows even when the legal links cannot be read', async () => {
    pinYear();
    const { user } = openMenu({
      entityTag: 'PL',
      links: () => {
        throw new Error('get-links is down');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText('© 2031 Causeway PL sp. z o.o.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Terms of Use' })).not.toBeInTheDocument();
  });
});
