import { PATHS } from '@causeway/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveAppFor } from '@/lib/leave-app';
import { businessError, type Responder } from '@/test/routed-http-client';
import type { QuoteBody } from '../api/trade-api';
import { keepKlarnaPayment, keptKlarnaPayment } from '../klarna-payment';
import type { KlarnaAuthorizeResult, KlarnaLoadResult, KlarnaPayments } from '../klarna-sdk';
import { amountInput, formShown, KLARNA_PAIRS, landedOn, openTrade, quote } from '../trade-test-kit';
import { AMOUNT_DEBOUNCE_MS } from './trade-form';

vi.mock('@/lib/leave-app');

const ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const WIDGET_URL = 'https://pay.example/sandbox/klarna/ks_1';

// As in submit-order.test.tsx: a fake clock at the real pace, so the amount's settling time is skipped, not slept through.
const ON_THE_FAKE_CLOCK = { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) };
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.mocked(leaveAppFor).mockReset();
});
afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
  delete window.Klarna;
});

/** A quote on the channel it was asked on: Klarna's fee is 3.5% before the promotion. */
const quoteFor = (body: QuoteBody) =>
  body.paymentMethod === 'KLARNA'
    ? quote({
        channelCode: 'KLARNA',
        paymentMethod: 'KLARNA',
        fees: {
          ourFee: '1.75',
          ourFeeBeforeDiscount: '3.50',
          networkFee: '2.5',
          spread: '1',
          spreadRate: '0.01',
          discount: '1.75',
          total: '4.25',
        },
      })
    : quote();

const klarnaSubmitted = (klarna: { widgetUrl: string | null; clientToken: string | null }) => (body: { orderId: string }) => ({
  orderId: body.orderId,
  status: 'OrderSubmitted',
  threeDsUrl: null,
  failReason: null,
  klarna: { sessionId: 'ks_1', ...klarna },
});

function openKlarnaTrade(routes: Record<string, Responder> = {}, options: { klarnaPairs?: typeof KLARNA_PAIRS; state?: unknown } = {}) {
  return openTrade({
    routes: { [PATHS.getQuote]: quoteFor, ...routes },
    klarnaPairs: options.klarnaPairs ?? KLARNA_PAIRS,
    state: options.state,
    userOptions: ON_THE_FAKE_CLOCK,
  });
}

const payWith = () => screen.findByRole('group', { name: 'Pay with' });

/** Chooses Klarna, types 100 EUR, waits for the Klarna quote and opens the confirm sheet. */
async function confirmWithKlarna(view: ReturnType<typeof openKlarnaTrade>) {
  await formShown();
  await screen.findByDisplayValue(ADDRESS);
  await view.user.click(within(await payWith()).getByRole('radio', { name: 'Pay later with Klarna' }));
  await view.user.type(amountInput(), '100');
  await act(() => vi.advanceTimersByTimeAsync(AMOUNT_DEBOUNCE_MS));
  await screen.findByText('1 BTC = 61,234.50 EUR');
  await view.user.click(screen.getByRole('button', { name: 'Continue' }));
  const sheet = await screen.findByRole('dialog', { name: 'Confirm your order' });
  await waitFor(() => expect(sheet).toHaveStyle({ pointerEvents: 'auto' }));
  return sheet;
}

async function payWithKlarna(view: ReturnType<typeof openKlarnaTrade>) {
  const sheet = await confirmWithKlarna(view);
  await view.user.click(within(sheet).getByRole('button', { name: 'Pay 100.00 EUR with Klarna' }));
  return (view.bodiesOf(PATHS.getQuote).at(-1) as { orderId: string }).orderId;
}

