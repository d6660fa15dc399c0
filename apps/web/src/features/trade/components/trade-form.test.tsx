import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { businessError, type RecordedCall } from '@/test/routed-http-client';
import { amountInput, callsTo, formShown, limits, openTrade, quote } from '../trade-test-kit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const quotePanel = () => screen.getByRole('region', { name: 'Your quote' });
/** The query a recorded call sent; the routed client records a call before answering it, so the last call's is the one being answered. */
const lastQueryOf = (call: RecordedCall | undefined) => (call?.options as { query?: Record<string, string> } | undefined)?.query;
const lastQuery = (calls: RecordedCall[]) => lastQueryOf(calls.at(-1));

describe('trade form', () => {
  it('asks one quote once typing settles (~400 ms), with a page-long UUID order id, and shows the itemised quote', async () => {
    const { user, bodiesOf } = openTrade();
    await formShown();
    await user.type(amountInput(), '100');
    await within(quotePanel()).findByText('100.00 EUR');
    expect(bodiesOf(PATHS.getQuote)).toEqual([
      {
        orderId: expect.stringMatching(UUID),
        channelCode: 'CHECKOUT',
        paymentMethod: 'CARD',
        transactionType: 'buy',
        fiatCurrency: 'EUR',
        cryptoCurrency: 'BTC',
        network: 'BTC',
        fiatAmount: '100',
      },
    ]);
    const panel = within(quotePanel());
    expect(panel.getByText('0.00158 BTC')).toBeInTheDocument();
    expect(panel.getByText('1 BTC = 61,234.50 EUR')).toBeInTheDocument();
    expect(panel.getByText('Our fee').nextSibling).toHaveTextContent(/^1\.98 EUR$/);
    expect(panel.getByText('Network fee').nextSibling).toHaveTextContent('2.50 EUR');
    expect(panel.getByText('Spread (1%, included in the price)').nextSibling).toHaveTextContent('1.00 EUR');
    expect(panel.getByText('Promotion discount').nextSibling).toHaveTextContent('−0.99 EUR');
    expect(panel.getByText('Total fees').nextSibling).toHaveTextContent('3.49 EUR');
    expect(panel.getByText(/50% off fees on your first 3 transactions/)).toHaveTextContent('3 left.');
    expect(panel.getByRole('timer')).toHaveTextContent('New price in 28 s');

    await user.clear(amountInput());
    await user.type(amountInput(), '250');
    await waitFor(() => expect(bodiesOf(PATHS.getQuote)).toHaveLength(2));
    const [first, second] = bodiesOf(PATHS.getQuote) as Array<{ orderId: string; fiatAmount: string }>;
    expect(second).toMatchObject({ fiatAmount: '250', orderId: first!.orderId });
  });

  it('the price has the fiat decimals, rounded to the nearest as on the order pages', async () => {
    const { user } = openTrade({ routes: { [PATHS.getQuote]: () => quote({ price: '60121.845812' }) } });
    await formShown();
    await user.type(amountInput(), '100');
    expect(await within(quotePanel()).findByText('1 BTC = 60,121.85 EUR')).toBeInTheDocument();
  });

  it("shows the person's own room from the start, before any quote (kyc/limit/query with the pair), and holds amounts to it", async () => {
    const { user, calls, routes } = openTrade();
    const pairAsked = (fiatCurrency: string) => ({ fiatCurrency, cryptoCurrency: 'BTC', network: 'BTC', channelCode: 'CHECKOUT' });
    routes[PATHS.kycLimits] = () => {
      const query = lastQuery(calls);
      return query?.fiatCurrency
        ? {
            ...limits('10000'),
            amountRange: {
              currency: query.fiatCurrency,
              minAmount: '20.00',
              maxAmount: query.fiatCurrency === 'EUR' ? '10000.00' : '8600.00',
            },
          }
        : limits('10000');
    };
    await formShown();
    expect(await screen.findByText('Between 20 and 10,000 EUR')).toBeInTheDocument();
    expect(callsTo(calls, PATHS.kycLimits).map(lastQueryOf)).toContainEqual(pairAsked('EUR'));
    // Over the room: refused at once, with the room, and no quote is asked.
    await user.type(amountInput(), '15000');
    await waitFor(() =>
      expect(amountInput()).toHaveAccessibleDescription('Transaction Limit Exceeded. Enter an amount between 20 and 10,000 EUR.'),
    );
    expect(callsTo(calls, PATHS.getQuote)).toEqual([]);
    // Another fiat: its own room.
    await user.selectOptions(screen.getByLabelText('Pay in'), 'GBP');
    expect(await screen.findByText('Between 20 and 8,600 GBP')).toBeInTheDocument();
  });

  it('limits that leave less than the smallest order say so, instead of a range that runs backwards', async () => {
    const { user, calls, routes } = openTrade();
    routes[PATHS.kycLimits] = () =>
      lastQuery(calls)?.fiatCurrency
        ? { ...limits('10'), amountRange: { currency: 'EUR', minAmount: '20.00', maxAmount: '10.00' } }
        : limits('10');
    await formShown();
    expect(await screen.findByText('Your limits leave 10 EUR, less than the smallest order of 20 EUR.')).toBeInTheDocument();
    await user.type(amountInput(), '15');
    await waitFor(() =>
      expect(amountInput()).toHaveAccessibleDescription(
        'Transaction Limit Exceeded. Your limits leave 10 EUR, less than the smallest order of 20 EUR.',
      ),
    );
    expect(callsTo(calls, PATHS.getQuote)).toEqual([]);
  });

  it("a quote's range, when there is one, is the one shown (the freshest)", async () => {
    const { user } = openTrade({ routes: { [PATHS.getQuote]: () => quote({ maxAmount: '4000' }) } });
    await formShown();
    expect(await screen.findByText('Between 20 and 5,000 EUR')).toBeInTheDocument();
    await user.type(amountInput(), '100');
    expect(await screen.findByText('Between 20 and 4,000 EUR')).toBeInTheDocument();
  });

  it("without the person's room (the call failed: no price to convert it) the pair's range is shown, and the form works", async () => {
    const { user, calls, routes } = openTrade();
    routes[PATHS.kycLimits] = () => {
      if (lastQuery(calls)?.fiatCurrency)
        throw new ApiError({ kind: 'business', path: PATHS.kycLimits, code: 'ODR00001003', msg: 'No price', httpStatus: 400 });
      return limits();
    };
    await formShown();
    await waitFor(() => expect(callsTo(calls, PATHS.kycLimits).some((call) => lastQueryOf(call)?.fiatCurrency)).toBe(true));
    expect(screen.getByText('Between 20 and 20,000 EUR')).toBeInTheDocument();
    await user.type(amountInput(), '100');
    await within(quotePanel()).findByText('100.00 EUR');
  });

  it('keeps amounts as typed decimal strings: a comma is the point, letters and extra decimals are dropped', async () => {
    const { user, bodiesOf } = openTrade();
    await formShown();
    await user.type(amountInput(), '1a23,456');
    expect(amountInput()).toHaveValue('123.45');
    await waitFor(() => expect(bodiesOf(PATHS.getQuote)).toEqual([expect.objectContaining({ fiatAmount: '123.45' })]));
  });

  it('below the minimum or over the room: Transaction Limit Exceeded with the min and max, and no quote is asked', async () => {
    const { user, calls } = openTrade();
    await formShown();
    expect(await screen.findByText('Between 20 and 5,000 EUR')).toBeInTheDocument();
    await user.type(amountInput(), '19.99');
    await waitFor(() =>
      expect(amountInput()).toHaveAccessibleDescription('Transaction Limit Exceeded. Enter an amount between 20 and 5,000 EUR.'),
    );
    await user.clear(amountInput());
    await user.type(amountInput(), '5000.01');
    await waitFor(() =>
      expect(amountInput()).toHaveAccessibleDescription('Transaction Limit Exceeded. Enter an amount between 20 and 5,000 EUR.'),
    );
    expect(amountInput()).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, PATHS.getQuote)).toEqual([]);
  });

  it('the server limit (ODR00001001) shows the min and max of its data', async () => {
    const { user } = openTrade({
      routes: {
        [PATHS.getQuote]: () => {
          throw new ApiError({
            kind: 'business',
            path: PATHS.getQuote,
            code: 'ODR00001001',
            msg: 'Transaction Limit Exceeded.',
            httpStatus: 400,
            data: { minAmount: '50', maxAmount: '5000', currency: 'EUR' },
          });
        },
      },
    });
    await formShown();
    await user.type(amountInput(), '30');
    await waitFor(() =>
      expect(amountInput()).toHaveAccessibleDescription('Transaction Limit Exceeded. Enter an amount between 50 and 5,000 EUR.'),
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('switches to an amount in the coin, carrying the quoted amount over', async () => {
    const { user, bodiesOf } = openTrade();
    await formShown();
    await user.type(amountInput(), '100');
    await within(quotePanel()).findByText('0.00158 BTC');
    await user.click(screen.getByRole('button', { name: 'Enter the amount in BTC' }));
    expect(screen.getByLabelText('You receive (BTC)')).toHaveValue('0.00158');
    await waitFor(() => expect(bodiesOf(PATHS.getQuote).at(-1)).toMatchObject({ cryptoAmount: '0.00158' }));
    expect(bodiesOf(PATHS.getQuote).at(-1)).not.toHaveProperty('fiatAmount');
    await user.click(screen.getByRole('button', { name: 'Enter the amount in EUR' }));
    expect(screen.getByLabelText('You spend (EUR)')).toHaveValue('100');
  });

  it('changing the fiat keeps the coin when the new fiat offers it', async () => {
    const { user, bodiesOf } = openTrade();
    await formShown();
    await user.selectOptions(screen.getByLabelText('Pay in'), 'GBP');
    await user.type(screen.getByLabelText('You spend (GBP)'), '50');
    await waitFor(() =>
      expect(bodiesOf(PATHS.getQuote)).toEqual([expect.objectContaining({ fiatCurrency: 'GBP', cryptoCurrency: 'BTC', fiatAmount: '50' })]),
    );
  });

  it('unavailableCallback: the quote answers CRD0000009; Try again asks again and shows the form', async () => {
    let down = true;
    const { user, bodiesOf } = openTrade({
      routes: {
        [PATHS.getQuote]: () => {
          if (down) throw businessError(PATHS.getQuote, 'CRD0000009', 'under maintenance');
          return quote();
        },
      },
    });
    await formShown();
    await user.type(amountInput(), '100');
    expect(await screen.findByRole('heading', { name: 'Payment method unavailable' })).toBeInTheDocument();
    expect(document.querySelector('[data-trade-state]')?.getAttribute('data-trade-state')).toBe('unavailableCallback');
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await formShown()).toBeInTheDocument();
    expect(await within(quotePanel()).findByText('0.00158 BTC')).toBeInTheDocument();
    expect(bodiesOf(PATHS.getQuote)).toHaveLength(2);
  });

  it('ODR00001003 (prices unavailable) is the unavailableCallback state too', async () => {
    const { user } = openTrade({
      routes: {
        [PATHS.getQuote]: () => {
          throw businessError(PATHS.getQuote, 'ODR00001003');
        },
      },
    });
    await formShown();
    await user.type(amountInput(), '100');
    expect(await screen.findByRole('heading', { name: 'Payment method unavailable' })).toBeInTheDocument();
  });

  it('shows saved cards masked (docs/rules/limits.md) with their network; expired and disabled cards cannot be chosen', async () => {
    const { user } = openTrade({
      routes: {
        [PATHS.listCard]: () => ({
          cards: [
            {
              cardId: 'crd_1',
              cardBin: '424242',
              cardLast4: '4242',
              issuerBank: null,
              country: 'DE',
              cardProcessor: 'VISA',
              expiryMonth: 12,
              expiryYear: 2099,
              enabled: true,
              maskedNumber: 'x',
            },
            {
              cardId: 'crd_2',
              cardBin: '555555',
              cardLast4: '4444',
              issuerBank: null,
              country: 'DE',
              cardProcessor: 'MASTER',
              expiryMonth: 1,
              expiryYear: 2020,
              enabled: true,
              maskedNumber: 'x',
            },
            {
              cardId: 'crd_3',
              cardBin: '520000',
              cardLast4: '0007',
              issuerBank: null,
              country: 'DE',
              cardProcessor: 'MASTER',
              expiryMonth: 1,
              expiryYear: 2099,
              enabled: false,
              maskedNumber: 'x',
            },
          ],
          maxCards: 5,
          addCardAvailableAt: null,
        }),
      },
    });
    await formShown();
    const group = await screen.findByRole('group', { name: 'Pay with card' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Visa4242 **** **** 424212/99',
      'Mastercard5555 **** **** 4444Expired',
      'Mastercard5200 **** **** 0007Unavailable',
    ]);
    expect(radios[0]).toBeChecked();
    expect(radios[1]).toBeDisabled();
    expect(radios[2]).toBeDisabled();
    await user.click(within(group).getByRole('button', { name: 'Manage cards' }));
    expect(await screen.findByRole('dialog', { name: 'Manage cards' })).toBeInTheDocument();
  });

  it('XRP asks for its destination tag (memoRequired) and says so when it is missing', async () => {
    const { user } = openTrade({ routes: { [PATHS.getQuote]: () => quote({ cryptoCurrency: 'XRP', network: 'XRP' }) } });
    await formShown();
    await user.click(screen.getByRole('button', { name: /Coin and network/ }));
    await user.click(await screen.findByRole('button', { name: 'XRP on XRP Ledger' }));
    await user.type(screen.getByLabelText('Your XRP address on XRP Ledger'), 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe');
    expect(screen.getByLabelText('Destination tag')).toBeInTheDocument();
    await user.type(amountInput(), '100');
    await within(quotePanel()).findByText('100.00 EUR');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the Destination tag: this network needs it.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("the coin button's accessible name holds its visible text, Change included (axe label-content-name-mismatch)", async () => {
    openTrade();
    await formShown();
    const button = screen.getByRole('button', { name: /change/i });
    // What is seen: the text outside the visually hidden label, words parted as the name parts them.
    const seen = [...button.childNodes]
      .filter((part) => !(part instanceof HTMLElement && part.classList.contains('sr-only')))
      .map((part) => part.textContent)
      .join('')
      .trim();
    expect(seen).toBe('BTC (Bitcoin) on Bitcoin Change');
    expect(button).toHaveAccessibleName(`Coin and network ${seen}`);
  });

  it('an empty address, or one with a space, is refused before the confirm step', async () => {
    const { user } = openTrade();
    await formShown();
    const address = await screen.findByLabelText('Your BTC address on Bitcoin');
    await user.clear(address);
    await user.type(amountInput(), '100');
    await within(quotePanel()).findByText('100.00 EUR');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the address of your wallet.')).toBeInTheDocument();
    await user.type(address, 'bc1q abc');
    expect(screen.getByText('The address contains a space or a line break. Copy it again without them.')).toBeInTheDocument();
  });

  it("a mistyped character, or another network's address, is refused before the confirm step by the server's own check", async () => {
    const { user } = openTrade();
    await formShown();
    const address = await screen.findByLabelText('Your BTC address on Bitcoin');
    await user.clear(address);
    await user.paste('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'); // BIP-173's example, last character changed
    await user.type(amountInput(), '100');
    await within(quotePanel()).findByText('100.00 EUR');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('A character of this address is wrong. Copy it again from your wallet.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.clear(address);
    await user.paste('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(screen.getByText('This is an address of the TRX network, not of the network you chose.')).toBeInTheDocument();
  });
});
