import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { renderApp } from '@/test/app-harness';
import { MODE_STORAGE_KEY } from '@/lib/mode';
import { loadNotFoundPage } from '../route-table';
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

/** Renders the portal and waits for its page (the portal pages do not exist yet: not found). */
async function renderPortal() {
  const app = renderApp(PORTAL_HOME);
  await screen.findByRole('heading', { level: 1, name: 'Page not found' });
  return app;
}

const menu = () => screen.getByRole('navigation', { name: 'Business portal menu' });
const menuLinks = () => within(menu()).getAllByRole('link');

beforeAll(async () => {
  await loadNotFoundPage();
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
    await renderPortal();
    const button = within(menu()).getByRole('button', { name: 'Collapse menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAccessibleName('Expand menu');
    // Collapsed, the names stay available to assistive tech and as tooltips.
    expect(within(menu()).getByRole('link', { name: 'Homepage' })).toHaveAttribute('title', 'Homepage');
    expect(menuLinks()).toHaveLength(6);

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // No tooltip once the names show again (Preact empties a removed title instead of dropping it).
    expect(within(menu()).getByRole('link', { name: 'Homepage' }).title).toBe('');
  });

  it('remembers the collapsed state in storage across a remount', async () => {
    const app = await renderPortal();
    fireEvent.click(within(menu()).getByRole('button', { name: 'Collapse menu' }));
    expect(storage.getItem(PORTAL_MENU_COLLAPSED_KEY)).toBe(true);

    app.remount();
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(within(menu()).getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(within(menu()).getByRole('button', { name: 'Expand menu' }));
    expect(storage.getItem(PORTAL_MENU_COLLAPSED_KEY)).toBe(false);
    app.remount();
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
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