describe('the payment method on the buy form', () => {
  it('offers Klarna only for a pair of the KLARNA channel, asked for the fiat shown', async () => {
    const { user, calls } = openKlarnaTrade();
    await formShown();
    const group = await payWith();
    expect(within(group).getByRole('radio', { name: 'Card' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Pay later with Klarna' })).not.toBeChecked();
    expect(calls.filter((c) => c.path === PATHS.listCurrencyPairByBaseCurrency).map((c) => c.options)).toContainEqual({
      query: { baseCurrency: 'EUR', channelCode: 'KLARNA', transactionType: 'buy' },
    });
    // XRP is bought by card only: no choice.
    await user.click(screen.getByRole('button', { name: /Coin and network/ }));
    await user.click(await screen.findByRole('button', { name: 'XRP on XRP Ledger' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Pay with' })).not.toBeInTheDocument());
    expect(screen.getByRole('group', { name: 'Pay with card' })).toBeInTheDocument();
  });

  it('offers no choice when the fiat has no Klarna pair', async () => {
    openKlarnaTrade({}, { klarnaPairs: {} });
    await formShown();
    await screen.findByDisplayValue(ADDRESS);
    expect(screen.queryByRole('radio', { name: 'Pay later with Klarna' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Pay with card' })).toBeInTheDocument();
  });

  it('with Klarna chosen, asks the quote on the KLARNA channel (its own fee), needs no card, and the confirm sheet says Klarna', async () => {
    const view = openKlarnaTrade({ [PATHS.listCard]: () => ({ cards: [], maxCards: 5, addCardAvailableAt: null }) });
    const sheet = await confirmWithKlarna(view);
    expect(view.bodiesOf(PATHS.getQuote).at(-1)).toMatchObject({ channelCode: 'KLARNA', paymentMethod: 'KLARNA', fiatAmount: '100' });
    expect(screen.queryByRole('group', { name: 'Pay with card' })).not.toBeInTheDocument();
    expect(within(sheet).getByText('Payment method').nextSibling).toHaveTextContent('Pay later with Klarna');
    expect(within(sheet).getByText('Our fee').nextSibling).toHaveTextContent('3.50 EUR');
    expect(within(sheet).queryByText('Card')).not.toBeInTheDocument();
  });

  it('the Klarna hint is read with the choice, and the radios are one group the arrow keys move in', async () => {
    const { user } = openKlarnaTrade();
    await formShown();
    const card = within(await payWith()).getByRole('radio', { name: 'Card' });
    card.focus();
    await user.keyboard('{ArrowRight}');
    const klarna = within(await payWith()).getByRole('radio', { name: 'Pay later with Klarna' });
    expect(klarna).toBeChecked();
    expect(await payWith()).toHaveAccessibleDescription(/Klarna opens so you can approve the payment/);
  });
});

describe('paying with Klarna', () => {
  it('checks the authenticator, sends submit-buy without a card, keeps the session for this tab and goes to the sandbox widget', async () => {
    const view = openKlarnaTrade({ [PATHS.submitBuy]: klarnaSubmitted({ widgetUrl: WIDGET_URL, clientToken: 'sandbox.token' }) });
    const orderId = await payWithKlarna(view);
    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith(WIDGET_URL));
    expect(view.calls.find((c) => c.path === PATHS.authenticatorBindingStatus)?.options).toEqual({ query: { scenario: 'BUY' } });
    expect(view.bodiesOf(PATHS.submitBuy)).toEqual([
      { orderId, quoteId: 'qte_1', channelCode: 'KLARNA', paymentMethod: 'KLARNA', cryptoCurrency: 'BTC', walletAddress: ADDRESS },
    ]);
    expect(keptKlarnaPayment(orderId)).toEqual({
      sessionId: 'ks_1',
      widgetUrl: WIDGET_URL,
      selection: { fiat: 'EUR', crypto: 'BTC', network: 'BTC' },
      fiatAmount: '100',
    });
  });

  it('Klarna refusing the purchase (ODR00001002) says so on the confirm step', async () => {
    const view = openKlarnaTrade({
      [PATHS.submitBuy]: () => {
        throw businessError(PATHS.submitBuy, 'ODR00001002', 'Klarna does not take this purchase');
      },
    });
    await payWithKlarna(view);
    // The sheet closes while the order is sent and opens again with the refusal: looked up anew.
    const alert = await waitFor(() => within(screen.getByRole('dialog', { name: 'Confirm your order' })).getByRole('alert'));
    expect(alert).toHaveTextContent('Klarna cannot take this purchase. Pay by card instead.');
    expect(leaveAppFor).not.toHaveBeenCalled();
  });

  it('Klarna not answering at submit (CRD0000009) is the unavailableCallback state', async () => {
    const view = openKlarnaTrade({
      [PATHS.submitBuy]: () => {
        throw businessError(PATHS.submitBuy, 'CRD0000009');
      },
    });
    await payWithKlarna(view);
    expect(await screen.findByRole('heading', { name: 'Payment method unavailable' })).toBeInTheDocument();
  });
});

/** A stand-in for Klarna's SDK (window.Klarna.Payments): the test answers its load and authorize callbacks. */
function fakeKlarnaSdk() {
  const sdk = {
    init: vi.fn(),
    load: vi.fn<KlarnaPayments['load']>(),
    authorize: vi.fn<KlarnaPayments['authorize']>(),
    answerLoad: (result: KlarnaLoadResult) => act(() => sdk.load.mock.lastCall![2](result)),
    answerAuthorize: (result: KlarnaAuthorizeResult) => act(() => sdk.authorize.mock.lastCall![2](result)),
  };
  window.Klarna = { Payments: sdk };
  return sdk;
}

const klarnaStatus = () => within(screen.getByRole('region', { name: 'Pay with Klarna' })).getAllByRole('status')[0]!;

describe("with the real Klarna, its SDK's widget on the card page", () => {
  const realKlarna = (routes: Record<string, Responder> = {}) =>
    openKlarnaTrade({ [PATHS.submitBuy]: klarnaSubmitted({ widgetUrl: null, clientToken: 'eyJ.client.token' }), ...routes });

  it('loads the widget with the client token, says each state (loading, ready, open), and sends the approval with submit-auth-token', async () => {
    const sdk = fakeKlarnaSdk();
    const view = realKlarna({
      [PATHS.submitAuthToken]: (body: { orderId: string }) => ({ orderId: body.orderId, status: 'PROCESSING', failReason: null }),
    });
    const orderId = await payWithKlarna(view);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pay with Klarna' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(klarnaStatus()).toHaveTextContent('Loading Klarna…');
    expect(sdk.init).toHaveBeenCalledWith({ client_token: 'eyJ.client.token' });
    expect(sdk.load.mock.lastCall?.[0]).toEqual({ container: '#klarna-payments-container', payment_method_category: 'klarna' });
    expect(document.getElementById('klarna-payments-container')).toBeInTheDocument();
    await sdk.answerLoad({ show_form: true });
    expect(klarnaStatus()).toHaveTextContent('Klarna is ready. Continue with Klarna to approve the payment.');
    await view.user.click(screen.getByRole('button', { name: 'Continue with Klarna' }));
    expect(klarnaStatus()).toHaveTextContent("Klarna is open. Finish the payment in Klarna's window.");
    await sdk.answerAuthorize({ approved: true, show_form: true, authorization_token: 'b4bd3423-24e3-4d4e-9ef0-a0e8f3f5c5a1' });
    expect(await landedOn()).toBe(`/en/result?orderId=${orderId}`);
    expect(view.bodiesOf(PATHS.submitAuthToken)).toEqual([
      { orderId, sessionId: 'ks_1', authorizationToken: 'b4bd3423-24e3-4d4e-9ef0-a0e8f3f5c5a1', channelCode: 'KLARNA' },
    ]);
    expect(leaveAppFor).not.toHaveBeenCalled();
  });

  it('closed without an answer: says so, opens Klarna again, or goes back to the form for a new order', async () => {
    const sdk = fakeKlarnaSdk();
    const view = realKlarna();
    const orderId = await payWithKlarna(view);
    await screen.findByRole('heading', { level: 1, name: 'Pay with Klarna' });
    await sdk.answerLoad({ show_form: true });
    await view.user.click(screen.getByRole('button', { name: 'Continue with Klarna' }));
    await sdk.answerAuthorize({ approved: false, show_form: true });
    expect(klarnaStatus()).toHaveTextContent('Klarna was closed before the payment was approved. Nothing was charged.');
    await view.user.click(screen.getByRole('button', { name: 'Open Klarna again' }));
    expect(sdk.authorize).toHaveBeenCalledTimes(2);
    await sdk.answerAuthorize({ approved: false, show_form: true });
    await view.user.click(screen.getByRole('button', { name: 'Choose another way to pay' }));
    await formShown();
    // A new order: the next quote has another order id.
    await waitFor(() => expect((view.bodiesOf(PATHS.getQuote).at(-1) as { orderId: string }).orderId).not.toBe(orderId));
    expect(view.bodiesOf(PATHS.submitAuthToken)).toEqual([]);
  });

  it("Klarna's final decline sends an empty token and goes to order-submit-fail with KLARNA_DECLINED", async () => {
    const sdk = fakeKlarnaSdk();
    const view = realKlarna({
      [PATHS.submitAuthToken]: (body: { orderId: string }) => ({ orderId: body.orderId, status: 'FAILED', failReason: 'KLARNA_DECLINED' }),
    });
    const orderId = await payWithKlarna(view);
    await screen.findByRole('heading', { level: 1, name: 'Pay with Klarna' });
    await sdk.answerLoad({ show_form: true });
    await view.user.click(screen.getByRole('button', { name: 'Continue with Klarna' }));
    await sdk.answerAuthorize({ approved: false, show_form: false });
    expect(await landedOn()).toBe(`/en/order-submit-fail?orderId=${orderId}&reason=KLARNA_DECLINED`);
    expect(view.bodiesOf(PATHS.submitAuthToken)).toEqual([{ orderId, sessionId: 'ks_1', authorizationToken: '', channelCode: 'KLARNA' }]);
  });

  it('Klarna not answering the token (CRD0000009): Try again sends the same body', async () => {
    const sdk = fakeKlarnaSdk();
    let attempt = 0;
    const view = realKlarna({
      [PATHS.submitAuthToken]: (body: { orderId: string }) => {
        if (++attempt === 1) throw businessError(PATHS.submitAuthToken, 'CRD0000009');
        return { orderId: body.orderId, status: 'OrderSubmitted', failReason: null };
      },
    });
    const orderId = await payWithKlarna(view);
    await screen.findByRole('heading', { level: 1, name: 'Pay with Klarna' });
    await sdk.answerLoad({ show_form: true });
    await view.user.click(screen.getByRole('button', { name: 'Continue with Klarna' }));
    await sdk.answerAuthorize({ approved: true, show_form: true, authorization_token: 'tok-12345678' });
    expect(await screen.findByRole('heading', { name: 'Klarna is not answering' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await landedOn()).toBe(`/en/result?orderId=${orderId}`);
    const [first, second] = view.bodiesOf(PATHS.submitAuthToken);
    expect(second).toEqual(first);
  });

  it('a script that does not load says so and loads again on request', async () => {
    const view = realKlarna();
    await payWithKlarna(view);
    // No window.Klarna: the script tag is added; jsdom loads nothing, so it fails as a blocked script would.
    const script = await waitFor(() => {
      const tag = document.head.querySelector<HTMLScriptElement>('script[src="https://x.klarnacdn.net/kp/lib/v1/api.js"]');
      expect(tag).not.toBeNull();
      return tag!;
    });
    await act(async () => void script.dispatchEvent(new Event('error')));
    expect(klarnaStatus()).toHaveTextContent('Klarna could not be loaded. Check your connection and try again.');
    const sdk = fakeKlarnaSdk();
    await view.user.click(screen.getByRole('button', { name: 'Load Klarna again' }));
    await waitFor(() => expect(sdk.load).toHaveBeenCalled());
  });
});

describe('back on the card page after closing the sandbox widget', () => {
  it('says the Klarna payment was not finished, offers its widget again, and keeps Klarna chosen', async () => {
    const orderId = '0b6f1d3e-2a41-4c8e-9d57-3f0e6a2b9c11';
    keepKlarnaPayment(orderId, {
      sessionId: 'ks_1',
      widgetUrl: WIDGET_URL,
      selection: { fiat: 'EUR', crypto: 'BTC', network: 'BTC' },
      fiatAmount: '100',
    });
    const view = openKlarnaTrade({}, { state: { klarnaNotFinished: orderId } });
    const notice = await screen.findByRole('region', { name: 'Klarna payment not finished' });
    await waitFor(() => expect(notice).toHaveFocus());
    expect(notice).toHaveTextContent(/nothing was charged/);
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Pay with' })).getByRole('radio', { name: 'Pay later with Klarna' })).toBeChecked(),
    );
    await view.user.click(within(notice).getByRole('button', { name: 'Return to Klarna' }));
    expect(leaveAppFor).toHaveBeenCalledWith(WIDGET_URL);
  });
});
