import { type CurrencyItem, PATHS } from '@causeway/contracts';
import { bundledTranslations } from '@causeway/translations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';
import type { OrderDetail, OrderSummary } from '../api/orders-api';
import { DEPOSIT_ADDRESS, orderSummary, sellDeposit, sellDetail, TX_HASH } from '../order-fixtures';
import { HistoryPage } from './history-page';

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
];
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** A list-order row of a sell of 0.01 BTC for 96.52 EUR. */
const sellRow = (n: number, overrides: Partial<OrderSummary> = {}) =>
  orderSummary(idOf(n), { transactionType: 'sell', cryptoAmount: '0.01', fiatAmount: '96.52', ...overrides });

function openHistory(list: OrderSummary[], detail: Partial<OrderDetail> = {}, { lng = 'en' }: { lng?: 'en' | 'zh' } = {}) {
  const fake = routedHttpClient({
    [PATHS.listOrder]: (() => ({ total: list.length, pageNum: 1, pageSize: 20, list })) satisfies Responder,
    [PATHS.listCurrency]: () => COINS,
    [PATHS.getOrderDetail]: () => sellDetail(detail),
  });
  const view = renderPage(<HistoryPage />, { path: '/:lng/history', url: `/${lng}/history`, client: fake.client });
  if (lng === 'zh') {
    view.i18n.addResourceBundle('zh', 'translation', bundledTranslations.zh);
    void view.i18n.changeLanguage('zh');
  }
  return { ...view, ...fake, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

const rows = () => within(screen.getByRole('list')).getAllByRole('button');
const openSheet = async (user: ReturnType<typeof userEvent.setup>) => {
  await waitFor(() => expect(rows()).toHaveLength(1));
  await user.click(rows()[0]!);
  return within(await screen.findByRole('dialog', { name: 'Order details' }));
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 2, 15, 10, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('history: sells', () => {
  it('a sell reads as one: sold, selling, not sold, or sold with its payout not through; the fiat first', async () => {
    openHistory([
      sellRow(1),
      sellRow(2, { status: 'OrderSubmitted', completedAt: null }),
      sellRow(3, { status: 'EXPIRED', failReason: 'DEPOSIT_NOT_RECEIVED' }),
      sellRow(4, { status: 'FAILED', failReason: 'PAYOUT_DECLINED' }),
    ]);
    await waitFor(() => expect(rows()).toHaveLength(4));
    const [sold, waiting, expired, declined] = rows() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(sold).toHaveAccessibleName(expect.stringMatching(/^Sell BTC.*Sold 0\.01 BTC for 96\.52 EUR\s*Completed$/));
    // What reached the card first, then the crypto sold.
    expect(within(sold).getByText('96.52 EUR')).toHaveClass('text-sm');
    expect(within(sold).getByText('0.01 BTC')).toHaveClass('text-xs');
    expect(waiting).toHaveAccessibleName(expect.stringMatching(/Selling 0\.01 BTC for 96\.52 EUR\s*Awaiting your crypto$/));
    expect(expired).toHaveAccessibleName(expect.stringContaining('Not sold: 0.01 BTC for 96.52 EUR'));
    expect(within(expired).getByText('96.52 EUR').closest('s')).not.toBeNull();
    expect(declined).toHaveAccessibleName(expect.stringContaining('Sold 0.01 BTC, but the 96.52 EUR payout did not reach your card'));
    for (const row of rows()) expect(row).not.toHaveAccessibleName(expect.stringContaining('bought'));
  });

  it('a completed sell opens its details: sold, paid to the card, the card, the deposit address and what arrived; no network fee of ours', async () => {
    const { user } = openHistory([sellRow(1)], {
      status: 'SUCCESS',
      txHash: TX_HASH,
      completedAt: '2026-03-10T09:52:00.000Z',
      deposit: sellDeposit({ confirmations: 2, receivedAmount: '0.01' }),
    });
    const sheet = await openSheet(user);
    expect(await sheet.findByText('You sold')).toBeInTheDocument();
    const value = (label: string) => sheet.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('You sold')).toBe('0.01 BTC');
    expect(value('Paid to your card')).toBe('96.52 EUR');
    expect(value('Paid out to')).toBe('Visa 4242 **** **** 4242');
    expect(value('Crypto received')).toBe('0.01 BTC');
    expect(value('Deposit address')).toContain(DEPOSIT_ADDRESS);
    expect(sheet.getByText(TX_HASH)).toBeInTheDocument();
    // Sold first, then paid: the order of a sell.
    const terms = sheet.getAllByRole('term').map((term) => term.textContent);
    expect(terms.indexOf('You sold')).toBeLessThan(terms.indexOf('Paid to your card'));
    expect(terms).not.toContain('You paid');
    expect(terms).not.toContain('Wallet address');
    // The person paid their own chain's fee: the fees hold ours only.
    const fees = within(sheet.getByRole('region', { name: 'Fees' }));
    expect(fees.getAllByRole('term').map((term) => term.textContent)).toEqual(['Our fee', 'Total fees', 'Spread (included in the price)']);
    expect(sheet.getAllByText('Completed')).toHaveLength(2);
  });

  it('a sell still waiting for its crypto: "You sell" and "To be paid to your card", and its badge says so', async () => {
    const { user } = openHistory([sellRow(1, { status: 'OrderSubmitted' })], { status: 'OrderSubmitted' });
    const sheet = await openSheet(user);
    expect(await sheet.findByText('You sell')).toBeInTheDocument();
    expect(sheet.getByText('To be paid to your card')).toBeInTheDocument();
    expect(sheet.getByText('Awaiting your crypto')).toBeInTheDocument();
    expect(sheet.queryByText('Crypto received')).not.toBeInTheDocument();
  });

  it.each([
    ['EXPIRED', 'DEPOSIT_NOT_RECEIVED', /^No crypto arrived in time; nothing was sold\./],
    ['FAILED', 'DEPOSIT_TOO_SMALL', /^The amount that arrived was below the minimum for this sale/],
    ['FAILED', 'DEPOSIT_SCREENED', /^This transfer could not be accepted after our routine checks/],
    ['FAILED', 'PAYOUT_DECLINED', /^Your crypto was sold, but the payout to your card did not go through/],
  ] as const)('a %s sell (%s) says what was asked for and its reason, never as sold or paid', async (status, failReason, reason) => {
    const { user } = openHistory([sellRow(1, { status, failReason })], { status, failReason, completedAt: '2026-03-10T10:00:05.000Z' });
    const sheet = await openSheet(user);
    const happened = within(await sheet.findByRole('region', { name: 'What happened' }));
    expect(happened.getByText('You asked to sell 0.01 BTC for 96.52 EUR.')).toBeInTheDocument();
    expect(happened.getByText(reason)).toBeInTheDocument();
    expect(happened.queryByText(/charged|refunded/)).not.toBeInTheDocument();
    const terms = sheet.getAllByRole('term').map((term) => term.textContent);
    expect(terms).not.toContain('You sold');
    expect(terms).not.toContain('Paid to your card');
    expect(terms).toContain('Deposit address');
    expect(terms).toContain('Ended');
  });

  it('reads in Chinese', async () => {
    openHistory([sellRow(1), sellRow(2, { status: 'EXPIRED', failReason: 'DEPOSIT_NOT_RECEIVED' })], {}, { lng: 'zh' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [sold, expired] = rows() as [HTMLElement, HTMLElement];
    await waitFor(() => expect(sold).toHaveAccessibleName(expect.stringContaining('已出售 0.01 BTC，获得 96.52 EUR')));
    expect(sold).toHaveAccessibleName(expect.stringMatching(/^出售 BTC/));
    expect(expired).toHaveAccessibleName(expect.stringContaining('未出售：0.01 BTC（96.52 EUR）'));
  });
});
