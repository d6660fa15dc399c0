import { PATHS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import type { CurrencyPair } from '../api/trade-api';
import { callsTo, CURRENCIES, landedOn, limits, PAIRS, quote } from '../trade-test-kit';
import { BankTransferSellPage } from './bank-transfer-sell-page';

const BANK_CHANNEL: Record<string, string> = { EUR: 'CLEAR_JUNCTION', GBP: 'CLEAR_JUNCTION_FPS' };
/** The bank channels' pairs of a fiat, for buying or selling. */
const bankPairs = (fiat: string, type: 'buy' | 'sell'): CurrencyPair[] =>
  (PAIRS[fiat] ?? []).map((pair) => ({ ...pair, channels: [BANK_CHANNEL[fiat]!] as CurrencyPair['channels'], transactionTypes: [type] }));
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

function openBankSell() {
  const fake = routedHttpClient();
  Object.assign(fake.routes, {
    [PATHS.overview]: () => accountOverview(),
    [PATHS.kycCheckAddress]: () => ({ required: false, address: null }),
    [PATHS.riskSurveyCheck]: () => ({ riskSurveyCheckNextStep: 'OK', version: '20250101' }),
    [PATHS.featureSwitch]: () => [{ label: 'buy', enable: true }],
    [PATHS.gtrEnabled]: () => ({ enabled: false }),
    [PATHS.listCurrency]: () => CURRENCIES,
    [PATHS.listCurrencyPairByBaseCurrency]: () => {
      const { baseCurrency, channelCode, transactionType } = (
        fake.calls.at(-1)?.options as { query: { baseCurrency: string; channelCode: string; transactionType: 'buy' | 'sell' } }
      ).query;
      return channelCode === BANK_CHANNEL[baseCurrency] ? bankPairs(baseCurrency, transactionType) : [];
    },
    [PATHS.kycLimits]: () => limits(),
    [PATHS.getPromotion]: () => ({ eligible: false, discountRate: '0', remainingTransactions: 0, totalTransactions: 0 }),
    [PATHS.listBalance]: () => ({ balances: [{ currency: 'EUR', assetType: 'fiat', available: '12.5' }] }),
    [PATHS.getQuote]: () =>
      quote({
        transactionType: 'sell',
        channelCode: 'CLEAR_JUNCTION',
        paymentMethod: 'BANK_TRANSFER',
        fiatAmount: '97.52',
        cryptoAmount: '0.01',
      }),
    [PATHS.authenticatorBindingStatus]: () => ({ bindStatus: 'NONE', otpStep: 'skip-otp', email: 'ann@example.com' }),
    [PATHS.submitSell]: (body: { orderId: string }) => ({ orderId: body.orderId, status: 'OrderSubmitted', failReason: null, deposit }),
  });
  const view = renderPage(<BankTransferSellPage />, { path: '/:lng/banktransfer-sell', url: '/en/banktransfer-sell', client: fake.client });
  return { ...view, ...fake, user: userEvent.setup() };
}

describe('banktransfer-sell: selling to the balance', () => {
  it('quotes a sell on the bank channel, says the proceeds go to the balance, and submits without a card', async () => {
    const { user, calls, bodiesOf } = openBankSell();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sell crypto to your balance' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sell', current: 'page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sell to a card instead' })).toHaveAttribute('href', '/en/card-buy-sell?type=sell');
    const proceeds = await screen.findByRole('region', { name: 'Paid to your EUR balance' });
    expect(await within(proceeds).findByText('12.50 EUR')).toBeInTheDocument();
    expect(callsTo(calls, PATHS.listCard)).toHaveLength(0);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Coin to sell' }), 'BTC on Bitcoin');
    await user.type(screen.getByRole('textbox', { name: 'You sell (BTC)' }), '0.01');
    expect(await screen.findByText('97.52 EUR')).toBeInTheDocument();
    expect(screen.getByText('You receive in your balance')).toBeInTheDocument();
    expect(bodiesOf(PATHS.getQuote).at(-1)).toMatchObject({
      channelCode: 'CLEAR_JUNCTION',
      paymentMethod: 'BANK_TRANSFER',
      transactionType: 'sell',
      cryptoAmount: '0.01',
      fiatCurrency: 'EUR',
    });
    const sellPairs = callsTo(calls, PATHS.listCurrencyPairByBaseCurrency).map((call) => (call.options as { query: object }).query);
    expect(sellPairs).toContainEqual(
      expect.objectContaining({ baseCurrency: 'EUR', channelCode: 'CLEAR_JUNCTION', transactionType: 'sell' }),
    );

    await user.click(screen.getByRole('button', { name: /Continue/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell at this price?' });
    expect(dialog).toHaveTextContent('You send 0.01 BTC on Bitcoin and receive 97.52 EUR in your balance.');
    await user.click(within(dialog).getByRole('button', { name: 'Sell' }));

    const orderId = (bodiesOf(PATHS.getQuote)[0] as { orderId: string }).orderId;
    expect(await landedOn()).toBe(`/en/result?orderId=${orderId}`);
    expect(bodiesOf(PATHS.submitSell)).toEqual([
      { orderId, quoteId: 'qte_1', channelCode: 'CLEAR_JUNCTION', paymentMethod: 'BANK_TRANSFER' },
    ]);
  });
});
