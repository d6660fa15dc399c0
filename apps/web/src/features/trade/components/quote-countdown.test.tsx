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
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  });

  it('counts down from expiresInSeconds less the 2 s margin and, at 0, renews the quote by itself with update-quote', async () => {
    const { bodiesOf } = await withQuote({ [PATHS.updateQuote]: () => quote({ quoteId: 'qte_2', price: '61500', expiresInSeconds: 30 }) });
    expect(timer()).toHaveTextContent('New price in 28 s');
    await seconds(10_000);
    expect(timer()).toHaveTextContent('New price in 18 s');
    expect(bodiesOf(PATHS.updateQuote)).toEqual([]);
    await seconds(18_000);
    expect(await screen.findByText('1 BTC = 61,500.00 EUR')).toBeInTheDocument();
    const { orderId } = bodiesOf(PATHS.getQuote)[0] as { orderId: string };
    expect(bodiesOf(PATHS.updateQuote)).toEqual([{ orderId, quoteId: 'qte_1' }]);
    expect(timer()).toHaveTextContent('New price in 28 s');
    expect(bodiesOf(PATHS.getQuote)).toHaveLength(1);
    // The renewed quote renews in turn, with its own id.
    await seconds(28_000);
    expect(bodiesOf(PATHS.updateQuote)).toEqual([
      { orderId, quoteId: 'qte_1' },
      { orderId, quoteId: 'qte_2' },
    ]);
  });

  it('Quotation Expired (ODR00001013) from update-quote asks get-quote again and says so', async () => {
    let quoteCount = 0;
    const { calls } = await withQuote({
      [PATHS.getQuote]: () => quote({ quoteId: `qte_${++quoteCount}`, price: quoteCount === 1 ? '61234.5' : '62000' }),
      [PATHS.updateQuote]: () => {
        throw businessError(PATHS.updateQuote, 'ODR00001013', 'Quotation expired');
      },
    });
    await seconds(28_000);
    expect(await screen.findByText('1 BTC = 62,000.00 EUR')).toBeInTheDocument();
    expect(screen.getByText('Quotation Expired. Here is a new price.')).toBeInTheDocument();
    expect(callsTo(calls, PATHS.getQuote)).toHaveLength(2);
    expect(timer()).toHaveTextContent('New price in 28 s');
  });

  it('a quote counts from when it was asked, less a 2 s margin: after a slow answer (3.5 s) it has 24.5 s left, and Pay after that sends nothing', async () => {
    let askedAt = 0;
    const slowQuote = () => {
      askedAt = Date.now();
      return new Promise((resolve) => setTimeout(() => resolve(quote()), 3_500));
    };
    const view = openTrade({ routes: { [PATHS.getQuote]: slowQuote, [PATHS.updateQuote]: () => quote({ quoteId: 'qte_2' }) } });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await formShown();
    await user.type(amountInput(), '100');
    await seconds(400);
    await seconds(3_500);
    await screen.findByText('1 BTC = 61,234.50 EUR');
    expect(timer()).toHaveTextContent('New price in 25 s');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const sheet = await screen.findByRole('dialog', { name: 'Confirm your order' });
    // A hidden tab holds the renewal back, and the once-a-second countdown still shows 1 s.
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    // Just past the deadline (asked + 30 s − 2 s), half a second after the countdown's last tick.
    await seconds(askedAt + 28_100 - Date.now());
    expect(within(sheet).getByRole('timer')).toHaveTextContent('New price in 1 s');
    await user.click(within(sheet).getByRole('button', { name: 'Pay 100.00 EUR' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('The price changed. Check the new price and confirm again.');
    expect(callsTo(view.calls, PATHS.authenticatorBindingStatus)).toEqual([]);
    expect(view.bodiesOf(PATHS.updateQuote)).toEqual([]);
    // Back in view, the quote renews.
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await seconds(0);
    expect(view.bodiesOf(PATHS.updateQuote)).toEqual([expect.objectContaining({ quoteId: 'qte_1' })]);
  });

  it('a renewal under way when the page closes is cancelled', async () => {
    const { unmount, calls } = await withQuote({ [PATHS.updateQuote]: () => new Promise(() => {}) });
    await seconds(30_000);
    const renewal = callsTo(calls, PATHS.updateQuote)[0]!;
    const { signal } = renewal.options as { signal: AbortSignal };
    expect(signal.aborted).toBe(false);
    unmount();
    expect(signal.aborted).toBe(true);
  });

  it('another renewal failure is shown, and Continue stays inactive', async () => {
    await withQuote({
      [PATHS.updateQuote]: () => {
        throw businessError(PATHS.updateQuote, '999999', '');
      },
    });
    await seconds(30_000);
    expect(await within(screen.getByRole('region', { name: 'Your quote' })).findByRole('alert')).toHaveTextContent(
      'Something went wrong, please try again',
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'true');
  });
});
