import { PATHS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIND, openConsole } from '../merchant-console-test-kit';

const URL = '/en/merchant-console/customers';

const customer = (overrides: Partial<{ merchantUserId: string; signedUpHere: boolean; campaignTag: string | null }>) => ({
  merchantUserId: 'cust-1',
  linkedAt: '2026-03-01T10:00:00.000Z',
  verifiedAt: '2026-03-02T10:00:00.000Z',
  signedUpHere: false,
  campaignTag: null,
  ...overrides,
});

describe('merchant-console customers', { timeout: 20_000 }, () => {
  it('lists each linked customer with its labels: the id, whether the account came through the link, and the campaign tag', async () => {
    const { queriesOf } = openConsole({
      url: URL,
      routes: {
        [PATHS.merchantConsoleCustomers]: () => ({
          total: 2,
          customers: [
            customer({ merchantUserId: 'cust-new', signedUpHere: true, campaignTag: 'spring-2026' }),
            customer({ merchantUserId: 'cust-old' }),
          ],
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Customers' }, FIND)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page');
    const items = within(await screen.findByRole('list', { name: 'Customers' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(screen.getByText(/2 customers/)).toBeInTheDocument();

    const [fresh, old] = items as [HTMLElement, HTMLElement];
    expect(within(fresh).getByText('Customer ID').nextElementSibling).toHaveTextContent('cust-new');
    expect(within(fresh).getByText('Account').nextElementSibling).toHaveTextContent('Created through your link');
    expect(within(fresh).getByText('Campaign tag').nextElementSibling).toHaveTextContent('spring-2026');
    expect(within(old).getByText('Account').nextElementSibling).toHaveTextContent('Existed before');
    expect(within(old).getByText('Campaign tag').nextElementSibling).toHaveTextContent('None');
    expect(queriesOf(PATHS.merchantConsoleCustomers)).toEqual([{ merchantId: 'mch_sandboxdemo', page: 1 }]);
  });

  it('says so when no customer has linked an account yet', async () => {
    openConsole({ url: URL, routes: { [PATHS.merchantConsoleCustomers]: () => ({ total: 0, customers: [] }) } });
    expect(await screen.findByText('No customer has linked an account yet.', undefined, FIND)).toBeInTheDocument();
  });
});
