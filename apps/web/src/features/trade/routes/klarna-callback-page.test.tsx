import { PATHS } from '@causeway/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { keepKlarnaPayment, keptKlarnaPayment } from '../klarna-payment';
import { KlarnaCallbackPage } from './klarna-callback-page';

const ORDER_ID = '7c1e9a52-3b8d-4f06-a2c4-5d9e0f1b8a37';
const TOKEN = 'b4bd3423-24e3-4d4e-9ef0-a0e8f3f5c5a1';
const WIDGET_URL = 'https://pay.example/sandbox/klarna/ks_1';
const APPROVED = `#approved=true&show_form=true&authorization_token=${TOKEN}`;
const DECLINED = '#approved=false&show_form=false';
const CLOSED = '#approved=false&show_form=true';

afterEach(() => sessionStorage.clear());

/** What the card page kept before it sent the person to the widget. */
const keepSession = () =>
  keepKlarnaPayment(ORDER_ID, {
    sessionId: 'ks_1',
    widgetUrl: WIDGET_URL,
    selection: { fiat: 'EUR', crypto: 'BTC', network: 'BTC' },
    fiatAmount: '100.00',
  });

const answered =
  (status: string, failReason: string | null = null) =>
  () => ({ orderId: ORDER_ID, status, failReason });

/** Opens klarna-callback?orderId= with `hash` (the widget's answer), submit-auth-token answered by `authToken`. */
function openCallback(hash: string, authToken: Responder = answered('PROCESSING'), { orderId = ORDER_ID, strict = false } = {}) {
  const fake = routedHttpClient({ [PATHS.submitAuthToken]: authToken });
  const view = renderPage(<KlarnaCallbackPage />, {
    path: '/:lng/klarna-callback',
    url: `/en/klarna-callback?orderId=${orderId}${hash}`,
    client: fake.client,
    strict,
  });
  return { ...view, ...fake, user: userEvent.setup() };
}

const landedOn = async () => (await screen.findByTestId('elsewhere')).textContent;
const body = (authorizationToken: string) => ({ orderId: ORDER_ID, sessionId: 'ks_1', authorizationToken, channelCode: 'KLARNA' });

