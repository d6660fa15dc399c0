import { type CurrencyItem, type OrderStatus, PATHS, PROCESSING_WAIT_SECONDS } from '@causeway/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { rememberMerchantPage } from '@/lib/merchant-host';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import type { OrderDetail } from '../api/orders-api';
import { RESULT_POLL_INTERVAL_MS } from '../hooks/use-order-polling';
import { ADDRESS, ORDER_ID, orderDetail, TX_HASH } from '../order-fixtures';
import { ResultPage, ResultWebviewPage } from './result-page';

const CRYPTOS: CurrencyItem[] = [
  {
    currency: 'BTC',
    name: 'Bitcoin',
    assetType: 'crypto',
    decimals: 8,
    symbol: '₿',
    sort: 1,
    networks: [{ network: 'BTC', networkName: 'Bitcoin', decimals: 8, memoRequired: false, memoName: null }],
  },
];

/** Opens result?orderId= with get-detail answering `answers` in turn (the last one repeats). */
function openResult(answers: Array<Partial<OrderDetail> | Responder>, { webview = false, orderId = ORDER_ID } = {}) {
  let served = 0;
  const fake = routedHttpClient({
    [PATHS.listCurrency]: () => CRYPTOS,
    [PATHS.getOrderDetail]: (body) => {
      const answer = answers[Math.min(served, answers.length - 1)]!;
      served += 1;
      return typeof answer === 'function' ? answer(body) : orderDetail(answer);
    },
  });
  const page = webview ? 'result-webview' : 'result';
  const view = renderPage(webview ? <ResultWebviewPage /> : <ResultPage />, {
    path: `/:lng/${page}`,
    url: `/en/${page}?orderId=${orderId}`,
    client: fake.client,
  });
  const polls = () => fake.bodiesOf(PATHS.getOrderDetail).length;
  return { ...view, ...fake, polls, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(RESULT_POLL_INTERVAL_MS));
const landedOn = async () => (await screen.findByTestId('elsewhere')).textContent;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('result page: one view per status', () => {
  it('OrderSubmitted: waits for the bank and links back to the 3DS page when there is a challenge', async () => {
    const url = 'https://bank.example/acs?session=1';
    const { user } = openResult([{ status: 'OrderSubmitted', threeDsStatus: 'PENDING', threeDsUrl: url }]);
    expect(await heading("Waiting for your bank's check")).toBeInTheDocument();
    expect(screen.getByText(/Your bank is checking this payment/)).toBeInTheDocument();
    expect(screen.getByText(ORDER_ID)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: "Open your bank's check again" }));
    expect(await landedOn()).toBe(`/en/3ds?orderId=${ORDER_ID}`);
  });

  it('OrderSubmitted without a 3DS URL offers no link', async () => {
    openResult([{ status: 'OrderSubmitted' }]);
    expect(await heading("Waiting for your bank's check")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: "Open your bank's check again" })).not.toBeInTheDocument();
  });

  it('PROCESSING: a spinner and the steps, buying until the payout has a hash, then sending', async () => {
    openResult([{ status: 'PROCESSING' }, { status: 'PROCESSING', txHash: TX_HASH }]);
    expect(await heading('Processing your order')).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '✓Payment received (done)',
      '2Buying your crypto (in progress)',
      '3Sending to your wallet (to do)',
    ]);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('This usually takes up to 30 seconds.')).toBeInTheDocument();
    await nextPoll();
    await waitFor(() => expect(screen.getByText(/Sending to your wallet/).closest('li')).toHaveAttribute('aria-current', 'step'));
  });

  it('SUCCESS: the amount received, address and hash with copy buttons, the about-1-hour note', async () => {
    const { user } = openResult([{ status: 'SUCCESS', txHash: TX_HASH, completedAt: '2026-03-10T09:31:00.000Z' }]);
    expect(await heading('Purchase complete')).toBeInTheDocument();
    expect(screen.getByText('0.00123 BTC')).toBeInTheDocument();
    expect(screen.getByText('100.00 EUR')).toBeInTheDocument();
    expect(screen.getByText(ADDRESS)).toBeInTheDocument();
    expect(screen.getByText(TX_HASH)).toBeInTheDocument();
    // The network by its one name (the confirm step's), not its code.
    await waitFor(() => expect(screen.getByText('Network', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Bitcoin'));
    expect(screen.getByText('It usually shows in your wallet within about 1 hour.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy Transaction hash' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(TX_HASH);
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy more crypto' }));
    expect(await landedOn()).toBe('/en/card-buy-sell');
  });

  it("sent by a merchant with a redirectUrl it allowed: a link back to it, with the order's id and status", async () => {
    rememberMerchantPage({
      hostOrigin: null,
      redirectUrl: 'https://shop.example.com/thanks?cart=7',
      merchantName: 'Shop One',
      merchantUserId: null,
    });
    openResult([{ status: 'SUCCESS', txHash: TX_HASH }]);
    const back = await screen.findByRole('link', { name: 'Back to Shop One' });
    expect(back).toHaveAttribute('href', `https://shop.example.com/thanks?cart=7&orderId=${ORDER_ID}&status=SUCCESS`);
    sessionStorage.clear();
  });

  it('asks list-currency once for both the fiat decimals and the network name (one catalogue, one call)', async () => {
    const { calls } = openResult([{ status: 'SUCCESS', txHash: TX_HASH, completedAt: '2026-03-10T09:31:00.000Z' }]);
    expect(await heading('Purchase complete')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Network', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Bitcoin'));
    expect(calls.filter((call) => call.path === PATHS.listCurrency)).toHaveLength(1);
  });

  it.each([
    ['CARD_DECLINED', 'Your card was declined. Try another card or contact your bank.'],
    ['INSUFFICIENT_FUNDS', 'Insufficient balance: your card does not have enough funds for this order.'],
    [null, 'Something went wrong, please try again'],
  ] as const)('FAILED (%s): the reason in words; Try again starts a new order', async (failReason, text) => {
    const { user } = openResult([{ status: 'FAILED', failReason }]);
    expect(await heading('Payment failed')).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    // What was asked for, and that nothing was charged: never read as paid.
    expect(screen.getByText('You asked to buy 0.00123 BTC for 100.00 EUR.')).toBeInTheDocument();
    expect(screen.getByText(/^Nothing was charged to your card\./)).toBeInTheDocument();
    expect(screen.queryByText('You paid')).not.toBeInTheDocument();
    expect(screen.getByText(ORDER_ID)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await landedOn()).toBe('/en/card-buy-sell');
  });

  it('FAILED after a refund: the charge was refunded, not "nothing charged"', async () => {
    openResult([{ status: 'FAILED', failReason: 'PAYOUT_FAILED', refunded: true }]);
    expect(await heading('Payment failed')).toBeInTheDocument();
    expect(
      screen.getByText('The 100.00 EUR charged was refunded to your card. It can take 1 to 3 business days to show.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Nothing was charged/)).not.toBeInTheDocument();
  });

  it('PROCESSING while being stopped (refund running): why, what was asked for and that the payment is on its way back; no progress steps', async () => {
    openResult([{ status: 'PROCESSING', failReason: 'LIQUIDITY' }]);
    expect(await heading('Your order is being stopped')).toBeInTheDocument();
    expect(screen.getByText('We could not buy the crypto at this time, so the order was stopped.')).toBeInTheDocument();
    expect(screen.getByText('You asked to buy 0.00123 BTC for 100.00 EUR.')).toBeInTheDocument();
    expect(screen.getByText('Your payment is being refunded or released to your card. This can take a few days.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Order progress' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Nothing was charged/)).not.toBeInTheDocument();
  });

  it.each([
    ['EXPIRED', false, 'Order expired', /your card was not charged/],
    ['EXPIRED_ERROR', true, 'Order expired', /your payment is refunded to your card/],
    ['EXPIRED_ERROR', false, 'Order expired', /its hold on your card is released: nothing was charged/],
    ['PARTIAL_AUTH', false, 'Card approved only part of the amount', /Nothing was charged/],
  ] as const)('%s (refunded: %s): its own title and text, Try again and the history', async (status, refunded, title, text) => {
    const { user } = openResult([{ status, refunded, failReason: status === 'PARTIAL_AUTH' ? 'PARTIAL_AUTH' : 'DEADLINE_PASSED' }]);
    expect(await heading(title)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText('You asked to buy 0.00123 BTC for 100.00 EUR.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'View history' }));
    expect(await landedOn()).toBe('/en/history');
  });

  it('result-webview: links stay among the webview pages and no buy button is offered', async () => {
    const { user } = openResult([{ status: 'FAILED', failReason: 'CARD_DECLINED' }], { webview: true });
    expect(await heading('Payment failed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'View history' }));
    expect(await landedOn()).toBe('/en/history-webview');
  });
});

describe('result page: polling', () => {
  it('asks every 2 s with the order id and stops at the first final status', async () => {
    const { polls, bodiesOf } = openResult([
      { status: 'OrderSubmitted' },
      { status: 'PROCESSING' },
      { status: 'SUCCESS', txHash: TX_HASH },
    ]);
    expect(await heading("Waiting for your bank's check")).toBeInTheDocument();
    await nextPoll();
    expect(await heading('Processing your order')).toBeInTheDocument();
    await nextPoll();
    expect(await heading('Purchase complete')).toBeInTheDocument();
    expect(polls()).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(10 * RESULT_POLL_INTERVAL_MS));
    expect(polls()).toBe(3);
    expect(bodiesOf(PATHS.getOrderDetail)[0]).toEqual({ orderId: ORDER_ID });
  });

  it(`after ${PROCESSING_WAIT_SECONDS} s of PROCESSING it says it is taking longer, offers the history and keeps polling`, async () => {
    const { polls } = openResult([{ status: 'PROCESSING' }]);
    expect(await heading('Processing your order')).toBeInTheDocument();
    expect(screen.queryByText(/taking longer than usual/)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_WAIT_SECONDS * 1000 - 1000));
    expect(screen.queryByText(/taking longer than usual/)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText(/This is taking longer than usual/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View history' })).toHaveAttribute('href', '/en/history');
    const before = polls();
    expect(before).toBeGreaterThanOrEqual(15);
    await nextPoll();
    expect(polls()).toBe(before + 1);
  });

  it('a failed get-detail is reported (docs/rules/errors.md) and shows Retry, which polls again', async () => {
    const failure = new ApiError({ kind: 'network', path: PATHS.getOrderDetail, msg: 'Network error' });
    const { user, reported, polls } = openResult([
      () => {
        throw failure;
      },
      { status: 'SUCCESS' },
    ]);
    expect(await heading('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('No response from server, check the order at the history page')).toBeInTheDocument();
    expect(reported).toEqual([failure]);
    expect(screen.getByRole('link', { name: 'View history' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading('Purchase complete')).toBeInTheDocument();
    expect(polls()).toBe(2);
  });

  it('once the order shows, a dropped connection skips a poll instead of replacing the order', async () => {
    const { polls } = openResult([
      { status: 'PROCESSING' },
      () => {
        throw new ApiError({ kind: 'network', path: PATHS.getOrderDetail, msg: 'Network error' });
      },
      { status: 'SUCCESS' },
    ]);
    expect(await heading('Processing your order')).toBeInTheDocument();
    await nextPoll();
    expect(screen.getByRole('heading', { level: 1, name: 'Processing your order' })).toBeInTheDocument();
    await nextPoll();
    expect(await heading('Purchase complete')).toBeInTheDocument();
    expect(polls()).toBe(3);
  });

  it('a refusal after the order showed keeps the order and offers Check again', async () => {
    const refusal = businessError(PATHS.getOrderDetail, '999999', 'boom');
    const { user, reported } = openResult([
      { status: 'PROCESSING' },
      () => {
        throw refusal;
      },
      { status: 'SUCCESS' },
    ]);
    expect(await heading('Processing your order')).toBeInTheDocument();
    await nextPoll();
    expect(await screen.findByRole('alert')).toHaveTextContent('boom');
    expect(reported).toEqual([refusal]);
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await heading('Purchase complete')).toBeInTheDocument();
  });

  it('ODR00001007 and an id that cannot be an order say the order was not found', async () => {
    openResult([
      () => {
        throw businessError(PATHS.getOrderDetail, 'ODR00001007', 'No such order.');
      },
    ]);
    expect(await heading('Order not found')).toBeInTheDocument();
  });

  it('an orderId that is not a UUID is not asked about', async () => {
    const { polls } = openResult([{ status: 'SUCCESS' }], { orderId: 'not-an-order' });
    expect(await heading('Order not found')).toBeInTheDocument();
    expect(polls()).toBe(0);
  });
});

/** Every <dl> holds only dt/dd groups, bare or wrapped in a div (HTML; axe definition-list and dlitem). */
function definitionListProblems(): string[] {
  const tag = (element: Element) => element.tagName.toLowerCase();
  return [...document.querySelectorAll('dl')].flatMap((list) =>
    [...list.children].flatMap((child) => {
      if (tag(child) === 'dt' || tag(child) === 'dd') return [];
      if (tag(child) !== 'div') return [`<${tag(child)}> in a dl`];
      return [...child.children]
        .filter((inner) => tag(inner) !== 'dt' && tag(inner) !== 'dd')
        .map((inner) => `<${tag(inner)} role=${inner.getAttribute('role')}> in a dl's div`);
    }),
  );
}

describe('result page: definition lists', () => {
  it.each<Partial<OrderDetail>>([
    { status: 'SUCCESS', txHash: TX_HASH, memo: '123' },
    { status: 'FAILED', failReason: 'CARD_DECLINED' },
    { status: 'PROCESSING' },
  ])("$status: every dl holds only dt and dd (the copy buttons' Copied status sits in its dd)", async (answer) => {
    openResult([answer]);
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelectorAll('dl').length).toBeGreaterThan(0);
    expect(definitionListProblems()).toEqual([]);
  });
});

describe('result page: every status has a view', () => {
  it.each<OrderStatus>(['BuySendSuccess', 'BuySendFailed'])('%s uses the view of its family', async (status) => {
    openResult([{ status }]);
    expect(await heading(status === 'BuySendSuccess' ? 'Purchase complete' : 'Payment failed')).toBeInTheDocument();
  });
});
