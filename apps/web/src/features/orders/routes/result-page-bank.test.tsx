import { type OrderBankTransfer, PATHS } from '@causeway/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/date-format';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import type { OrderDetail } from '../api/orders-api';
import { RESULT_POLL_INTERVAL_MS } from '../hooks/use-order-polling';
import { ORDER_ID, orderDetail, sellDetail } from '../order-fixtures';
import { ResultPage } from './result-page';

const DEADLINE = '2026-03-14T09:30:00.000Z';

/** A bank-transfer buy's payment: 100 EUR to the person's SEPA account, with the order's own reference. */
const transfer = (overrides: Partial<OrderBankTransfer> = {}): OrderBankTransfer => ({
  currency: 'EUR',
  scheme: 'SEPA',
  accountName: 'Ann Example',
  iban: 'LT12 1000 0111 0100 1000',
  bic: 'SANDLT22',
  sortCode: null,
  accountNumber: null,
  bankName: 'Sandbox Bank',
  bankAddress: '1 Sandbox Street, London EC1A 1AA',
  reference: 'CW4ORDER7Q',
  minimumAmount: '1',
  amount: '100.00',
  received: '40.00',
  funding: 'TRANSFER',
  ...overrides,
});

/** A bank-transfer buy of 100 EUR, waiting for its transfer unless overridden. */
const bankBuy = (overrides: Partial<OrderDetail> = {}): OrderDetail =>
  orderDetail({
    status: 'OrderSubmitted',
    channelCode: 'CLEAR_JUNCTION',
    paymentMethod: 'BANK_TRANSFER',
    card: null,
    deadlineAt: DEADLINE,
    bankTransfer: transfer(),
    ...overrides,
  });

/** Opens result?orderId= with get-detail answering `answers` in turn (the last one repeats). */
function openResult(answers: OrderDetail[]) {
  let served = 0;
  const fake = routedHttpClient({
    [PATHS.listCurrency]: () => [],
    [PATHS.getOrderDetail]: () => answers[Math.min(served++, answers.length - 1)],
  });
  const view = renderPage(<ResultPage />, { path: '/:lng/result', url: `/en/result?orderId=${ORDER_ID}`, client: fake.client });
  return { ...view, ...fake, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('result page of a bank-transfer buy', () => {
  it('waiting for the transfer: where to send it, the order reference, what arrived, the deadline; then it is paid', async () => {
    openResult([bankBuy(), bankBuy({ bankTransfer: transfer({ received: '100.00' }), status: 'PROCESSING' })]);
    expect(await heading('Send 100.00 EUR by bank transfer')).toBeInTheDocument();
    expect(screen.getByText(/The price is set when the money arrives/)).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Send EUR by SEPA transfer' });
    expect(within(details).getByText('LT12 1000 0111 0100 1000')).toBeInTheDocument();
    // The order's own reference, large, with the why of an order's reference.
    expect(within(details).getByText('CW4ORDER7Q')).toHaveClass('text-2xl');
    expect(within(details).getByText(/it tells us the money is for this order/)).toBeInTheDocument();
    const received = screen.getByRole('region', { name: 'Received so far' });
    expect(within(received).getByRole('status')).toHaveTextContent('40.00 EUR of 100.00 EUR');
    expect(within(received).getByText(formatDateTime(DEADLINE, 'en'))).toBeInTheDocument();
    expect(within(received).getByText(/the order expires and nothing is bought/)).toBeInTheDocument();
    expect(within(received).getByText("At today's price you would receive about 0.00123 BTC.")).toBeInTheDocument();
    // No card words.
    expect(screen.queryByText(/card/i)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(RESULT_POLL_INTERVAL_MS));
    expect(await heading('Processing your order')).toBeInTheDocument();
    expect(screen.getByText('Paid by your bank transfer.')).toBeInTheDocument();
  });

  it('paid from the balance: proceeds like a card buy, says so, and Buy more leads to the bank-transfer buy', async () => {
    const { user } = openResult([
      bankBuy({ status: 'SUCCESS', bankTransfer: transfer({ funding: 'BALANCE', received: '0' }), txHash: 'ab'.repeat(32) }),
    ]);
    expect(await heading('Purchase complete')).toBeInTheDocument();
    expect(screen.getByText('Paid from your EUR balance.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Send EUR by SEPA transfer' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Buy more crypto' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/banktransfer-buy?type=buy');
  });

  it('expired without the full amount: the reason says what became of the money, and nothing of a card', async () => {
    openResult([bankBuy({ status: 'EXPIRED', failReason: 'FUNDS_NOT_RECEIVED' })]);
    expect(await heading('Order expired')).toBeInTheDocument();
    expect(
      screen.getByText('The full amount did not arrive by the deadline, so nothing was bought. What did arrive is in your balance.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/card/i)).toBeNull();
  });

  it('failed for want of balance: nothing was taken from the balance', async () => {
    openResult([bankBuy({ status: 'FAILED', failReason: 'INSUFFICIENT_BALANCE', bankTransfer: transfer({ funding: 'BALANCE' }) })]);
    expect(await heading('Payment failed')).toBeInTheDocument();
    expect(screen.getByText('Nothing was taken from your balance.')).toBeInTheDocument();
    expect(screen.queryByText(/card/i)).toBeNull();
  });
});

describe('result page of a bank sell', () => {
  it('the proceeds go to the balance, not to a card', async () => {
    openResult([
      sellDetail({ status: 'SUCCESS', channelCode: 'CLEAR_JUNCTION', paymentMethod: 'BANK_TRANSFER', card: null, txHash: 'cd'.repeat(32) }),
    ]);
    expect(await heading('Sale complete')).toBeInTheDocument();
    expect(screen.getByText('96.52 EUR added to your balance.')).toBeInTheDocument();
    expect(screen.queryByText(/card/i)).toBeNull();
  });
});
