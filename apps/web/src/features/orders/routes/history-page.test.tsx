import { type CurrencyItem, type OrderDetail, PATHS } from '@causeway/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import type { ListOrderRequest, ListOrderResult } from '../api/orders-api';
import { ADDRESS, ORDER_ID, orderDetail, orderSummary, TX_HASH } from '../order-fixtures';
import { HISTORY_PAGE_SIZE, HistoryPage, HistoryWebviewPage } from './history-page';

const COINS: CurrencyItem[] = [
  {
    currency: 'BTC',
    name: 'Bitcoin',
    assetType: 'crypto',
    decimals: 8,
    symbol: '₿',
    sort: 0,
    networks: [{ network: 'BTC', networkName: 'Bitcoin', decimals: 8, memoRequired: false, memoName: null }],
  },
  { currency: 'ETH', name: 'Ether', assetType: 'crypto', decimals: 18, symbol: 'Ξ', sort: 1, networks: [] },
];
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A server holding `total` orders, answering the requested page. */
const pagedOrders =
  (total: number): Responder =>
  (body: ListOrderRequest) => {
    const pageNum = body.pageNum ?? 1;
    const pageSize = body.pageSize ?? 20;
    const from = (pageNum - 1) * pageSize;
    const count = Math.max(0, Math.min(pageSize, total - from));
    const list = Array.from({ length: count }, (_, i) => orderSummary(idOf(from + i + 1), { cryptoAmount: `0.00${from + i + 1}` }));
    return { total, pageNum, pageSize, list } satisfies ListOrderResult;
  };

