import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { MODE_STORAGE_KEY } from '@/lib/mode';
import { storage } from '@/lib/storage';
import { renderApp } from '@/test/app-harness';
import { COMPANY, portalClient } from './portal-test-kit';
import { PAGE_ROUTES } from './route-table';

const load = (path: string) => PAGE_ROUTES.find((route) => route.path === path)!.load();

beforeAll(async () => {
  // Each page's chunk, loaded once before the tests time anything.
  await Promise.all(['corporation-portal/home', 'corporation-portal/transaction', 'dashboard', 'history'].map(load));
});

describe('the portal home (composed by the route table)', () => {
  it('greets the company, shows the verification banner, the links to each side, the balances and the activity', async () => {
    storage.setItem(MODE_STORAGE_KEY, 'business');
    renderApp('/en/corporation-portal/home', {
      client: portalClient({ kyb: { kybBasicStatus: 'Initial', verificationStatus: 'Initial' } }).client,
    });
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome, ${COMPANY}` })).toBeInTheDocument();
    const banner = await screen.findByText('Finish verifying your business');
    expect(banner.closest('[role="status"]')).toHaveAttribute('data-state', 'Initial');
    expect(screen.getByRole('link', { name: 'Verify Now' })).toBeInTheDocument();

    const actions = screen.getByRole('navigation', { name: 'Trade and move money' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Buy', '/en/corporation-portal/transaction?type=buy'],
      ['Sell', '/en/corporation-portal/transaction?type=sell'],
      ['Deposit', '/en/corporation-portal/transaction?type=deposit'],
      ['Withdraw', '/en/corporation-portal/transaction?type=withdraw'],
    ]);

    const balances = within((await screen.findByRole('heading', { name: 'Balance' })).closest('section')!);
    expect(await balances.findByText('1,250.50 EUR')).toBeInTheDocument();
    // The home offers Deposit and Withdraw itself: the card does not repeat them.
    expect(balances.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent activity' })).toBeInTheDocument();
  });

  it('a verified business sees no banner', async () => {
    renderApp('/en/corporation-portal/home', { client: portalClient().client });
    await screen.findByRole('heading', { level: 1, name: `Welcome, ${COMPANY}` });
    await screen.findByText('1,250.50 EUR');
    expect(screen.queryByText('Finish verifying your business')).not.toBeInTheDocument();
  });
});

describe('docs/rules/kyb.md gating of corporate accounts', () => {
  it.each(['/en/dashboard', '/en/history', '/en/banktransfer-buy?type=buy'])(
    'a business opening %s is sent to the portal home',
    async (url) => {
      // A business session: its sign-in on business-login stored the mode.
      storage.setItem(MODE_STORAGE_KEY, 'business');
      const app = renderApp(url, { client: portalClient().client });
      await waitFor(() => expect(app.location()).toBe('/en/corporation-portal/home'));
      expect(await screen.findByRole('heading', { level: 1, name: `Welcome, ${COMPANY}` })).toBeInTheDocument();
    },
  );

  it('the trade pages inside the portal still work for it: a business not verified yet is shown the way to verify', async () => {
    storage.setItem(MODE_STORAGE_KEY, 'business');
    const user = userEvent.setup();
    const app = renderApp('/en/corporation-portal/transaction', {
      client: portalClient({ kyb: { kybBasicStatus: 'Processing', verificationStatus: 'Pending' } }).client,
    });
    // No side asked: Buy.
    await waitFor(() => expect(app.location()).toBe('/en/corporation-portal/transaction?type=buy'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your identity to buy' })).toBeInTheDocument();
    const sides = screen.getByRole('navigation', { name: 'Buy, sell, deposit or withdraw' });
    expect(within(sides).getByRole('link', { name: 'Buy' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(sides).getByRole('link', { name: 'Sell' }));
    await waitFor(() => expect(app.location()).toBe('/en/corporation-portal/transaction?type=sell'));
    await user.click(await screen.findByRole('button', { name: 'Go to verification' }));
    await waitFor(() => expect(app.location()).toBe('/en/corporation-portal/kyb-status'));
  });
});
