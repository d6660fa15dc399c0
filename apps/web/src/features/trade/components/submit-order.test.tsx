import { PATHS } from '@causeway/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { PRE_ORDER_ID_STORAGE_KEY, storedPreOrderId } from '@/lib/merchant-transaction';
import { storage } from '@/lib/storage';
import { businessError, type Responder } from '@/test/routed-http-client';
import { STILL_PROCESSING_WAIT_MS } from '../hooks/use-submit-buy';
import { AMOUNT_DEBOUNCE_MS } from './trade-form';
import { amountInput, formShown, landedOn, openTrade, quote, wallet } from '../trade-test-kit';

const ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const NEW_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

// A fake clock at the real pace (shouldAdvanceTime): these tests are about what follows the quote, so
// they skip the amount's settling time (trade-form's tests keep it) instead of sleeping through it.
// setImmediate stays real: React's scheduler runs on it (Radix enables a dialog's pointer events in
// a render it schedules there), and on the fake clock that render waited for the next tick.
const ON_THE_FAKE_CLOCK = { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) };
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Types 100 EUR, waits for the quote, presses Continue and answers the confirm sheet with Pay. */
async function confirmAndPay(routes: Record<string, Responder> = {}) {
  const view = openTrade({ routes, userOptions: ON_THE_FAKE_CLOCK });
  await formShown();
  await screen.findByDisplayValue(ADDRESS);
  await view.user.type(amountInput(), '100');
  await act(() => vi.advanceTimersByTimeAsync(AMOUNT_DEBOUNCE_MS));
  await screen.findByText('1 BTC = 61,234.50 EUR');
  await view.user.click(screen.getByRole('button', { name: 'Continue' }));
  const sheet = await screen.findByRole('dialog', { name: 'Confirm your order' });
  expect(within(sheet).getByText(ADDRESS)).toBeInTheDocument();
  expect(within(sheet).getByText('4242 **** **** 4242')).toBeInTheDocument();
  expect(within(sheet).getByRole('timer')).toHaveTextContent(/New price in \d+ s/);
  // Radix turns the page's pointer events off as the sheet opens and the sheet's own back on a render
  // later: a click in between (a loaded CI) met pointer-events: none.
  await waitFor(() => expect(sheet).toHaveStyle({ pointerEvents: 'auto' }));
  await view.user.click(within(sheet).getByRole('button', { name: 'Pay 100.00 EUR' }));
  const orderId = (view.bodiesOf(PATHS.getQuote)[0] as { orderId: string }).orderId;
  return { ...view, orderId };
}

/**
 * The confirm sheet's alert, once it shows one. The sheet closes while the order is sent and opens
 * again with the refusal: the sheet is looked up anew each time, never the one that was closed.
 */
const confirmSheetAlert = () => waitFor(() => within(screen.getByRole('dialog', { name: 'Confirm your order' })).getByRole('alert'));

const submitted =
  (status: string, extra: object = {}) =>
  () => ({ orderId: 'x', status, threeDsUrl: null, failReason: null, ...extra });

describe('the travel rule (gtr-enabled)', () => {
  it('asks who holds the wallet before the confirm sheet opens, and sends the answer with the order', async () => {
    const view = openTrade({
      routes: {
        [PATHS.gtrEnabled]: () => ({ enabled: true }),
        [PATHS.listVaspInfo]: () => ({ list: [{ vaspId: 'vasp-kraken', name: 'Kraken', country: 'US', website: null }] }),
        [PATHS.submitBuy]: submitted('PROCESSING'),
      },
      userOptions: ON_THE_FAKE_CLOCK,
    });
    await formShown();
    await screen.findByDisplayValue(ADDRESS);
    await view.user.type(amountInput(), '100');
    await act(() => vi.advanceTimersByTimeAsync(AMOUNT_DEBOUNCE_MS));
    await screen.findByText('1 BTC = 61,234.50 EUR');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Say who holds the wallet: the rules on crypto transfers ask us to record it.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirm your order' })).toBeNull();
    const question = screen.getByRole('group', { name: 'Who holds the wallet you are sending to?' });
    await view.user.click(within(question).getByRole('radio', { name: 'My own wallet (self-hosted)' }));
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    const sheet = await screen.findByRole('dialog', { name: 'Confirm your order' });
    await waitFor(() => expect(sheet).toHaveStyle({ pointerEvents: 'auto' }));
    await view.user.click(within(sheet).getByRole('button', { name: 'Pay 100.00 EUR' }));
    await landedOn();
    expect(view.bodiesOf(PATHS.submitBuy)[0]).toMatchObject({ travelRule: { walletType: 'SELF_HOSTED' } });
  });
});