function openHistory({
  list = pagedOrders(3),
  webview = false,
  routes = {},
}: { list?: Responder; webview?: boolean; routes?: Record<string, Responder> } = {}) {
  const fake = routedHttpClient({
    [PATHS.listOrder]: list,
    [PATHS.listCurrency]: () => COINS,
    [PATHS.getOrderDetail]: () => orderDetail({ status: 'SUCCESS', txHash: TX_HASH, completedAt: '2026-03-10T09:31:00.000Z' }),
    ...routes,
  });
  const page = webview ? 'history-webview' : 'history';
  const view = renderPage(webview ? <HistoryWebviewPage /> : <HistoryPage />, {
    path: `/:lng/${page}`,
    url: `/en/${page}`,
    client: fake.client,
  });
  const listBodies = () => fake.bodiesOf(PATHS.listOrder) as ListOrderRequest[];
  return { ...view, ...fake, listBodies, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

const rows = () => within(screen.getByRole('list')).getAllByRole('button');
// An input event, as a browser sends when a date is picked or typed (Preact's onChange listens to it).
const setDate = (label: 'From' | 'To', value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 2, 15, 10, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('history: range', () => {
  it('asks for the last 30 days (today included) by default, first page of 20', async () => {
    const { listBodies } = openHistory();
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction history' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByLabelText('From')).toHaveValue('2026-02-14');
    expect(screen.getByLabelText('To')).toHaveValue('2026-03-15');
    expect(listBodies()).toEqual([
      {
        startTime: new Date(2026, 1, 14).toISOString(),
        endTime: new Date(2026, 2, 16, 0, 0, 0, -1).toISOString(),
        pageNum: 1,
        pageSize: HISTORY_PAGE_SIZE,
      },
    ]);
  });

  it('a range over 365 days is refused before calling; 365 days exactly is asked for', async () => {
    const { listBodies } = openHistory();
    await waitFor(() => expect(listBodies()).toHaveLength(1));
    setDate('From', '2025-03-15');
    expect(await screen.findByText('The range can be at most 365 days')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(listBodies()).toHaveLength(1);
    setDate('From', '2025-03-16');
    await waitFor(() => expect(listBodies()).toHaveLength(2));
    expect(screen.queryByText('The range can be at most 365 days')).not.toBeInTheDocument();
    expect(listBodies()[1]).toMatchObject({ startTime: new Date(2025, 2, 16).toISOString() });
  });

  it('a start after the end is refused before calling', async () => {
    const { listBodies } = openHistory();
    await waitFor(() => expect(listBodies()).toHaveLength(1));
    setDate('To', '2026-01-01');
    expect(await screen.findByText('The start date must be on or before the end date')).toBeInTheDocument();
    expect(listBodies()).toHaveLength(1);
  });

  it("the server's ODR00001010 reads the same as the page's own rule", async () => {
    const { reported } = openHistory({
      list: () => {
        throw businessError(PATHS.listOrder, 'ODR00001010', 'The history range can be at most 365 days.');
      },
    });
    expect(await screen.findByText('The range can be at most 365 days')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
    expect(reported).toEqual([]);
  });

  it('another failure is reported and offers Retry', async () => {
    let fail = true;
    const refusal = businessError(PATHS.listOrder, 'USER0000001', 'Session expired');
    const { user, reported } = openHistory({
      list: (body) => {
        if (fail) throw refusal;
        return pagedOrders(1)(body);
      },
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(reported).toEqual([refusal]);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});

describe('history: filters and pages', () => {
  it('the status group and the coin go to list-order', async () => {
    const { user, listBodies } = openHistory();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.selectOptions(screen.getByLabelText('Status'), 'Failed');
    await waitFor(() => expect(listBodies()).toHaveLength(2));
    expect(listBodies()[1]).toMatchObject({ statuses: ['FAILED', 'BuySendFailed', 'PARTIAL_AUTH'], pageNum: 1 });
    await user.selectOptions(await screen.findByLabelText('Coin'), 'ETH');
    await waitFor(() => expect(listBodies()).toHaveLength(3));
    expect(listBodies()[2]).toMatchObject({ statuses: ['FAILED', 'BuySendFailed', 'PARTIAL_AUTH'], cryptoCurrency: 'ETH' });
    await user.selectOptions(screen.getByLabelText('Status'), 'All statuses');
    await waitFor(() => expect(listBodies()).toHaveLength(4));
    expect(listBodies()[3]).not.toHaveProperty('statuses');
  });

  it('Load more asks for the next page until every order is listed', async () => {
    const { user, listBodies } = openHistory({ list: pagedOrders(45) });
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.getByText('Showing 20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(40));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(45));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(listBodies().map((body) => body.pageNum)).toEqual([1, 2, 3]);
  });

  it('an empty range says so and offers buying', async () => {
    openHistory({ list: pagedOrders(0) });
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy crypto' })).toHaveAttribute('href', '/en/card-buy-sell');
  });

  it('history-webview offers no buying', async () => {
    openHistory({ list: pagedOrders(0), webview: true });
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Buy crypto' })).not.toBeInTheDocument();
  });
});

describe('history: an order that did not go through', () => {
  it('its row shows the amounts asked for struck through, read as not bought, never as received', async () => {
    openHistory({
      list: () => ({
        total: 2,
        pageNum: 1,
        pageSize: 20,
        list: [orderSummary(idOf(1), { status: 'FAILED', failReason: 'CARD_DECLINED' }), orderSummary(idOf(2), { cryptoAmount: '0.002' })],
      }),
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [failed, done] = rows() as [HTMLElement, HTMLElement];
    expect(within(failed).getByText('0.00123 BTC').closest('s')).not.toBeNull();
    expect(within(failed).getByText('100.00 EUR').closest('s')).not.toBeNull();
    expect(failed).toHaveAccessibleName(expect.stringContaining('Not bought: 0.00123 BTC for 100.00 EUR'));
    expect(failed).toHaveAccessibleName(expect.stringMatching(/Failed$/));
    expect(within(done).getByText('0.002 BTC').closest('s')).toBeNull();
    expect(done).toHaveAccessibleName(expect.stringContaining('0.002 BTC'));
    expect(done).not.toHaveAccessibleName(expect.stringContaining('Not bought'));
  });

  it('an order being stopped (PROCESSING with a reason) reads as not bought in its row too, as its details and result page say', async () => {
    openHistory({
      list: () => ({
        total: 1,
        pageNum: 1,
        pageSize: 20,
        list: [orderSummary(idOf(1), { status: 'PROCESSING', failReason: 'PAYOUT_FAILED' })],
      }),
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    const [stopping] = rows() as [HTMLElement];
    expect(within(stopping).getByText('0.00123 BTC').closest('s')).not.toBeNull();
    expect(stopping).toHaveAccessibleName(expect.stringContaining('Not bought: 0.00123 BTC for 100.00 EUR'));
  });

  it('its details say what was asked for, what happened and that nothing was charged; no paid, received or completed', async () => {
    const { user } = openHistory({
      list: pagedOrders(1),
      routes: {
        [PATHS.getOrderDetail]: () =>
          orderDetail({ status: 'FAILED', failReason: 'CARD_DECLINED', completedAt: '2026-03-10T09:30:04.000Z' }),
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(rows()[0]!);
    const sheet = within(await screen.findByRole('dialog', { name: 'Order details' }));
    const happened = within(await sheet.findByRole('region', { name: 'What happened' }));
    expect(happened.getByText('You asked to buy 0.00123 BTC for 100.00 EUR.')).toBeInTheDocument();
    expect(happened.getByText('Your card was declined. Try another card or contact your bank.')).toBeInTheDocument();
    expect(happened.getByText(/^Nothing was charged to your card\./)).toBeInTheDocument();
    const terms = sheet.getAllByRole('term').map((term) => term.textContent);
    expect(terms).not.toContain('You paid');
    expect(terms).not.toContain('You received');
    expect(terms).not.toContain('Completed');
    expect(terms).toContain('Ended');
    expect(sheet.queryByRole('region', { name: 'Fees' })).not.toBeInTheDocument();
  });

  it("says who holds the wallet when the travel rule asked: the VASP's name, or the person", async () => {
    let travelRule: OrderDetail['travelRule'] = { walletType: 'VASP', vaspId: 'vasp-kraken', vaspName: 'Kraken' };
    const { user } = openHistory({
      list: pagedOrders(1),
      routes: { [PATHS.getOrderDetail]: () => orderDetail({ status: 'SUCCESS', travelRule }) },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(rows()[0]!);
    const sheet = within(await screen.findByRole('dialog', { name: 'Order details' }));
    expect(sheet.getByText('Wallet held by').nextElementSibling).toHaveTextContent('Kraken');
    await user.keyboard('{Escape}');
    travelRule = { walletType: 'SELF_HOSTED', vaspId: null, vaspName: null };
    await user.click(rows()[0]!);
    const again = within(await screen.findByRole('dialog', { name: 'Order details' }));
    expect(again.getByText('Wallet held by').nextElementSibling).toHaveTextContent('You (self-hosted)');
  });

  it('an order whose charge was refunded says so, with the amount', async () => {
    const { user } = openHistory({
      list: pagedOrders(1),
      routes: {
        [PATHS.getOrderDetail]: () =>
          orderDetail({ status: 'FAILED', failReason: 'PAYOUT_FAILED', refunded: true, completedAt: '2026-03-10T09:35:00.000Z' }),
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(rows()[0]!);
    const happened = within(await screen.findByRole('region', { name: 'What happened' }));
    expect(happened.getByText('We could not send the crypto to your wallet, so the order was stopped.')).toBeInTheDocument();
    expect(
      happened.getByText('The 100.00 EUR charged was refunded to your card. It can take 1 to 3 business days to show.'),
    ).toBeInTheDocument();
    expect(happened.queryByText(/Nothing was charged/)).not.toBeInTheDocument();
  });
  it('an order being stopped (its refund running) says what was asked for, why, and that the payment is on its way back; not "You pay"', async () => {
    const { user } = openHistory({
      list: pagedOrders(1),
      routes: { [PATHS.getOrderDetail]: () => orderDetail({ status: 'PROCESSING', failReason: 'PAYOUT_FAILED' }) },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(rows()[0]!);
    const sheet = within(await screen.findByRole('dialog', { name: 'Order details' }));
    const happened = within(await sheet.findByRole('region', { name: 'What happened' }));
    expect(happened.getByText('You asked to buy 0.00123 BTC for 100.00 EUR.')).toBeInTheDocument();
    expect(happened.getByText('We could not send the crypto to your wallet, so the order was stopped.')).toBeInTheDocument();
    expect(happened.getByText('Your payment is being refunded or released to your card. This can take a few days.')).toBeInTheDocument();
    const terms = sheet.getAllByRole('term').map((term) => term.textContent);
    expect(terms).not.toContain('You pay');
    expect(terms).not.toContain('You receive');
  });
});

describe('history: details sheet', () => {
  it('a row opens the order in a sheet: amounts, itemised fees, price, card, address, hash, times', async () => {
    const { user, bodiesOf } = openHistory({ list: pagedOrders(1) });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(rows()[0]!);
    const sheet = within(await screen.findByRole('dialog', { name: 'Order details' }));
    expect(await sheet.findByText('You paid')).toBeInTheDocument();
    // The status badge and the completion time's label.
    expect(sheet.getAllByText('Completed')).toHaveLength(2);
    expect(bodiesOf(PATHS.getOrderDetail)).toEqual([{ orderId: idOf(1) }]);
    const value = (label: string) => sheet.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('You paid')).toBe('100.00 EUR');
    expect(value('You received')).toBe('0.00123 BTC');
    expect(value('Price')).toBe('1 BTC = 78,000.00 EUR');
    expect(value('Our fee')).toBe('3.00 EUR');
    expect(value('Promotion discount')).toBe('−1.50 EUR');
    expect(value('Network fee')).toBe('2.10 EUR');
    expect(value('Total fees')).toBe('3.60 EUR');
    expect(value('Spread (included in the price)')).toBe('0.80 EUR');
    // The fee lines read as a sum, as in the quote: network fee + our fee − the promotion = total (the spread apart).
    const fees = within(sheet.getByRole('region', { name: 'Fees' }));
    expect(fees.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Network fee',
      'Our fee',
      'Promotion discount',
      'Total fees',
      'Spread (included in the price)',
    ]);
    expect(fees.getAllByRole('term')[3]!.closest('dl')).toBe(fees.getAllByRole('term')[0]!.closest('dl'));
    expect(fees.getAllByRole('term')[4]!.closest('dl')).not.toBe(fees.getAllByRole('term')[0]!.closest('dl'));
    expect(value('Card')).toBe('Visa 4242 **** **** 4242');
    expect(sheet.getByText(ADDRESS)).toBeInTheDocument();
    expect(sheet.getByText(TX_HASH)).toBeInTheDocument();
    expect(sheet.getByText(ORDER_ID)).toBeInTheDocument();
    expect(value('Created')).toMatch(/2026/);
    expect(value('Completed')).toMatch(/2026/);
    expect(sheet.getByRole('link', { name: 'Open the order page' })).toHaveAttribute('href', `/en/result?orderId=${ORDER_ID}`);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the price has the decimals of the fiat amounts, as in the quote, and the network its one name, as in the confirm step', async () => {
    const { user } = openHistory({
      list: pagedOrders(1),
      routes: { [PATHS.getOrderDetail]: () => orderDetail({ status: 'SUCCESS', price: '60121.845812' }) },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(rows()[0]!);
    const sheet = within(await screen.findByRole('dialog', { name: 'Order details' }));
    const value = (label: string) => sheet.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(await sheet.findByText('1 BTC = 60,121.85 EUR')).toBeInTheDocument();
    await waitFor(() => expect(value('Network')).toBe('Bitcoin'));
  });

  it('a fiat without minor units (JPY, 0 decimals in the catalogue) shows its price and amounts as the quote does, not with the 2 places the server writes', async () => {
    const JPY: CurrencyItem = { currency: 'JPY', name: 'Japanese yen', assetType: 'fiat', decimals: 0, symbol: '¥', sort: 0, networks: [] };
    const { user } = openHistory({
      list: pagedOrders(1),
      routes: {
        [PATHS.listCurrency]: () => [...COINS, JPY],
        [PATHS.getOrderDetail]: () =>
          orderDetail({
            status: 'SUCCESS',
            fiatCurrency: 'JPY',
            fiatAmount: '15000.00',
            price: '9876543.6',
            fees: {
              ourFee: '150.00',
              ourFeeBeforeDiscount: '150.00',
              networkFee: '300.00',
              spread: '0.00',
              spreadRate: '0',
              discount: '0.00',
              total: '450.00',
            },
          }),
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(rows()[0]!);
    const sheet = within(await screen.findByRole('dialog', { name: 'Order details' }));
    const value = (label: string) => sheet.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(await sheet.findByText('1 BTC = 9,876,544 JPY')).toBeInTheDocument();
    expect(value('You paid')).toBe('15,000 JPY');
    expect(value('Total fees')).toBe('450 JPY');
  });

  it('the coin filter, the rows and the details sheet share one list-currency call', async () => {
    const EUR: CurrencyItem = { currency: 'EUR', name: 'Euro', assetType: 'fiat', decimals: 2, symbol: '€', sort: 0, networks: [] };
    const { user, calls } = openHistory({ list: pagedOrders(1), routes: { [PATHS.listCurrency]: () => [...COINS, EUR] } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    // The one catalogue holds fiat too: the coin filter offers coins only.
    expect(await screen.findByRole('option', { name: 'BTC' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'EUR' })).not.toBeInTheDocument();
    await user.click(rows()[0]!);
    const sheet = within(await screen.findByRole('dialog', { name: 'Order details' }));
    const value = (label: string) => sheet.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await waitFor(() => expect(value('Network')).toBe('Bitcoin'));
    expect(calls.filter((call) => call.path === PATHS.listCurrency)).toHaveLength(1);
  });

  it('a Mastercard reads by its name, and big amounts are grouped as on the trade page', async () => {
    const { user } = openHistory({
      list: pagedOrders(1),
      routes: {
        [PATHS.getOrderDetail]: () =>
          orderDetail({
            status: 'SUCCESS',
            fiatAmount: '61234.50',
            card: { cardId: 'crd_2', cardProcessor: 'MASTER', maskedNumber: '5555 **** **** 4444' },
          }),
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(rows()[0]!);
    const sheet = within(await screen.findByRole('dialog', { name: 'Order details' }));
    const value = (label: string) => sheet.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(await sheet.findByText('Mastercard 5555 **** **** 4444')).toBeInTheDocument();
    expect(value('You paid')).toBe('61,234.50 EUR');
  });

  it('a failed order shows its reason; a failed detail call is reported with Retry', async () => {
    let fail = true;
    const refusal = businessError(PATHS.getOrderDetail, '999999', '');
    const { user, reported } = openHistory({
      list: pagedOrders(1),
      routes: {
        [PATHS.getOrderDetail]: () => {
          if (fail) throw refusal;
          return orderDetail({ status: 'FAILED', failReason: 'CARD_DECLINED' });
        },
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(rows()[0]!);
    const sheet = within(await screen.findByRole('dialog', { name: 'Order details' }));
    expect(await sheet.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(reported).toEqual([refusal]);
    fail = false;
    await user.click(sheet.getByRole('button', { name: 'Try again' }));
    expect(await sheet.findByText('Your card was declined. Try another card or contact your bank.')).toBeInTheDocument();
  });
});
