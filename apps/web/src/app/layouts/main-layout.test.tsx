import { PATHS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import { ThemeProvider } from '../theme';
import { MainLayout } from './main-layout';

const open = () => {
  const fake = routedHttpClient({
    [PATHS.checkLoginStatus]: () => ({
      isLogin: true,
      email: 'ann@example.com',
      userType: 'Individual',
      mode: 'individual',
      targetEntityTag: null,
    }),
    [PATHS.overview]: () => accountOverview(),
  });
  return renderPage(
    <ThemeProvider>
      <MainLayout flags={{ home: false, buy: true }}>
        <h1>Buy crypto</h1>
      </MainLayout>
    </ThemeProvider>,
    { path: '/:lng/card-buy-sell', url: '/en/card-buy-sell', client: fake.client },
  );
};

/**
 * The header's one row at 360 px (issue 14: it wrapped onto two): its items never wrap, the brand
 * shows only its mark on phones (the name still names the link), the language switch a short face.
 * Widths themselves are measured by the e2e suite; this pins the structure that makes them fit.
 */
describe('main layout header', () => {
  it('keeps its items on one row', async () => {
    open();
    const header = screen.getByRole('banner');
    await within(header).findByRole('button', { name: 'Account menu' });
    const row = header.firstElementChild!;
    expect(row).toHaveClass('flex', 'flex-nowrap');
    expect(row).not.toHaveClass('flex-wrap');
    expect(within(header).getByRole('link', { name: 'Buy crypto' })).toHaveClass('whitespace-nowrap');
  });

  it('shows only the brand mark on phones, the name still naming the home link', async () => {
    open();
    const home = within(screen.getByRole('banner')).getByRole('link', { name: 'Causeway' });
    expect(within(home).getByText('Causeway')).toHaveClass('max-sm:sr-only');
  });
});
