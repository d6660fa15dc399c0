import { type CurrencyItem, PATHS } from '@causeway/contracts';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import { ORDER_ID, orderDetail } from '../order-fixtures';
import { DashboardPage } from './dashboard-page';
import { HistoryPage, HistoryWebviewPage } from './history-page';
import { ResultPage, ResultWebviewPage } from './result-page';

const COINS: CurrencyItem[] = [{ currency: 'BTC', name: 'Bitcoin', assetType: 'crypto', decimals: 8, symbol: '₿', sort: 1, networks: [] }];

function open(page: ReactElement, path: string, url: string) {
  const fake = routedHttpClient({
    [PATHS.overview]: () => accountOverview(),
    [PATHS.listOrder]: () => ({ total: 0, pageNum: 1, pageSize: 20, list: [] }),
    [PATHS.listCurrency]: () => COINS,
    [PATHS.getOrderDetail]: () => orderDetail({ status: 'SUCCESS' }),
  });
  renderPage(page, { path, url, client: fake.client });
}

// The main layout pads the sides (px-4): a page inside it adds none, or a 360 px phone keeps 296 px.
// The bare layout of the webview pages pads nothing, so those pages pad themselves.
describe('side padding', () => {
  it.each([
    ['dashboard', <DashboardPage key="d" />, '/:lng/dashboard', '/en/dashboard', 'Welcome back', false],
    ['history', <HistoryPage key="h" />, '/:lng/history', '/en/history', 'Transaction history', false],
    ['history-webview', <HistoryWebviewPage key="hw" />, '/:lng/history-webview', '/en/history-webview', 'Transaction history', true],
    ['result', <ResultPage key="r" />, '/:lng/result', `/en/result?orderId=${ORDER_ID}`, 'Purchase complete', false],
    [
      'result-webview',
      <ResultWebviewPage key="rw" />,
      '/:lng/result-webview',
      `/en/result-webview?orderId=${ORDER_ID}`,
      'Purchase complete',
      true,
    ],
  ])('%s pads its sides only outside the main layout', async (_name, page, path, url, title, padded) => {
    open(page, path, url);
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    const section = heading.closest('section')!;
    if (padded) expect(section).toHaveClass('px-4');
    else expect(section).not.toHaveClass('px-4');
  });
});
