import { type LoginStatus, PATHS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { accountOverview } from '@/test/account-overview';
import { renderApp } from '@/test/app-harness';
import { HEALTHY, routedHttpClient } from '@/test/routed-http-client';

const FIND = { timeout: 5_000 };
const SIGNED_IN: LoginStatus = { isLogin: true, email: 'ann@example.com', userType: 'Individual', mode: null, targetEntityTag: null };

/**
 * Issue 14: a rejected verification is no dead end. In the whole app (layout, help launcher and
 * its window setters), a page's Contact support opens the help widget on its support form, about
 * the verification, under the signed-in person's own address.
 */
describe('Contact support after a failed verification', () => {
  afterEach(() => {
    window.causewayHelp?.setOpen(false);
    window.causewayHelp?.setSecondaryPage(null);
  });

  it.each(['/en/account-status', '/en/card-buy-sell'])('%s opens the support form with the topic and the account address', async (url) => {
    const { client } = routedHttpClient({
      [PATHS.health]: () => HEALTHY,
      [PATHS.checkLoginStatus]: () => SIGNED_IN,
      [PATHS.overview]: () => accountOverview({}, { kycStatus: 'Fail' }),
    });
    renderApp(url, { client });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Contact support' }, FIND));

    const panel = await screen.findByRole('dialog', { name: 'Help centre' }, FIND);
    const form = await within(panel).findByRole('form', { name: 'Contact support' }, FIND);
    expect(within(form).getByRole('textbox', { name: 'Topic (optional)' })).toHaveValue('Identity verification failed');
    expect(within(form).getByRole('textbox', { name: 'Email' })).toHaveValue('ann@example.com');
    expect(within(form).getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
  });
});
