import { PATHS } from '@causeway/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Responder } from '@/test/routed-http-client';
import { amountInput, formShown, landedOn, openTrade, quote } from '../trade-test-kit';

const seconds = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const ASKS_CODE = { [PATHS.authenticatorBindingStatus]: () => ({ bindStatus: 'BINDED', otpStep: 'verify-otp', email: 'ann@example.com' }) };
const submitted = () => ({ orderId: 'x', status: 'PROCESSING', threeDsUrl: null, failReason: null });

/** Types 100 EUR, Continue, Pay (fake timers): the code modal is open. */
async function payAndAwaitCode(routes: Record<string, Responder> = {}) {
  const view = openTrade({
    routes: {
      ...ASKS_CODE,
      [PATHS.submitBuy]: submitted,
      [PATHS.updateQuote]: () => quote({ quoteId: 'qte_2', price: '65000', fiatAmount: '100' }),
      ...routes,
    },
  });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  await formShown();
  await user.type(amountInput(), '100');
  await seconds(400);
  await screen.findByText('1 BTC = 61,234.50 EUR');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  const pay = await screen.findByRole('button', { name: 'Pay 100.00 EUR' });
  // Radix gives the open sheet its pointer events back in an effect (the page behind has none): on a busy machine the click could come first.
  await waitFor(() => expect(pay.closest('[role="dialog"]')).toHaveStyle({ pointerEvents: 'auto' }));
  await user.click(pay);
  await screen.findByRole('dialog', { name: 'Authenticator code' });
  return { ...view, user };
}

describe('paying the price the person confirmed (fake timers)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  });

  it('a quick code sends the quote confirmed at Pay', async () => {
    const { user, bodiesOf } = await payAndAwaitCode();
    await seconds(5_000);
    await user.keyboard('123456');
    await landedOn();
    expect(bodiesOf(PATHS.submitBuy)).toEqual([expect.objectContaining({ quoteId: 'qte_1', otpCode: '123456' })]);
  });

  it('no renewal runs while the code is asked; a code typed after the price ran out returns to the confirm sheet with the new price instead of paying', async () => {
    const { user, bodiesOf } = await payAndAwaitCode();
    await seconds(45_000);
    expect(bodiesOf(PATHS.updateQuote)).toEqual([]);
    await user.keyboard('123456');
    const sheet = await screen.findByRole('dialog', { name: 'Confirm your order' });
    expect(within(sheet).getByRole('alert')).toHaveTextContent('The price changed. Check the new price and confirm again.');
    expect(await within(sheet).findByText('1 BTC = 65,000.00 EUR')).toBeInTheDocument();
    expect(bodiesOf(PATHS.submitBuy)).toEqual([]);
    expect(bodiesOf(PATHS.updateQuote)).toEqual([expect.objectContaining({ quoteId: 'qte_1' })]);
    // Pay now sends the renewed price the sheet shows.
    await user.click(within(sheet).getByRole('button', { name: 'Pay 100.00 EUR' }));
    await user.keyboard('654321');
    await landedOn();
    expect(bodiesOf(PATHS.submitBuy)).toEqual([expect.objectContaining({ quoteId: 'qte_2', otpCode: '654321' })]);
  });

  it('renewals wait while the tab is hidden and run when it shows again', async () => {
    const view = openTrade({ routes: { [PATHS.updateQuote]: () => quote({ quoteId: 'qte_2' }) } });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await formShown();
    await user.type(amountInput(), '100');
    await seconds(400);
    await screen.findByText('1 BTC = 61,234.50 EUR');
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await seconds(60_000);
    expect(view.bodiesOf(PATHS.updateQuote)).toEqual([]);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await seconds(0);
    expect(view.bodiesOf(PATHS.updateQuote)).toEqual([expect.objectContaining({ quoteId: 'qte_1' })]);
  });
});
