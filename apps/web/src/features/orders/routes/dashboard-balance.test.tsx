import { PATHS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { balance, bankingRoutes } from '../banking-fixtures';
import type { Balance } from '../hooks/use-banking';
import { DashboardPage } from './dashboard-page';

function openDashboard({
  balances = [] as Balance[],
  deposit = true,
  listBalance,
}: { balances?: Balance[]; deposit?: boolean; listBalance?: Responder } = {}) {
  const fake = routedHttpClient({
    [PATHS.overview]: () => accountOverview(),
    [PATHS.listOrder]: () => ({ total: 0, pageNum: 1, pageSize: 5, list: [] }),
    ...bankingRoutes({ balances, deposit }),
    ...(listBalance ? { [PATHS.listBalance]: listBalance } : {}),
  });
  renderPage(<DashboardPage />, { path: '/:lng/dashboard', url: '/en/dashboard', client: fake.client });
  return { ...fake, user: userEvent.setup() };
}

/** The Balance section, once its heading is there. */
const balanceSection = async () => within((await screen.findByRole('heading', { level: 2, name: 'Balance' })).closest('section')!);

/** The balance rows as "name: amount", in the order shown. */
const rows = (section: ReturnType<typeof within>) =>
  section.getAllByRole('definition').map((amount: HTMLElement) => `${amount.previousElementSibling?.textContent}: ${amount.textContent}`);

describe('dashboard: the balance', () => {
  it('lists each balance with its currency decimals, fiat first, then crypto, each in catalogue order', async () => {
    openDashboard({
      balances: [
        balance('USDT', '12.5', 'crypto'),
        balance('GBP', '0.5'),
        balance('BTC', '0.001234567891', 'crypto'),
        balance('EUR', '1250.5'),
        balance('JPY', '1500.75'),
      ],
    });
    const section = await balanceSection();
    expect(await section.findByText('1,250.50 EUR')).toBeInTheDocument();
    expect(rows(section)).toEqual([
      'Euro: 1,250.50 EUR',
      'Pound sterling: 0.50 GBP',
      'Japanese yen: 1,500 JPY',
      // A coin's places cut at its precision, never rounded up: a balance never shows more than is there.
      'Bitcoin: 0.00123456 BTC',
      'Tether USD: 12.5 USDT',
    ]);
  });

  it('with no balance yet says so, and offers Deposit to the bank-transfer page', async () => {
    const { user } = openDashboard();
    const section = await balanceSection();
    expect(await section.findByText('No balance yet. Deposit by bank transfer to add money.')).toBeInTheDocument();
    const deposit = section.getByRole('link', { name: 'Deposit' });
    expect(deposit).toHaveAttribute('href', '/en/banktransfer-buy?type=deposit');
    await user.click(deposit);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/banktransfer-buy?type=deposit');
  });

  it('hides Deposit while the deposit switch is off, and does not invite a deposit', async () => {
    const { calls } = openDashboard({ deposit: false, balances: [balance('EUR', '10')] });
    const section = await balanceSection();
    expect(await section.findByText('10.00 EUR')).toBeInTheDocument();
    await screen.findByText('No orders yet. Your purchases and sales will show here.');
    expect(calls.some((call) => call.path === PATHS.featureSwitch)).toBe(true);
    expect(section.queryByRole('link', { name: 'Deposit' })).not.toBeInTheDocument();
  });

  it('an empty balance with the deposit switch off says only that there is none', async () => {
    openDashboard({ deposit: false });
    const section = await balanceSection();
    expect(await section.findByText('No balance yet.')).toBeInTheDocument();
    expect(section.queryByText(/Deposit by bank transfer/)).not.toBeInTheDocument();
  });

  it('a failed balance list is reported and retried in place; the rest of the dashboard stays', async () => {
    let fail = true;
    const refusal = businessError(PATHS.listBalance, '999999', '');
    const { user, reported } = openDashboard({
      listBalance: () => {
        if (fail) throw refusal;
        return { balances: [balance('EUR', '3')] };
      },
    });
    const section = await balanceSection();
    expect(await section.findByRole('heading', { level: 3, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(reported).toContain(refusal);
    fail = false;
    await user.click(section.getByRole('button', { name: 'Try again' }));
    expect(await section.findByText('3.00 EUR')).toBeInTheDocument();
  });
});
