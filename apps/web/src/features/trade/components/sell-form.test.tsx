import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessError, type Responder } from '@/test/routed-http-client';
import { callsTo, landedOn, openTrade, PAIRS, quote } from '../trade-test-kit';

/** Card sells: the same pairs as the buys, offered for selling. */
const SELL_PAIRS = Object.fromEntries(
  Object.entries(PAIRS).map(([fiat, pairs]) => [fiat, pairs.map((pair) => ({ ...pair, transactionTypes: ['sell' as const] }))]),
);
const sellQuote = (overrides = {}) =>
  quote({
    transactionType: 'sell',
    fiatAmount: '96.52',
    cryptoAmount: '0.01',
    price: '9900',
    fees: {
      ourFee: '2.48',
      ourFeeBeforeDiscount: '2.48',
      networkFee: '0.00',
      spread: '1.00',
      spreadRate: '0.01',
      discount: '0.00',
      total: '2.48',
    },
    promotionApplied: false,
    ...overrides,
  });

const deposit = {
  address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  memo: null,
  network: 'BTC',
  cryptoCurrency: 'BTC',
  amount: '0.01',
  expiresAt: '2030-01-01T00:30:00Z',
  confirmationsRequired: 2,
  receivedAmount: null,
  confirmations: null,
};

function openSell(routes: Record<string, Responder> = {}) {
  const view = openTrade({
    url: '/en/buy-crypto?type=sell',
    routes: {
      [PATHS.getQuote]: () => sellQuote(),
      [PATHS.submitSell]: (body: { orderId: string }) => ({ orderId: body.orderId, status: 'OrderSubmitted', failReason: null, deposit }),
      ...routes,
    },
  });
  // Sell pairs are asked with transactionType sell; buy pairs as before.
  const buyPairs = view.routes[PATHS.listCurrencyPairByBaseCurrency]!;
  view.routes[PATHS.listCurrencyPairByBaseCurrency] = (body) => {
    const query = (view.calls.at(-1)?.options as { query: { baseCurrency: string; transactionType: string } }).query;
    return query.transactionType === 'sell' ? (SELL_PAIRS[query.baseCurrency] ?? []) : buyPairs(body);
  };
  return view;
}

describe('the Sell tab', () => {
  it('quotes what reaches the card, confirms, and sends submit-sell with the card; then the result page shows where to send', async () => {
    const { user, calls } = openSell();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sell crypto' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sell', current: 'page' })).toBeInTheDocument();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Coin to sell' }), 'BTC on Bitcoin');
    await user.type(screen.getByRole('textbox', { name: 'You sell (BTC)' }), '0.01');
    expect(await screen.findByText('96.52 EUR')).toBeInTheDocument();
    const quoteCall = callsTo(calls, PATHS.getQuote).at(-1)!;
    expect(quoteCall.body).toMatchObject({
      transactionType: 'sell',
      cryptoAmount: '0.01',
      cryptoCurrency: 'BTC',
      network: 'BTC',
      fiatCurrency: 'EUR',
    });
    expect(screen.getByRole('group', { name: 'Pay out to card' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell at this price?' });
    expect(dialog).toHaveTextContent('You send 0.01 BTC on Bitcoin and receive 96.52 EUR on the card ending 4242.');
    await user.click(within(dialog).getByRole('button', { name: 'Sell' }));
    const landed = await landedOn();
    const [submitted] = callsTo(calls, PATHS.submitSell);
    expect(submitted!.body).toMatchObject({ quoteId: 'qte_1', cardId: 'crd_1', channelCode: 'CHECKOUT', paymentMethod: 'CARD' });
    expect(landed).toBe(`/en/result?orderId=${(submitted!.body as { orderId: string }).orderId}`);
  });

  it('asks for the authenticator code when one is bound, and sends it with the order', async () => {
    const { user, calls } = openSell({
      [PATHS.authenticatorBindingStatus]: () => ({ bindStatus: 'BINDED', otpStep: 'verify-otp', email: 'ann@example.com' }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'You sell (BTC)' }), '0.01');
    await screen.findByText('96.52 EUR');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sell at this price?' })).getByRole('button', { name: 'Sell' }));
    const codeDialog = await screen.findByRole('dialog', { name: 'Authenticator code' });
    await user.type(within(codeDialog).getAllByRole('textbox')[0]!, '123456');
    await landedOn();
    expect(callsTo(calls, PATHS.submitSell)[0]!.body).toMatchObject({ otpType: 'GA_OTP', otpCode: '123456' });
  });

  it('says when selling is paused after a security change, and until when', async () => {
    const { user } = openSell({
      [PATHS.submitSell]: () => {
        throw Object.assign(businessError(PATHS.submitSell, 'ODR00001016'), { data: { until: '2030-01-02T10:00:00Z' } });
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'You sell (BTC)' }), '0.01');
    await screen.findByText('96.52 EUR');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sell at this price?' })).getByRole('button', { name: 'Sell' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Selling is paused after a change of your password or authenticator\. You can sell again from .*2030/,
    );
  });

  it('asks who holds the sending wallet while the travel rule is on, and sends the answer', async () => {
    const { user, calls } = openSell({
      [PATHS.gtrEnabled]: () => ({ enabled: true }),
      [PATHS.listVaspInfo]: () => ({ list: [{ vaspId: 'vasp-kraken', name: 'Kraken', country: 'US', website: null }] }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'You sell (BTC)' }), '0.01');
    await screen.findByText('96.52 EUR');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByText('Say who holds the wallet: the rules on crypto transfers ask us to record it.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const question = screen.getByRole('group', { name: 'Who holds the wallet you are sending from?' });
    await user.click(within(question).getByRole('radio', { name: 'An exchange or another service' }));
    expect(within(question).getByRole('combobox', { name: 'Which one?' })).toHaveValue('vasp-kraken');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sell at this price?' })).getByRole('button', { name: 'Sell' }));
    await landedOn();
    expect(callsTo(calls, PATHS.submitSell)[0]!.body).toMatchObject({ travelRule: { walletType: 'VASP', vaspId: 'vasp-kraken' } });
  });

  it('Buy and Sell are two links, the current one marked: Buy shows the buy form again', async () => {
    const { user } = openSell();
    await screen.findByRole('heading', { level: 1, name: 'Sell crypto' });
    await user.click(screen.getByRole('link', { name: 'Buy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy crypto' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Sell crypto' })).toBeNull());
  });
});
