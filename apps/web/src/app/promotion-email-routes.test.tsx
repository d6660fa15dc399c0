import { PATHS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import { layoutFor } from './route-rules';
import { PAGE_ROUTES } from './route-table';

const loadPage = async (path: string) => {
  const route = PAGE_ROUTES.find((entry) => entry.path === path);
  if (!route) throw new Error(`no page ${path}`);
  return (await route.load()).default;
};

describe('the promotional-email pages in the app (docs/rules/screens.md)', () => {
  it('unsubscribe and unsubscribed are pages without sign-in or chrome', async () => {
    for (const path of ['unsubscribe', 'unsubscribed']) {
      expect(layoutFor(`/${path}`)).toBe('bare');
      expect(await loadPage(path)).toBeTypeOf('function');
    }
  });

  it.each(['settings', 'corporation-portal/setting'])(
    '%s shows the promotional-email choice among its sections, above Logout',
    async (path) => {
      const Page = await loadPage(path);
      const fake = routedHttpClient({
        [PATHS.checkLoginStatus]: () => ({
          isLogin: true,
          email: 'ann@example.com',
          userType: 'Individual',
          mode: 'individual',
          targetEntityTag: null,
        }),
        [PATHS.authenticatorBindingStatus]: () => ({ bindStatus: 'NONE', otpStep: 'skip-otp', email: 'ann@example.com' }),
        [PATHS.promotionEmailSubscription]: () => ({ subscribed: true, email: 'ann@example.com' }),
      });
      renderPage(<Page />, { path: `/:lng/${path}`, url: `/en/${path}`, client: fake.client });
      const section = (await screen.findByRole('heading', { level: 2, name: 'Promotional emails' })).closest('section')!;
      expect(await within(section).findByRole('switch', { name: 'Send me news and offers by email' })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      const logout = screen.getByRole('button', { name: 'Log out' });
      expect(section.compareDocumentPosition(logout) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    },
  );
});
