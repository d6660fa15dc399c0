import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { renderApp } from '@/test/app-harness';
import { MODE_STORAGE_KEY } from '@/lib/mode';
import { COMPANY, portalClient } from '../portal-test-kit';
import { PAGE_ROUTES } from '../route-table';
import { PORTAL_MENU_COLLAPSED_KEY } from './business-layout';

const PORTAL_HOME = '/en/corporation-portal/home';

const MENU = [
  ['Homepage', '/en/corporation-portal/home'],
  ['Transaction', '/en/corporation-portal/transaction'],
  ['Verification Center', '/en/corporation-portal/kyb-status'],
  ['Transaction History', '/en/corporation-portal/history'],
  ['Account Management', '/en/corporation-portal/account-management'],
  ['Security Center', '/en/corporation-portal/setting'],
];

/** Renders the portal's home for a signed-in business and waits for its page. */
async function renderPortal(options: Parameters<typeof portalClient>[0] = {}) {
  const app = renderApp(PORTAL_HOME, { client: portalClient(options).client });
  await screen.findByRole('heading', { level: 1, name: `Welcome, ${COMPANY}` });
  return app;
}

const menu = () => screen.getByRole('navigation', { name: 'Business portal menu' });
const menuLinks = () => within(menu()).getAllByRole('link');
const header = () => screen.getByRole('banner');

beforeAll(async () => {
  await PAGE_ROUTES.find((route) => route.path === 'corporation-portal/home')!.load();
});

describe('business portal menu', () => {
  it('lists the six portal pages in order, under the current locale', async () => {
    await renderPortal();
    expect(menuLinks().map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      MENU.map(([name, href]) => [expect.stringContaining(name!), href]),
    );
    expect(within(menu()).getByRole('link', { name: 'Homepage' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu()).getByRole('link', { name: 'Transaction' })).not.toHaveAttribute('aria-current');
  });

  it('collapses and expands, announcing the state on the button', async () => {
    const user = userEvent.setup();
    await renderPortal();
    const button = within(menu()).getByRole('button', { name: 'Collapse menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAccessibleName('Expand menu');
    // Collapsed, the names stay available to assistive tech and as tooltips.
    expect(within(menu()).getByRole('link', { name: 'Homepage' })).toHaveAttribute('title', 'Homepage');
    expect(menuLinks()).toHaveLength(6);

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // No tooltip once the names show again (Preact empties a removed title instead of dropping it).
    expect(within(menu()).getByRole('link', { name: 'Homepage' }).title).toBe('');
  });

  it('remembers the collapsed state in storage across a remount', async () => {
    const user = userEvent.setup();
    const app = await renderPortal();
    await user.click(within(menu()).getByRole('button', { name: 'Collapse menu' }));
    expect(storage.getItem(PORTAL_MENU_COLLAPSED_KEY)).toBe(true);

    app.remount();
    await screen.findByRole('heading', { level: 1, name: `Welcome, ${COMPANY}` });
    expect(within(menu()).getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');

    await user.click(within(menu()).getByRole('button', { name: 'Expand menu' }));
    expect(storage.getItem(PORTAL_MENU_COLLAPSED_KEY)).toBe(false);
    app.remount();
    await screen.findByRole('heading', { level: 1, name: `Welcome, ${COMPANY}` });
    expect(within(menu()).getByRole('button', { name: 'Collapse menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('hides the Verification Center in business-independent mode', async () => {
    storage.setItem(MODE_STORAGE_KEY, 'businessIndependent');
    await renderPortal();
    expect(menuLinks().map((link) => link.textContent)).toEqual(
      MENU.filter(([name]) => name !== 'Verification Center').map(([name]) => expect.stringContaining(name!)),
    );
    expect(within(menu()).queryByRole('link', { name: 'Verification Center' })).not.toBeInTheDocument();
  });

  it('shows the Verification Center in business mode', async () => {
    storage.setItem(MODE_STORAGE_KEY, 'business');
    await renderPortal();
    expect(within(menu()).getByRole('link', { name: 'Verification Center' })).toBeInTheDocument();
    expect(menuLinks()).toHaveLength(6);
  });
});

describe('business portal header', () => {
  it("shows the company's logo and name (kyb/company-header)", async () => {
    await renderPortal({ header: { logoUrl: '/uploads/kyb/logo.png?sig=1' } });
    const logo = within(header()).getByRole('img', { name: `${COMPANY} logo` });
    expect(logo).toHaveAttribute('src', '/uploads/kyb/logo.png?sig=1');
    expect(within(header()).getByText(COMPANY)).toBeInTheDocument();
  });

  it("shows the company's name beside its initial while it has no logo", async () => {
    await renderPortal();
    expect(within(header()).getByText(COMPANY)).toBeInTheDocument();
    expect(within(header()).queryByRole('img')).not.toBeInTheDocument();
  });

  it('falls back to the brand until the company has a name', async () => {
    renderApp(PORTAL_HOME, { client: portalClient({ header: { companyName: null } }).client });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to your business portal' });
    expect(within(header()).getByText('Business portal')).toBeInTheDocument();
  });

  it("holds the user menu with the company's entry, and the dark-mode toggle", async () => {
    const user = userEvent.setup();
    await renderPortal();
    expect(within(header()).getAllByRole('button', { name: 'Dark mode' }).length).toBeGreaterThan(0);
    await user.click(within(header()).getByRole('button', { name: 'Account menu' }));
    expect(within(header()).getByText('boss@acme.example')).toBeInTheDocument();
    const company = await within(header()).findByRole('link', { name: new RegExp(COMPANY) });
    expect(company).toHaveAttribute('href', PORTAL_HOME);
    expect(within(header()).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});
