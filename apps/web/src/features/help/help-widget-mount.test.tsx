import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/app-harness';

const FIND = { timeout: 5_000 };

// docs/rules/screens.md: the launcher is on every page with chrome, and on none of the no-login (bare) pages.
describe('where the help launcher shows', () => {
  it.each([
    ['the main layout', '/en/no-such-page'],
    ['the business portal', '/en/corporation-portal/home'],
    ['the simple header layout', '/en/business-account-form'],
  ])('in %s', async (_layout, url) => {
    renderApp(url);
    expect(await screen.findByRole('button', { name: 'Help' }, FIND)).toHaveAttribute('aria-expanded', 'false');
  });

  it('not on a bare page', async () => {
    renderApp('/en/user-blocked?code=AC100003');
    expect(await screen.findByRole('heading', { level: 1 }, FIND)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Help' })).not.toBeInTheDocument();
  });

  it('stays the same launcher (and panel, and a half-typed request) when the page moves to another layout', async () => {
    const app = renderApp('/en/no-such-page');
    const launcher = await screen.findByRole('button', { name: 'Help' }, FIND);
    await act(() => app.router.navigate('/en/business-account-form'));
    expect(await screen.findByRole('button', { name: 'Help' }, FIND)).toBe(launcher);
    await act(() => app.router.navigate('/en/user-blocked?code=AC100003'));
    expect(screen.queryByRole('button', { name: 'Help' })).not.toBeInTheDocument();
  });
});
