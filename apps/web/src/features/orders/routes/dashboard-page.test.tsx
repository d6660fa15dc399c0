import { type AccountOverview, PATHS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountOverview, corporateOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import type { ListOrderRequest, ListOrderResult } from '../api/orders-api';
import { bankingRoutes } from '../banking-fixtures';
import { orderSummary } from '../order-fixtures';
import { DashboardPage, RECENT_ORDERS } from './dashboard-page';

const ids = Array.from({ length: 5 }, (_, i) => `00000000-0000-4000-8000-00000000000${i + 1}`);
const fiveOrders: ListOrderResult = {
  total: 12,
  pageNum: 1,
  pageSize: 5,
  list: ids.map((id, i) => orderSummary(id, { status: i === 0 ? 'PROCESSING' : 'SUCCESS', cryptoAmount: `0.0${i + 1}` })),
};

function openDashboard(overview: AccountOverview = accountOverview(), list: Responder = () => fiveOrders) {
  const fake = routedHttpClient({ [PATHS.overview]: () => overview, [PATHS.listOrder]: list, ...bankingRoutes() });
  const view = renderPage(<DashboardPage />, { path: '/:lng/dashboard', url: '/en/dashboard', client: fake.client });
  return { ...view, ...fake, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 2, 15, 10, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('dashboard', () => {
  it('greets with the email and the Verified badge of a KYC Pass', async () => {
    openDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
  });

  it.each([['Pending'], ['Initial']] as const)('KYC %s shows Unverified', async (kycStatus) => {
    openDashboard(accountOverview({}, { kycStatus }));
    expect(await screen.findByText('Unverified')).toBeInTheDocument();
  });

  it('a corporate account is verified by its basic KYB', async () => {
    openDashboard(corporateOverview({ kybBasicStatus: 'Processing' }));
    expect(await screen.findByText('Unverified')).toBeInTheDocument();
  });

  it('lists the 5 latest orders of the past 365 days, each opening its result page', async () => {
    const { user, bodiesOf } = openDashboard();
    const recent = within((await screen.findByRole('heading', { name: 'Latest orders' })).closest('section')!);
    const links = await recent.findAllByRole('link', { name: /Buy BTC/ });
    expect(links).toHaveLength(RECENT_ORDERS);
    expect(links[0]).toHaveTextContent('Processing');
    expect(bodiesOf(PATHS.listOrder) as ListOrderRequest[]).toEqual([
      {
        startTime: new Date(2025, 2, 16).toISOString(),
        endTime: new Date(2026, 2, 16, 0, 0, 0, -1).toISOString(),
        pageNum: 1,
        pageSize: 5,
      },
    ]);
    await user.click(links[2]!);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(`/en/result?orderId=${ids[2]}`);
  });

  it('links to the whole history and to buying', async () => {
    const { user } = openDashboard();
    expect(await screen.findByRole('link', { name: 'View all' })).toHaveAttribute('href', '/en/history');
    await user.click(screen.getByRole('button', { name: 'Buy crypto' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/card-buy-sell');
  });

  it('without orders it says so', async () => {
    openDashboard(accountOverview(), () => ({ total: 0, pageNum: 1, pageSize: 5, list: [] }));
    expect(await screen.findByText('No orders yet. Your purchases and sales will show here.')).toBeInTheDocument();
  });

  it('a failed order list is reported and retried in place; the greeting stays', async () => {
    let fail = true;
    const refusal = businessError(PATHS.listOrder, '999999', '');
    const { user, reported } = openDashboard(accountOverview(), () => {
      if (fail) throw refusal;
      return fiveOrders;
    });
    expect(await screen.findByRole('heading', { level: 3, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(reported).toContain(refusal);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('link', { name: /Buy BTC/ })).toHaveLength(5);
  });

  it('a failed account info is reported (a dead session goes to sign-in) and offers Retry', async () => {
    const fake = routedHttpClient({
      [PATHS.overview]: () => {
        throw businessError(PATHS.overview, 'USER0000001', 'Session expired');
      },
      [PATHS.listOrder]: () => fiveOrders,
    });
    renderPage(<DashboardPage />, { path: '/:lng/dashboard', url: '/en/dashboard', client: fake.client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(fake.reported).toHaveLength(1);
  });
});
