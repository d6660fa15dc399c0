import { type CountryItem, PATHS } from '@causeway/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { captureToasts } from '@/test/toasts';
import { renderPage } from '@/test/render';
import { ApiError } from '@/lib/http-errors';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { card } from '../trade-test-kit';
import { AddCardWebviewPage, CARD_ADDED_MESSAGE } from './add-card-webview-page';

const COUNTRIES: CountryItem[] = [{ towCharCode: 'DE', englishName: 'Germany', chineseName: '德国', flag: '🇩🇪' }];
const toasts = captureToasts();

function openWebview(routes: Record<string, Responder> = {}) {
  const fake = routedHttpClient({
    [PATHS.listCard]: () => ({ cards: [], maxCards: 5, addCardAvailableAt: null }),
    [PATHS.listCountryCode]: () => COUNTRIES,
    [PATHS.addCard]: () => card({ cardId: 'crd_new', cardBin: '555555', cardLast4: '4444', cardProcessor: 'MASTER' }),
    ...routes,
  });
  renderPage(<AddCardWebviewPage />, { path: '/:lng/add-card-webview', url: '/en/add-card-webview', client: fake.client });
  return { ...fake, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

async function fillCard(user: User, { number = '5555 5555 5555 4444', expiry = '1230', cvv = '123' } = {}) {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), expiry);
  await user.type(screen.getByLabelText('CVV'), cvv);
  await user.type(screen.getByLabelText('First name'), 'Ann');
  await user.type(screen.getByLabelText('Last name'), 'Lee');
  await user.type(screen.getByLabelText('Address'), '1 Main Street');
  await user.type(screen.getByLabelText('City'), 'Berlin');
  await user.type(screen.getByLabelText('Postal code'), '10115');
  await user.selectOptions(await screen.findByLabelText('Country'), 'DE');
}

const save = () => screen.getByRole('button', { name: 'Save card' });

describe('add-card-webview and the card form (spec §3, §5, §9)', () => {
  it('groups the number as typed, sends digits only with the billing address, and says the card was added', async () => {
    const posted = vi.spyOn(window.parent, 'postMessage');
    const { user, bodiesOf } = openWebview();
    expect(screen.getByRole('heading', { level: 1, name: 'Add a card' })).toBeInTheDocument();
    await fillCard(user);
    expect(screen.getByLabelText('Card number')).toHaveValue('5555 5555 5555 4444');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/30');
    expect(save()).not.toHaveAttribute('aria-disabled');
    await user.click(save());
    expect(await screen.findByText('Card 5555 **** **** 4444 added. You can close this page.')).toBeInTheDocument();
    expect(bodiesOf(PATHS.addCard)).toEqual([
      {
        cardNumber: '5555555555554444', expiryMonth: 12, expiryYear: 2030, cvv: '123', channelCode: 'CHECKOUT',
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
      expect(native.mock.calls.map(([message]) => JSON.parse(message as string))).toEqual([{ type: CARD_ADDED_MESSAGE, cardId: 'crd_new' }]);
      expect(parent).not.toHaveBeenCalled();
    } finally {
      delete (window as { ReactNativeWebView?: unknown }).ReactNativeWebView;
    }
  });

  it('refuses a number that fails the Luhn check: Please enter a valid card number', async () => {
    const { user, calls } = openWebview();
    await fillCard(user, { number: '4242 4242 4242 4241' });
    expect(screen.getByText('Please enter a valid card number')).toBeInTheDocument();
    expect(save()).toHaveAttribute('aria-disabled', 'true');
    await user.click(save());
    expect(calls.filter((c) => c.path === PATHS.addCard)).toEqual([]);
  });

  it('shows a number problem only once the field is left or complete, not at the first digit', async () => {
    const { user } = openWebview();
    await user.type(await screen.findByLabelText('Card number'), '4242');
    expect(screen.queryByText('Please enter a valid card number')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Please enter a valid card number')).toBeInTheDocument();
  });

  it('refuses a card network other than Visa and Mastercard', async () => {
    const { user } = openWebview();
    await fillCard(user, { number: '3782 822463 10005' });
    expect(screen.getByText('We accept Visa and Mastercard only.')).toBeInTheDocument();
  });

  it('refuses an expiry that has passed, and one that is not MM/YY', async () => {
    const { user } = openWebview();
    await fillCard(user, { expiry: '0120' });
    expect(screen.getByText('This card has expired.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Expiry (MM/YY)'));
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '13');
    await user.tab();
    expect(screen.getByText('Enter the expiry as MM/YY.')).toBeInTheDocument();
    expect(save()).toHaveAttribute('aria-disabled', 'true');
  });

  it('wants a CVV of 3 or 4 digits', async () => {
    const { user } = openWebview();
    await fillCard(user, { cvv: '12' });
    expect(screen.getByText('Enter the 3 or 4 digit CVV.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('CVV'), '34a5');
    expect(screen.getByLabelText('CVV')).toHaveValue('1234');
    expect(screen.queryByText('Enter the 3 or 4 digit CVV.')).not.toBeInTheDocument();
  });

  it('at most 5 cards: no form, the rule instead', async () => {
    openWebview({ [PATHS.listCard]: () => ({ cards: [1, 2, 3, 4, 5].map((n) => card({ cardId: `crd_${n}` })), maxCards: 5, addCardAvailableAt: null }) });
    expect(await screen.findByText('You can save up to 5 cards. Delete one to add another.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
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
  ])('the server refusing the card (%s) is said in our words', async (code, text) => {
    const { user, calls } = openWebview({ [PATHS.addCard]: () => { throw businessError(PATHS.addCard, code, 'server words'); } });
    await fillCard(user);
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    if (code !== 'CRD0000008') await waitFor(() => expect(calls.filter((c) => c.path === PATHS.listCard).length).toBeGreaterThan(1));
  });

  it('no answer while adding says so in card words (not the order text), and asks the list again in case the card was saved', async () => {
    const { user, calls } = openWebview({ [PATHS.addCard]: () => { throw new ApiError({ kind: 'network', path: PATHS.addCard, msg: 'x' }); } });
    await fillCard(user);
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('No response from the server. Check your connection and try again: if the card was saved, it shows in your cards.');
    await waitFor(() => expect(calls.filter((c) => c.path === PATHS.listCard).length).toBeGreaterThan(1));
  });

  it('another failure reads as the server says', async () => {
    const { user } = openWebview({ [PATHS.addCard]: () => { throw businessError(PATHS.addCard, 'CRD0000099', 'The card processor is busy.'); } });
    await fillCard(user);
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('The card processor is busy.');
  });
});
