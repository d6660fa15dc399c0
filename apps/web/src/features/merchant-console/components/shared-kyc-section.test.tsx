import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessError } from '@/test/routed-http-client';
import { FIND, openConsole, sharedKyc } from '../merchant-console-test-kit';

const URL = '/en/merchant-console/shared-kyc';

describe('merchant-console shared verifications', { timeout: 20_000 }, () => {
  it('lists each outcome with its labels: the customer id, the outcome in words, and for a refusal whose side must act and why', async () => {
    const { queriesOf } = openConsole({
      url: URL,
      routes: {
        [PATHS.merchantConsoleSharedKyc]: () => ({
          total: 3,
          outcomes: [
            sharedKyc({ merchantUserId: 'cust-42', outcome: 'refused', party: 'merchant', reason: 'token-invalid' }),
            sharedKyc({ merchantUserId: 'cust-7', outcome: 'mismatch' }),
            sharedKyc({ merchantUserId: null, outcome: 'reused' }),
          ],
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Shared verifications' }, FIND)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shared verifications' })).toHaveAttribute('aria-current', 'page');
    const items = within(await screen.findByRole('list', { name: 'Shared verifications' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(screen.getByText(/3 shared/)).toBeInTheDocument();

    const refused = items[0]!;
    expect(refused).toHaveTextContent(/^Date: /);
    expect(within(refused).getByText('Customer ID').nextElementSibling).toHaveTextContent('cust-42');
    expect(within(refused).getByText('Outcome').nextElementSibling).toHaveTextContent('Refused');
    expect(within(refused).getByText('Who must act').nextElementSibling).toHaveTextContent('You: the share token your link sent');
    expect(within(refused).getByText('Reason').nextElementSibling).toHaveTextContent('token-invalid');

    const mismatch = items[1]!;
    expect(within(mismatch).getByText('Outcome').nextElementSibling).toHaveTextContent('Different person');
    expect(mismatch).toHaveTextContent("it cannot pay this customer's open transactions");
    expect(within(mismatch).queryByText('Who must act')).toBeNull();

    expect(within(items[2]!).getByText('Customer ID').nextElementSibling).toHaveTextContent('Not known');
    expect(within(items[2]!).getByText('Outcome').nextElementSibling).toHaveTextContent('Reused');
    expect(queriesOf(PATHS.merchantConsoleSharedKyc)).toEqual([{ merchantId: 'mch_sandboxdemo', page: 1 }]);
  });

  it('pages 20 at a time, the page in the URL', async () => {
    let asked = 0;
    const view = openConsole({
      url: URL,
      routes: {
        [PATHS.merchantConsoleSharedKyc]: () => {
          asked += 1;
          const count = asked === 1 ? 20 : 5;
          return { total: 25, outcomes: Array.from({ length: count }, (_, n) => sharedKyc({ merchantUserId: `cust-${asked}-${n}` })) };
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Shared verifications' }, FIND);
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await view.user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Shared verifications' })).getAllByRole('listitem')).toHaveLength(5),
    );
    expect(view.location()).toBe('/en/merchant-console/shared-kyc?merchant=mch_sandboxdemo&page=2');
    expect(view.queriesOf(PATHS.merchantConsoleSharedKyc)).toEqual([
      { merchantId: 'mch_sandboxdemo', page: 1 },
      { merchantId: 'mch_sandboxdemo', page: 2 },
    ]);
  });

  it('says when nothing was shared', async () => {
    openConsole({ url: URL });
    expect(await screen.findByText('This merchant has shared no verification yet.', {}, FIND)).toBeInTheDocument();
  });

  it('words a refusal of the console and offers to try again', async () => {
    openConsole({
      url: URL,
      routes: {
        [PATHS.merchantConsoleSharedKyc]: () => {
          throw businessError(PATHS.merchantConsoleSharedKyc, 'MCN0000001');
        },
      },
    });
    expect(await screen.findByText('You do not manage this merchant. To get access, ask its owner.', {}, FIND)).toBeInTheDocument();
  });
});
