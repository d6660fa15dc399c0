import { type CountryItem, PATHS } from '@causeway/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { ApiError } from '@/lib/http-errors';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';
import { captureToasts } from '@/test/toasts';
import { card } from '../../trade-test-kit';
import { AddCardWebviewPage } from '../../routes/add-card-webview-page';
import { CHECKOUT_FIELDS_CONFIG, fakeCheckoutFlow, fillBillingAddress, FLOW_SESSION } from './card-fields-test-kit';
import { flowLocaleOf } from './checkout-flow';

// The add-card form with Checkout.com Flow's card component (a fake CheckoutWebComponents global:
// jsdom runs no vendor script), for tokenisation only: the session comes from our server, the
// number and CVV stay in Flow's frames, add-card gets only the token.
const COUNTRIES: CountryItem[] = [{ towCharCode: 'DE', englishName: 'Germany', chineseName: '德国', flag: '🇩🇪' }];
const toasts = captureToasts();
let flow: ReturnType<typeof fakeCheckoutFlow>;
afterEach(() => {
  flow.remove();
  delete document.documentElement.dataset.theme;
  document.documentElement.removeAttribute('style');
});

function openForm(routes: Record<string, Responder> = {}, url = '/en/add-card-webview') {
  const fake = routedHttpClient({
    [PATHS.listCard]: () => ({ cards: [], maxCards: 5, addCardAvailableAt: null }),
    [PATHS.listCountryCode]: () => COUNTRIES,
    [PATHS.cardFieldsConfig]: () => CHECKOUT_FIELDS_CONFIG,
    [PATHS.cardFieldsSession]: () => FLOW_SESSION,
    [PATHS.addCard]: () => card({ cardId: 'crd_flow', cardBin: '424242', cardLast4: '4242', cardProcessor: 'VISA' }),
    ...routes,
  });
  const view = renderPage(<AddCardWebviewPage />, { path: '/:lng/add-card-webview', url, client: fake.client });
  return { ...fake, ...view, user: userEvent.setup() };
}

const save = () => screen.getByRole('button', { name: 'Save card' });
/** Flow was initialised and its card component mounted. */
const mounted = async () => waitFor(() => expect(flow.mountedInto).toHaveLength(1));

