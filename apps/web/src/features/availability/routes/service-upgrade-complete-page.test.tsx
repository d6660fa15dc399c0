import { PATHS } from '@causeway/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import { ServiceUpgradeCompletePage } from './service-upgrade-complete-page';

function open(lng = 'en', entityTag: 'PL' | 'LI' = 'LI') {
  const fake = routedHttpClient({ [PATHS.overview]: () => accountOverview({ entityTag }) });
  const view = renderPage(<ServiceUpgradeCompletePage />, {
    path: '/:lng/service-upgrade-complete',
    url: `/${lng}/service-upgrade-complete`,
    client: fake.client,
  });
  return { ...view, ...fake, user: userEvent.setup() };
}

describe('service-upgrade-complete', () => {
  it('says the upgrade is done, names the new entity, and goes on to account-status', async () => {
    const { user } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your service upgrade is complete' })).toBeInTheDocument();
    expect(screen.getByText('Your account now runs with our entity in Liechtenstein (LI).')).toBeInTheDocument();
    expect(screen.getByText(/You sign in, buy and see your history as before/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/account-status');
  });

  it('names the entity the account now has', async () => {
    open('en', 'PL');
    expect(await screen.findByText('Your account now runs with our entity in Poland (PL).')).toBeInTheDocument();
  });
});