describe('the travel rule from a saved address', () => {
  it("answers the question with the saved address's holder (manage-wallet), without asking again", async () => {
    const { bodiesOf } = await confirmAndPay({
      [PATHS.gtrEnabled]: () => ({ enabled: true }),
      [PATHS.listVaspInfo]: () => ({ list: [] }),
      [PATHS.listWallet]: () => ({
        list: [wallet({ address: ADDRESS, holder: { walletType: 'SELF_HOSTED', vaspId: null, vaspName: null } })],
      }),
      [PATHS.submitBuy]: submitted('PROCESSING'),
    });
    await landedOn();
    expect(bodiesOf(PATHS.submitBuy)[0]).toMatchObject({ travelRule: { walletType: 'SELF_HOSTED' } });
  });
});

describe("the merchant's preOrderId", () => {
  it('names the order of the first buy, and is forgotten once that order is submitted', async () => {
    const preOrderId = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    storage.setItem(PRE_ORDER_ID_STORAGE_KEY, preOrderId);
    const { orderId } = await confirmAndPay({ [PATHS.submitBuy]: submitted('PROCESSING') });
    expect(orderId).toBe(preOrderId);
    expect(await landedOn()).toBe(`/en/result?orderId=${preOrderId}`);
    expect(storedPreOrderId()).toBeUndefined();
  });
});