describe('Checkout.com Flow card fields (tokenisation only)', () => {
  it("initialises Flow with the public key, environment and our server's Payment Session, mounts the card component without its pay button, and add-card gets only Flow's token", async () => {
    flow = fakeCheckoutFlow();
    const { user, bodiesOf, calls } = openForm();
    await mounted();
    expect(flow.initialised).toHaveLength(1);
    expect(flow.initialised[0]).toMatchObject({
      publicKey: 'pk_sbox_flowtest',
      environment: 'sandbox',
      locale: 'en-GB',
      paymentSession: {
        id: 'ps_2Un6I6lRpIAiIEwQIyxWVnV9CqQ',
        payment_session_token: 'YmFzZTY0:e30=',
        payment_session_secret: 'pss_9823241e-2cec-4c98-b23d-7b29ade9b05b',
      },
    });
    expect(flow.created).toEqual([{ type: 'card', options: { showPayButton: false } }]);
    // Flow's frames live in our form's group; no card input of ours.
    expect(screen.getByRole('group', { name: 'Card details' })).toContainElement(flow.mountedInto[0]!);
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the secure card fields…');
    await flow.ready();
    expect(screen.queryByText('Loading the secure card fields…')).not.toBeInTheDocument();
    await flow.setValid(true);
    await fillBillingAddress(user);
    await user.click(save());
    expect(await screen.findByText('Card 4242 **** **** 4242 added. You can close this page.')).toBeInTheDocument();
    expect(flow.tokenizeCalls).toBe(1);
    expect(bodiesOf(PATHS.cardFieldsSession)).toEqual([{}]);
    expect(bodiesOf(PATHS.addCard)).toEqual([
      {
        cardToken: 'tok_flowcard0000000000000001',
        channelCode: 'CHECKOUT',
        billingAddress: { firstName: 'Ann', lastName: 'Lee', address: '1 Main Street', city: 'Berlin', postalCode: '10115', country: 'DE' },
      },
    ]);
    // Nothing our API got carries a number: Flow tokenised it in its own frames.
    expect(JSON.stringify(calls.map((call) => call.body))).not.toMatch(/4242424242424242|"cvv"|"number"/);
    expect(toasts).toEqual([{ message: 'Card added', kind: 'success' }]);
  });

  it('keeps Save inert while Flow says the card is incomplete, and says what to do when tokenising fails (by keyboard), without calling add-card', async () => {
    flow = fakeCheckoutFlow();
    const { user, bodiesOf } = openForm();
    await mounted();
    await flow.ready();
    await fillBillingAddress(user);
    expect(save()).toHaveAttribute('aria-disabled');
    await flow.setValid(true);
    expect(save()).not.toHaveAttribute('aria-disabled');
    flow.answerWith({ error: 'network' });
    // Enter in a field of ours submits the form (the keyboard's way to Save).
    await user.type(screen.getByLabelText('City'), '{Enter}');
    expect(await screen.findByText('The card could not be checked right now: try again.')).toBeInTheDocument();
    expect(bodiesOf(PATHS.addCard)).toEqual([]);
  });

  it('shows a refused session (the processor unavailable) and opens a new session on "Load the card fields again"', async () => {
    flow = fakeCheckoutFlow();
    let refuse = true;
    const { user, bodiesOf } = openForm({
      [PATHS.cardFieldsSession]: () => {
        if (!refuse) return FLOW_SESSION;
        throw new ApiError({ kind: 'business', path: PATHS.cardFieldsSession, code: 'CRD0000009', msg: '', httpStatus: 503 });
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/\S/);
    expect(flow.mountedInto).toEqual([]);
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Load the card fields again' }));
    await mounted();
    expect(bodiesOf(PATHS.cardFieldsSession)).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the fields did not load when Checkout.com offers no card component, and never mounts one', async () => {
    flow = fakeCheckoutFlow({ available: false });
    openForm();
    expect(await screen.findByRole('alert')).toHaveTextContent('The card fields did not load. Check your connection and try again.');
    expect(flow.mountedInto).toEqual([]);
  });

  it('says when to try again after a rate-limited session (REQ0000429 with Retry-After), and keeps Save inert', async () => {
    flow = fakeCheckoutFlow();
    openForm({
      [PATHS.cardFieldsSession]: () =>
        Promise.reject(
          new ApiError({
            kind: 'business',
            path: PATHS.cardFieldsSession,
            code: 'REQ0000429',
            msg: '',
            httpStatus: 429,
            retryAfterSeconds: 600,
          }),
        ),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 10 minutes.');
    expect(flow.mountedInto).toEqual([]);
    expect(save()).toHaveAttribute('aria-disabled');
  });

  it("follows the page: Chinese texts for Flow's locale, dark theme colours for its appearance", async () => {
    expect(flowLocaleOf('zh')).toBe('zh-CN');
    expect(flowLocaleOf('en')).toBe('en-GB');
    document.documentElement.dataset.theme = 'dark';
    document.documentElement.style.setProperty('--cw-surface', '#161922');
    document.documentElement.style.setProperty('--cw-fg', '#eef0f6');
    document.documentElement.style.setProperty('--cw-danger', '#f97066');
    flow = fakeCheckoutFlow();
    const { i18n, bodiesOf } = openForm();
    await mounted();
    expect(flow.initialised[0]).toMatchObject({
      locale: 'en-GB',
      appearance: { colorBackground: '#161922', colorFormBackground: '#161922', colorPrimary: '#eef0f6', colorError: '#f97066' },
    });
    // Another language: Flow again, in Chinese, on a new session (one is never reused).
    await act(() => i18n.changeLanguage('zh'));
    await waitFor(() => expect(flow.initialised).toHaveLength(2));
    expect(flow.initialised[1]).toMatchObject({ locale: 'zh-CN' });
    expect(flow.unmounts).toBe(1);
    expect(bodiesOf(PATHS.cardFieldsSession)).toHaveLength(2);
  });

  it('unmounts Flow when the form goes away', async () => {
    flow = fakeCheckoutFlow();
    const { unmount } = openForm();
    await mounted();
    act(() => unmount());
    expect(flow.unmounts).toBe(1);
  });
});
