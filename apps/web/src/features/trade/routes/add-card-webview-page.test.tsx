import { type CountryItem, PATHS } from '@causeway/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { captureToasts } from '@/test/toasts';
import { renderPage } from '@/test/render';
import { ApiError } from '@/lib/http-errors';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { card } from '../trade-test-kit';
import { fakeSandboxCardFields, fillBillingAddress, SANDBOX_FIELDS_CONFIG } from '../components/card-fields/card-fields-test-kit';
import { AddCardWebviewPage, CARD_ADDED_MESSAGE } from './add-card-webview-page';

const COUNTRIES: CountryItem[] = [{ towCharCode: 'DE', englishName: 'Germany', chineseName: '德国', flag: '🇩🇪' }];
const toasts = captureToasts();

function openWebview(routes: Record<string, Responder> = {}) {
  const fake = routedHttpClient({
    [PATHS.listCard]: () => ({ cards: [], maxCards: 5, addCardAvailableAt: null }),
    [PATHS.listCountryCode]: () => COUNTRIES,
    [PATHS.cardFieldsConfig]: () => SANDBOX_FIELDS_CONFIG,
    [PATHS.addCard]: () => card({ cardId: 'crd_new', cardBin: '555555', cardLast4: '4444', cardProcessor: 'MASTER' }),
    ...routes,
  });
  renderPage(<AddCardWebviewPage />, { path: '/:lng/add-card-webview', url: '/en/add-card-webview', client: fake.client });
  return { ...fake, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

/** The card typed into the (fake) sandbox card fields, and the billing address into ours. */
async function fillCard(user: User, answer?: NonNullable<Parameters<typeof fakeSandboxCardFields>[0]>['answer']) {
  const fields = await fakeSandboxCardFields(answer ? { answer } : {});
  await fields.setValid(true);
  await fillBillingAddress(user);
  return fields;
}

const save = () => screen.getByRole('button', { name: 'Save card' });

describe('add-card-webview and the card form (docs/rules/entities.md, docs/rules/validation.md, docs/rules/limits.md)', () => {
  it("shows the processor's card fields in a frame, sends add-card only their token and the billing address, and says the card was added", async () => {
    const posted = vi.spyOn(window.parent, 'postMessage');
    const { user, bodiesOf } = openWebview();
    expect(screen.getByRole('heading', { level: 1, name: 'Add a card' })).toBeInTheDocument();
    const frame = (await screen.findByTitle('Card details')) as HTMLIFrameElement;
    expect(new URL(frame.src).pathname).toBe('/sandbox/card-fields');
    expect(new URL(frame.src).searchParams.get('lang')).toBe('en');
    // No card input on this page: the number and CVV are typed into the processor's frame.
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('CVV')).not.toBeInTheDocument();
    const fields = await fillCard(user);
    expect(save()).not.toHaveAttribute('aria-disabled');
    await user.click(save());
    expect(await screen.findByText('Card 5555 **** **** 4444 added. You can close this page.')).toBeInTheDocument();
    expect(fields.posted).toEqual([
      { message: { source: 'causeway-card-fields', type: 'tokenize' }, targetOrigin: window.location.origin },
    ]);
    expect(bodiesOf(PATHS.addCard)).toEqual([
      {
        cardToken: 'tok_sandboxfields000000000001',
        channelCode: 'CHECKOUT',
        billingAddress: { firstName: 'Ann', lastName: 'Lee', address: '1 Main Street', city: 'Berlin', postalCode: '10115', country: 'DE' },
      },
    ]);
    expect(toasts).toEqual([{ message: 'Card added', kind: 'success' }]);
    expect(posted).toHaveBeenCalledWith({ type: CARD_ADDED_MESSAGE, cardId: 'crd_new' }, '*');
  });

  it('inside a React Native WebView the app hears it through ReactNativeWebView (as JSON), not the parent frame', async () => {
    const native = vi.fn();
    (window as { ReactNativeWebView?: unknown }).ReactNativeWebView = { postMessage: native };
    // A spy of an earlier test may be the same one: only this test's calls count.
    const parent = vi.spyOn(window.parent, 'postMessage');
    parent.mockClear();
    try {
      const { user } = openWebview();
      await fillCard(user);
      await user.click(save());
      await screen.findByText('Card 5555 **** **** 4444 added. You can close this page.');
      expect(native.mock.calls.map(([message]) => JSON.parse(message as string))).toEqual([
        { type: CARD_ADDED_MESSAGE, cardId: 'crd_new' },
      ]);
      expect(parent).not.toHaveBeenCalled();
    } finally {
      delete (window as { ReactNativeWebView?: unknown }).ReactNativeWebView;
    }
  });

  it('Save stays inactive until the card fields say the card is complete', async () => {
    const { user } = openWebview();
    const fields = await fillCard(user);
    await fields.setValid(false);
    expect(save()).toHaveAttribute('aria-disabled', 'true');
    await fields.setValid(true);
    expect(save()).not.toHaveAttribute('aria-disabled');
  });

  it('takes messages only from the fields frame and its origin: another origin or window cannot mark the card valid', async () => {
    const { user } = openWebview();
    const fields = await fillCard(user);
    await fields.setValid(false);
    await fields.send({ type: 'validity', valid: true }, 'https://evil.example');
    await fields.send({ type: 'validity', valid: true }, window.location.origin, window);
    expect(save()).toHaveAttribute('aria-disabled', 'true');
  });

  it('Enter in the card fields saves as the button does', async () => {
    const { user, bodiesOf } = openWebview();
    const fields = await fillCard(user);
    await fields.send({ type: 'submit' });
    await screen.findByText('Card 5555 **** **** 4444 added. You can close this page.');
    expect(bodiesOf(PATHS.addCard)).toHaveLength(1);
  });

  it.each([
    ['invalid', 'Check the card number, expiry and CVV.'],
    ['refused', 'Check the card number, expiry and CVV.'],
    ['unavailable', 'The card could not be checked right now: try again.'],
  ] as const)('the fields failing to tokenise (%s) is said on screen, and add-card is not called', async (reason, text) => {
    const { user, calls } = openWebview();
    await fillCard(user, { error: reason });
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(calls.filter((c) => c.path === PATHS.addCard)).toEqual([]);
  });

  it('Enter in the card fields with the address still empty asks the fields to show their problems, and saves nothing', async () => {
    const { calls } = openWebview();
    const fields = await fakeSandboxCardFields();
    await fields.send({ type: 'submit' });
    await waitFor(() => expect(fields.posted).toHaveLength(1));
    expect(fields.posted).toEqual([
      { message: { source: 'causeway-card-fields', type: 'validate' }, targetOrigin: window.location.origin },
    ]);
    expect(calls.filter((c) => c.path === PATHS.addCard)).toEqual([]);
  });

  it('a billing address problem shows under its field', async () => {
    const { user } = openWebview();
    await fakeSandboxCardFields();
    await user.type(screen.getByLabelText('First name'), 'Ann<script>');
    await user.tab();
    expect(screen.getByText("Use letters, digits, spaces and .,()'-+/ only (at most 70).")).toBeInTheDocument();
  });

  it('at most 5 cards: no form, the rule instead', async () => {
    openWebview({
      [PATHS.listCard]: () => ({ cards: [1, 2, 3, 4, 5].map((n) => card({ cardId: `crd_${n}` })), maxCards: 5, addCardAvailableAt: null }),
    });
    expect(await screen.findByText('You can save up to 5 cards. Delete one to add another.')).toBeInTheDocument();
    expect(screen.queryByTitle('Card details')).not.toBeInTheDocument();
  });

  it('addCardAvailableAt (48 h after a delete, 24 h after a security change): the date a card may be added', async () => {
    openWebview({ [PATHS.listCard]: () => ({ cards: [], maxCards: 5, addCardAvailableAt: '2030-03-04T10:00:00Z' }) });
    const expected = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2030-03-04T10:00:00Z'));
    expect(await screen.findByText(`You can add a new card after ${expected}.`)).toBeInTheDocument();
  });

  it.each([
    ['CRD0000004', 'A new card can be added 48 hours after a card was deleted.'],
    ['CRD0000005', 'Adding cards is paused for 24 hours after a password or authenticator change.'],
    ['CRD0000008', 'This card is already saved.'],
    ['CRD0000010', 'The card entry has expired: enter the card again.'],
  ])('the server refusing the card (%s) is said in our words', async (code, text) => {
    const { user, calls } = openWebview({
      [PATHS.addCard]: () => {
        throw businessError(PATHS.addCard, code, 'server words');
      },
    });
    await fillCard(user);
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    if (code !== 'CRD0000008' && code !== 'CRD0000010')
      await waitFor(() => expect(calls.filter((c) => c.path === PATHS.listCard).length).toBeGreaterThan(1));
  });

  it('no answer while adding says so in card words (not the order text), and asks the list again in case the card was saved', async () => {
    const { user, calls } = openWebview({
      [PATHS.addCard]: () => {
        throw new ApiError({ kind: 'network', path: PATHS.addCard, msg: 'x' });
      },
    });
    await fillCard(user);
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No response from the server. Check your connection and try again: if the card was saved, it shows in your cards.',
    );
    await waitFor(() => expect(calls.filter((c) => c.path === PATHS.listCard).length).toBeGreaterThan(1));
  });

  it('another failure reads as the server says', async () => {
    const { user } = openWebview({
      [PATHS.addCard]: () => {
        throw businessError(PATHS.addCard, 'CRD0000099', 'The card processor is busy.');
      },
    });
    await fillCard(user);
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('The card processor is busy.');
  });
});