describe('klarna-callback (docs/rules/order-states.md "Klarna")', () => {
  it('approved: sends the token once (also under StrictMode) with the kept session, and goes to the result page', async () => {
    keepSession();
    const { bodiesOf, router } = openCallback(APPROVED, answered('PROCESSING'), { strict: true });
    expect(await landedOn()).toBe(`/en/result?orderId=${ORDER_ID}`);
    expect(bodiesOf(PATHS.submitAuthToken)).toEqual([body(TOKEN)]);
    // Replaced: Back does not come here to send the answer again.
    expect(router.state.historyAction).toBe('REPLACE');
    // Nothing of the payment, the token least of all, stays in the tab.
    expect(keptKlarnaPayment(ORDER_ID)).toBeUndefined();
  });

  it('takes the answer out of the address at once, and keeps it for a reload while the call runs', async () => {
    keepSession();
    let answer: (value: unknown) => void = () => {};
    const { router } = openCallback(APPROVED, () => new Promise((resolve) => (answer = resolve)));
    expect(await screen.findByRole('heading', { name: 'Finishing your Klarna payment…' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe('/en/klarna-callback');
    expect(router.state.location.search).toBe(`?orderId=${ORDER_ID}`);
    expect(keptKlarnaPayment(ORDER_ID)?.answer).toEqual({ approved: true, showForm: true, authorizationToken: TOKEN });
    answer(answered('PROCESSING')());
    expect(await landedOn()).toBe(`/en/result?orderId=${ORDER_ID}`);
  });

  it('a reload (no fragment any more) sends the same body again', async () => {
    keepSession();
    keepKlarnaPayment(ORDER_ID, { ...keptKlarnaPayment(ORDER_ID)!, answer: { approved: true, showForm: true, authorizationToken: TOKEN } });
    const { bodiesOf } = openCallback('');
    expect(await landedOn()).toBe(`/en/result?orderId=${ORDER_ID}`);
    expect(bodiesOf(PATHS.submitAuthToken)).toEqual([body(TOKEN)]);
  });

  it("Klarna's fraud check pending (OrderSubmitted) goes to the result page, which follows the order", async () => {
    keepSession();
    openCallback(APPROVED, answered('OrderSubmitted'));
    expect(await landedOn()).toBe(`/en/result?orderId=${ORDER_ID}`);
  });

  it('approved but refused (FAILED, KLARNA_DECLINED) goes to order-submit-fail with the reason', async () => {
    keepSession();
    openCallback(APPROVED, answered('FAILED', 'KLARNA_DECLINED'));
    expect(await landedOn()).toBe(`/en/order-submit-fail?orderId=${ORDER_ID}&reason=KLARNA_DECLINED`);
  });

  it('declined: sends an empty token, so the order ends at once, and goes to order-submit-fail with KLARNA_DECLINED', async () => {
    keepSession();
    const { bodiesOf } = openCallback(DECLINED, answered('FAILED', 'KLARNA_DECLINED'));
    expect(await landedOn()).toBe(`/en/order-submit-fail?orderId=${ORDER_ID}&reason=KLARNA_DECLINED`);
    expect(bodiesOf(PATHS.submitAuthToken)).toEqual([body('')]);
  });

  it('closed: no call; back to the card page on the same pair and amount, told the payment was not finished', async () => {
    keepSession();
    const { bodiesOf, router } = openCallback(CLOSED);
    expect(await landedOn()).toBe('/en/card-buy-sell?fiatCurrency=EUR&cryptoCurrency=BTC&network=BTC&fiatAmount=100.00');
    expect(router.state.location.state).toEqual({ klarnaNotFinished: ORDER_ID });
    expect(bodiesOf(PATHS.submitAuthToken)).toEqual([]);
    // Kept: the card page may open the widget again.
    expect(keptKlarnaPayment(ORDER_ID)?.widgetUrl).toBe(WIDGET_URL);
  });

  it('Klarna unavailable (CRD0000009): says so, and Try again sends the same body', async () => {
    keepSession();
    let attempt = 0;
    const { user, bodiesOf } = openCallback(APPROVED, () => {
      if (++attempt === 1) throw businessError(PATHS.submitAuthToken, 'CRD0000009', 'Klarna is not answering');
      return answered('PROCESSING')();
    });
    expect(await screen.findByRole('heading', { name: 'Klarna is not answering' })).toBeInTheDocument();
    expect(screen.getByText('Nothing was charged. Try again in a moment: the same answer is sent again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check the order' })).toHaveAttribute('href', `/en/result?orderId=${ORDER_ID}`);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await landedOn()).toBe(`/en/result?orderId=${ORDER_ID}`);
    expect(bodiesOf(PATHS.submitAuthToken)).toEqual([body(TOKEN), body(TOKEN)]);
  });

  it('an order already answered (ODR00001018) goes to its result page', async () => {
    keepSession();
    openCallback(APPROVED, () => {
      throw businessError(PATHS.submitAuthToken, 'ODR00001018');
    });
    expect(await landedOn()).toBe(`/en/result?orderId=${ORDER_ID}`);
  });

  it('without the session kept in this tab (another tab or browser) it sends nothing and links the order', async () => {
    const { bodiesOf } = openCallback(APPROVED);
    expect(await screen.findByRole('heading', { name: 'This Klarna payment cannot be finished here' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check the order' })).toHaveAttribute('href', `/en/result?orderId=${ORDER_ID}`);
    expect(bodiesOf(PATHS.submitAuthToken)).toEqual([]);
  });

  it('an address that is not an order id, or no answer at all, sends nothing', async () => {
    keepSession();
    const { bodiesOf } = openCallback(APPROVED, answered('PROCESSING'), { orderId: 'not-an-order' });
    expect(await screen.findByRole('heading', { name: 'This Klarna payment cannot be finished here' })).toBeInTheDocument();
    expect(bodiesOf(PATHS.submitAuthToken)).toEqual([]);
  });
});
