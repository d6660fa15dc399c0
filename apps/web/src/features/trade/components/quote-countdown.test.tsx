import { PATHS } from '@causeway/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessError, type Responder } from '@/test/routed-http-client';
import { amountInput, callsTo, formShown, openTrade, quote } from '../trade-test-kit';

const timer = () => within(screen.getByRole('region', { name: 'Your quote' })).getByRole('timer');
const seconds = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Opens the page with a 30 s quote for 100 EUR showing. */
async function withQuote(routes: Record<string, Responder> = {}) {
  const view = openTrade({ routes });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  await formShown();
  await user.type(amountInput(), '100');
  await seconds(400);
  await screen.findByText('1 BTC = 61,234.50 EUR');
  return { ...view, user };
}

describe('quote countdown (fake timers)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('counts down from expiresInSeconds and, at 0, renews the quote by itself with update-quote', async () => {
    const { bodiesOf } = await withQuote({ [PATHS.updateQuote]: () => quote({ quoteId: 'qte_2', price: '61500', expiresInSeconds: 30 }) });
    expect(timer()).toHaveTextContent('New price in 30 s');
    await seconds(10_000);
    expect(timer()).toHaveTextContent('New price in 20 s');
    expect(bodiesOf(PATHS.updateQuote)).toEqual([]);
    await seconds(20_000);
    expect(await screen.findByText('1 BTC = 61,500.00 EUR')).toBeInTheDocument();
    const { orderId } = bodiesOf(PATHS.getQuote)[0] as { orderId: string };
    expect(bodiesOf(PATHS.updateQuote)).toEqual([{ orderId, quoteId: 'qte_1' }]);
    expect(timer()).toHaveTextContent('New price in 30 s');
    expect(bodiesOf(PATHS.getQuote)).toHaveLength(1);
    // The renewed quote renews in turn, with its own id.
    await seconds(30_000);
    expect(bodiesOf(PATHS.updateQuote)).toEqual([{ orderId, quoteId: 'qte_1' }, { orderId, quoteId: 'qte_2' }]);
  });

  it('Quotation Expired (ODR00001013) from update-quote asks get-quote again and says so', async () => {
    let quoteCount = 0;
    const { calls } = await withQuote({
      [PATHS.getQuote]: () => quote({ quoteId: `qte_${++quoteCount}`, price: quoteCount === 1 ? '61234.5' : '62000' }),
      [PATHS.updateQuote]: () => {
        throw businessError(PATHS.updateQuote, 'ODR00001013', 'Quotation expired');
      },
    });
    await seconds(30_000);
    expect(await screen.findByText('1 BTC = 62,000.00 EUR')).toBeInTheDocument();
    expect(screen.getByText('Quotation Expired. Here is a new price.')).toBeInTheDocument();
    expect(callsTo(calls, PATHS.getQuote)).toHaveLength(2);
    expect(timer()).toHaveTextContent('New price in 30 s');
  });

  it('another renewal failure is shown, and Continue stays inactive', async () => {
    await withQuote({ [PATHS.updateQuote]: () => { throw businessError(PATHS.updateQuote, '999999', ''); } });
    await seconds(30_000);
    expect(await within(screen.getByRole('region', { name: 'Your quote' })).findByRole('alert')).toHaveTextContent('Something went wrong, please try again');
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'true');
  });
});