describe('confirm and submit (docs/rules/order-states.md, docs/rules/calls.md)', () => {
  it('submits the order (no authenticator asked) and goes to the result page', async () => {
    const { bodiesOf, orderId, calls } = await confirmAndPay({ [PATHS.submitBuy]: submitted('PROCESSING') });
    expect(await landedOn()).toBe(`/en/result?orderId=${orderId}`);
    expect(calls.find((c) => c.path === PATHS.authenticatorBindingStatus)?.options).toEqual({ query: { scenario: 'BUY' } });
    expect(bodiesOf(PATHS.submitBuy)).toEqual([
      {
        orderId,
        quoteId: 'qte_1',
        cardId: 'crd_1',
        channelCode: 'CHECKOUT',
        paymentMethod: 'CARD',
        cryptoCurrency: 'BTC',
        walletAddress: ADDRESS,
      },
    ]);
  });

  it('shows Processing your payment… while submit-buy runs', async () => {
    let answer: (value: unknown) => void = () => {};
    const { orderId } = await confirmAndPay({ [PATHS.submitBuy]: () => new Promise((resolve) => (answer = resolve)) });
    expect(await screen.findByRole('heading', { name: 'Processing your payment…' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    answer(submitted('SUCCESS')());
    expect(await landedOn()).toBe(`/en/result?orderId=${orderId}`);
  });

  it("a 3DS challenge replaces the trade page with the 3ds page, which reads the bank's URL from the server (never from our URL)", async () => {
    const url = 'https://pay.example/sandbox/3ds/abc?x=1&y=2';
    const { orderId, router } = await confirmAndPay({ [PATHS.submitBuy]: submitted('PROCESSING', { threeDsUrl: url }) });
    expect(await landedOn()).toBe(`/en/3ds?orderId=${orderId}`);
    // Back from the bank's page must not land on a page that sends the person to the bank again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each([
    ['FAILED', 'CARD_DECLINED', 'CARD_DECLINED'],
    ['FAILED', 'INSUFFICIENT_FUNDS', 'INSUFFICIENT_FUNDS'],
    ['PARTIAL_AUTH', null, 'PARTIAL_AUTH'],
  ])('status %s (%s) goes to order-submit-fail with reason %s', async (status, failReason, reason) => {
    const { orderId } = await confirmAndPay({ [PATHS.submitBuy]: submitted(status, { failReason }) });
    expect(await landedOn()).toBe(`/en/order-submit-fail?orderId=${orderId}&reason=${reason}`);
  });

  it.each(['timeout', 'network'] as const)('no answer (%s) goes to order-submit-fail with reason NO_RESPONSE', async (kind) => {
    const { orderId } = await confirmAndPay({
      [PATHS.submitBuy]: () => {
        throw new ApiError({ kind, path: PATHS.submitBuy, msg: 'no answer' });
      },
    });
    expect(await landedOn()).toBe(`/en/order-submit-fail?orderId=${orderId}&reason=NO_RESPONSE`);
  });

  it('IDM0000409 (the first submit still runs) waits, then follows the order on the result page', async () => {
    const { orderId } = await confirmAndPay({
      [PATHS.submitBuy]: () => {
        throw businessError(PATHS.submitBuy, 'IDM0000409');
      },
    });
    expect(await screen.findByRole('heading', { name: 'Processing your payment…' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(STILL_PROCESSING_WAIT_MS));
    expect(await landedOn()).toBe(`/en/result?orderId=${orderId}`);
  });

  it('asks the authenticator code (verify-otp step), sends it as GA_OTP with the order; a wrong code says so and may be typed again', async () => {
    let attempt = 0;
    const { user, bodiesOf, orderId } = await confirmAndPay({
      [PATHS.authenticatorBindingStatus]: () => ({ bindStatus: 'BINDED', otpStep: 'verify-otp', email: 'ann@example.com' }),
      [PATHS.submitBuy]: () => {
        if (++attempt === 1) throw businessError(PATHS.submitBuy, 'ODR00001009', 'Enter the code');
        return submitted('SUCCESS')();
      },
    });
    await screen.findByRole('dialog', { name: 'Authenticator code' });
    expect(bodiesOf(PATHS.submitBuy)).toEqual([]);
    await user.keyboard('123456');
    expect(
      await within(await screen.findByRole('dialog', { name: 'Authenticator code' })).findByText('Invalid code. Please try again.'),
    ).toBeInTheDocument();
    await user.keyboard('654321');
    expect(await landedOn()).toBe(`/en/result?orderId=${orderId}`);
    expect(bodiesOf(PATHS.submitBuy)).toEqual([
      expect.objectContaining({ orderId, otpType: 'GA_OTP', otpCode: '123456' }),
      expect.objectContaining({ orderId, otpType: 'GA_OTP', otpCode: '654321' }),
    ]);
    expect(bodiesOf(PATHS.verifyOtp)).toEqual([]);
  });

  it('a locked authenticator (429 USE000002002 on submit-buy) keeps the code modal with the lock text, not "invalid code", and closes its boxes', async () => {
    const { user, bodiesOf } = await confirmAndPay({
      [PATHS.authenticatorBindingStatus]: () => ({ bindStatus: 'BINDED', otpStep: 'verify-otp', email: 'ann@example.com' }),
      [PATHS.submitBuy]: () => {
        throw new ApiError({
          kind: 'business',
          path: PATHS.submitBuy,
          httpStatus: 429,
          code: 'USE000002002',
          msg: 'Maximum attempts exceeded, try again in 1 hour',
        });
      },
    });
    await screen.findByRole('dialog', { name: 'Authenticator code' });
    await user.keyboard('123456');
    const modal = await screen.findByRole('dialog', { name: 'Authenticator code' });
    const reason = await within(modal).findByText('Maximum attempts exceeded, try again in 1 hour');
    expect(within(modal).queryByText('Invalid code. Please try again.')).not.toBeInTheDocument();
    for (const box of within(modal).getAllByRole('textbox')) expect(box).toBeDisabled();
    await waitFor(() => expect(reason).toHaveFocus());
    await user.keyboard('654321');
    expect(bodiesOf(PATHS.submitBuy)).toHaveLength(1);
    // Closing goes back to the confirm step, as after any code.
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: 'Confirm your order' })).toBeInTheDocument();
  });

  it("a merchant's transaction that does not match the order (ODR00001015) is said in our words on the confirm step", async () => {
    await confirmAndPay({
      [PATHS.submitBuy]: () => {
        throw businessError(PATHS.submitBuy, 'ODR00001015', 'server words');
      },
    });
    expect(await confirmSheetAlert()).toHaveTextContent(
      'This does not match the order the merchant created. Go back to the merchant and start again.',
    );
  });

  it('a rate limit at submit (REQ0000429) says when to try again on the confirm step', async () => {
    await confirmAndPay({
      [PATHS.submitBuy]: () => {
        throw new ApiError({
          kind: 'business',
          path: PATHS.submitBuy,
          httpStatus: 429,
          code: 'REQ0000429',
          msg: 'Too many',
          retryAfterSeconds: 30,
        });
      },
    });
    expect(await confirmSheetAlert()).toHaveTextContent('Too many requests. Try again in 1 minute.');
  });

  it('the server asking for a code (ODR00001009) although the check said skip opens the code modal', async () => {
    let attempt = 0;
    const { user, bodiesOf } = await confirmAndPay({
      [PATHS.submitBuy]: () => {
        if (++attempt === 1) throw businessError(PATHS.submitBuy, 'ODR00001009');
        return submitted('SUCCESS')();
      },
    });
    await screen.findByRole('dialog', { name: 'Authenticator code' });
    expect(screen.queryByText('Invalid code. Please try again.')).not.toBeInTheDocument();
    await user.keyboard('111111');
    await landedOn();
    expect(bodiesOf(PATHS.submitBuy).at(-1)).toMatchObject({ otpType: 'GA_OTP', otpCode: '111111' });
  });

  it('cancelling the code modal returns to the confirm step', async () => {
    const { user } = await confirmAndPay({
      [PATHS.authenticatorBindingStatus]: () => ({ bindStatus: 'BINDED', otpStep: 'verify-otp', email: 'ann@example.com' }),
    });
    await screen.findByRole('dialog', { name: 'Authenticator code' });
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: 'Confirm your order' })).toBeInTheDocument();
  });

  it('no authenticator bound (bind-otp): the bind modal opens first', async () => {
    await confirmAndPay({
      [PATHS.authenticatorBindingStatus]: () => ({ bindStatus: 'NONE', otpStep: 'bind-otp', email: 'ann@example.com' }),
    });
    expect(await screen.findByRole('dialog', { name: /authenticator/i })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Authenticator code' })).not.toBeInTheDocument();
  });

  it('a stale quote (ODR00001008) asks a new quote and explains on the confirm step', async () => {
    let quotes = 0;
    const { bodiesOf } = await confirmAndPay({
      [PATHS.getQuote]: () => quote({ quoteId: `qte_${++quotes}` }),
      [PATHS.submitBuy]: () => {
        throw businessError(PATHS.submitBuy, 'ODR00001008');
      },
    });
    expect(await confirmSheetAlert()).toHaveTextContent('The price changed. Check the new price and confirm again.');
    await waitFor(() => expect(bodiesOf(PATHS.getQuote)).toHaveLength(2));
  });

  it('the limit at submit shows Transaction Limit Exceeded with the min and max', async () => {
    await confirmAndPay({
      [PATHS.submitBuy]: () => {
        throw new ApiError({
          kind: 'business',
          path: PATHS.submitBuy,
          code: 'ODR00001001',
          msg: '',
          httpStatus: 400,
          data: { minAmount: '20', maxAmount: '80', currency: 'EUR' },
        });
      },
    });
    expect(await confirmSheetAlert()).toHaveTextContent('Transaction Limit Exceeded. Enter an amount between 20 and 80 EUR.');
  });

  it('payment method unavailable at submit (CRD0000009) is the unavailableCallback state', async () => {
    await confirmAndPay({
      [PATHS.submitBuy]: () => {
        throw businessError(PATHS.submitBuy, 'CRD0000009');
      },
    });
    expect(await screen.findByRole('heading', { name: 'Payment method unavailable' })).toBeInTheDocument();
  });

  it.each([
    [{ reason: 'CHECKSUM', field: 'address' }, 'A character of this address is wrong. Copy it again from your wallet.'],
    [
      { reason: 'WRONG_NETWORK', field: 'address', detectedNetwork: 'ETH' },
      'This is an address of the ETH network, not of the network you chose.',
    ],
    [{ reason: 'TESTNET', field: 'address' }, 'This is a test network address. We only send to the main network.'],
    [{ reason: 'BURN_ADDRESS', field: 'address' }, 'Nobody can spend from this address: coins sent there would be lost.'],
    [{}, 'This address cannot receive this coin. Check it and try again.'],
  ])('an address refused by the server (%o) is shown under the address by its reason', async (data, text) => {
    const { user } = await confirmAndPay({
      [PATHS.submitBuy]: () => {
        throw new ApiError({
          kind: 'business',
          path: PATHS.submitBuy,
          code: 'ODR00001005',
          msg: 'The wallet address is not valid for this network.',
          httpStatus: 400,
          data,
        });
      },
    });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Another valid address clears the refusal (a mistyped one would meet the page's own check).
    await user.clear(screen.getByLabelText('Your BTC address on Bitcoin'));
    await user.paste(NEW_ADDRESS);
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('ODR00001006 (screening) reads as the address that cannot receive funds', async () => {
    await confirmAndPay({
      [PATHS.submitBuy]: () => {
        throw businessError(PATHS.submitBuy, 'ODR00001006');
      },
    });
    expect(await screen.findByText('We cannot send funds to this address. Use another address.')).toBeInTheDocument();
  });

  it('saving a new address adds it to the address book once the order is taken', async () => {
    const view = openTrade({
      routes: {
        [PATHS.submitBuy]: submitted('PROCESSING'),
        [PATHS.addWallet]: () => wallet({ walletId: 'wal_2', address: NEW_ADDRESS, isDefault: false }),
      },
      userOptions: ON_THE_FAKE_CLOCK,
    });
    await formShown();
    const address = await screen.findByLabelText('Your BTC address on Bitcoin');
    await view.user.clear(address);
    await view.user.type(address, NEW_ADDRESS);
    await view.user.click(screen.getByRole('checkbox', { name: 'Save this address for next time' }));
    await view.user.type(amountInput(), '100');
    await act(() => vi.advanceTimersByTimeAsync(AMOUNT_DEBOUNCE_MS));
    await screen.findByText('1 BTC = 61,234.50 EUR');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    await view.user.click(await screen.findByRole('button', { name: 'Pay 100.00 EUR' }));
    await landedOn();
    expect(view.bodiesOf(PATHS.addWallet)).toEqual([{ cryptoCurrency: 'BTC', network: 'BTC', address: NEW_ADDRESS, isDefault: false }]);
  });
});
