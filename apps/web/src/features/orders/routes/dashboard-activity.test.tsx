import { type BankActivity, PATHS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import { balance, bankingRoutes } from '../banking-fixtures';
import type { Balance } from '../hooks/use-banking';
import { DashboardPage } from './dashboard-page';

function openDashboard({ balances = [] as Balance[], withdraw = true, activity = [] as BankActivity[] } = {}) {
  const fake = routedHttpClient({
    [PATHS.overview]: () => accountOverview(),
    [PATHS.listOrder]: () => ({ total: 0, pageNum: 1, pageSize: 5, list: [] }),
    ...bankingRoutes({ balances, withdraw, activity }),
  });
  renderPage(<DashboardPage />, { path: '/:lng/dashboard', url: '/en/dashboard', client: fake.client });
  return { ...fake, user: userEvent.setup() };
}

const section = async (name: string) => within((await screen.findByRole('heading', { level: 2, name })).closest('section')!);

const deposit = (n: number, overrides: Partial<BankActivity> = {}): BankActivity => ({
  kind: 'deposit',
  id: `crd_${n}`,
  currency: 'EUR',
  amount: `${n}.00`,
  status: 'CREDITED',
  detail: 'CW7K2M9QX',
  createdAt: `2026-03-${String(10 + n).padStart(2, '0')}T09:00:00.000Z`,
  ...overrides,
});

describe('dashboard: Withdraw beside Deposit', () => {
  it('with money in EUR and the withdraw switch on, Withdraw leads to the withdraw page', async () => {
    const { user } = openDashboard({ balances: [balance('EUR', '200')] });
    const box = await section('Balance');
    await box.findByText('200.00 EUR');
    await user.click(await box.findByRole('link', { name: 'Withdraw' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/withdraw');
  });

  it('money in GBP only: Withdraw opens the page in GBP', async () => {
    openDashboard({ balances: [balance('EUR', '0'), balance('GBP', '12.5')] });
    const box = await section('Balance');
    expect(await box.findByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/en/withdraw?currency=GBP');
  });

  it('is hidden while the withdraw switch is off, and with no fiat money to withdraw', async () => {
    openDashboard({ balances: [balance('EUR', '200')], withdraw: false });
    const box = await section('Balance');
    await box.findByText('200.00 EUR');
    await box.findByRole('link', { name: 'Deposit' });
    expect(box.queryByRole('link', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it('is hidden with only crypto or an empty fiat balance', async () => {
    openDashboard({ balances: [balance('EUR', '0.00'), balance('BTC', '0.5', 'crypto')] });
    const box = await section('Balance');
    await box.findByText('0.5 BTC');
    await box.findByRole('link', { name: 'Deposit' });
    expect(box.queryByRole('link', { name: 'Withdraw' })).not.toBeInTheDocument();
  });
});

describe('dashboard: recent activity', () => {
  it('says when there is none yet', async () => {
    openDashboard();
    const list = await section('Recent activity');
    expect(await list.findByText('No deposits or withdrawals yet.')).toBeInTheDocument();
  });

  it('lists the latest 5 with kind, amount, status, date and detail; See all opens the rest in place', async () => {
    const activity: BankActivity[] = [
      {
        kind: 'withdrawal',
        id: 'wd_1',
        currency: 'GBP',
        amount: '40.00',
        status: 'SUCCESS',
        detail: '4000 **** 5678',
        createdAt: '2026-03-20T09:00:00.000Z',
      },
      deposit(7, { status: 'IN_REVIEW', detail: 'RENT MARCH' }),
      { ...deposit(6), kind: 'withdrawal', id: 'wd_2', status: 'FAILED', detail: 'DE89 **** 3000' },
      deposit(5),
      deposit(4),
      deposit(3),
      deposit(2, { status: 'RETURNED' }),
    ];
    const { user } = openDashboard({ activity });
    const list = await section('Recent activity');
    const items = await list.findAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('Withdrawal');
    expect(items[0]).toHaveTextContent('−40.00 GBP');
    expect(items[0]).toHaveTextContent('Sent');
    expect(items[0]).toHaveTextContent('To 4000 **** 5678');
    expect(items[0]).toHaveTextContent('Mar 20, 2026');
    expect(items[1]).toHaveTextContent('+7.00 EUR');
    expect(items[1]).toHaveTextContent('In review');
    expect(items[1]).toHaveTextContent('Reference RENT MARCH');
    expect(items[1]).toHaveTextContent('Held for review: it came from an account not in your name.');
    expect(items[2]).toHaveTextContent('Failed');
    expect(items[2]).toHaveTextContent('The bank did not complete it: the money is back in your balance.');
    expect(items[3]).toHaveTextContent('Credited');

    const toggle = list.getByRole('button', { name: 'See all (7)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(list.getAllByRole('listitem')).toHaveLength(7);
    expect(list.getAllByRole('listitem')[6]).toHaveTextContent('Returned');
    expect(list.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('a short list has no See all', async () => {
    openDashboard({ activity: [deposit(1)] });
    const list = await section('Recent activity');
    expect(await list.findAllByRole('listitem')).toHaveLength(1);
    expect(list.queryByRole('button', { name: /See all/ })).not.toBeInTheDocument();
  });
});
