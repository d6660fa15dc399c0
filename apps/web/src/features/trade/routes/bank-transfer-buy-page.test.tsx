import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';
import type { CurrencyPair } from '../api/trade-api';
import { callsTo, CURRENCIES, formShown as cardFormShown, landedOn, limits, openTrade, PAIRS, quote, wallet } from '../trade-test-kit';
import { BankTransferBuyPage, bankTransferSideOf } from './bank-transfer-buy-page';

const ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
/** The bank channel of each currency (docs/rules/bank-transfers.md): SEPA for EUR, Faster Payments for GBP. */
const BANK_CHANNEL: Record<string, string> = { EUR: 'CLEAR_JUNCTION', GBP: 'CLEAR_JUNCTION_FPS' };
const bankPairs = (fiat: string): CurrencyPair[] =>
  (PAIRS[fiat] ?? []).map((pair) => ({ ...pair, channels: [BANK_CHANNEL[fiat]!] as CurrencyPair['channels'] }));
const bankQuote = (fiat = 'EUR') => quote({ channelCode: BANK_CHANNEL[fiat] as never, paymentMethod: 'BANK_TRANSFER', fiatCurrency: fiat });

/** Opens banktransfer-buy at `url` for a verified person whose EUR balance is `eurBalance`. */
function openBankBuy({ url = '/en/banktransfer-buy?type=buy', eurBalance = '40', routes = {} as Record<string, Responder> } = {}) {
  const fake = routedHttpClient();
  Object.assign(fake.routes, {
    [PATHS.overview]: () => accountOverview(),
    [PATHS.kycCheckAddress]: () => ({ required: false, address: null }),
    [PATHS.riskSurveyCheck]: () => ({ riskSurveyCheckNextStep: 'OK', version: '20250101' }),
    [PATHS.featureSwitch]: () => [{ label: 'buy', enable: true }],
    [PATHS.gtrEnabled]: () => ({ enabled: false }),
    [PATHS.listCurrency]: () => CURRENCIES,
    // The routed client records a call before answering it: the last call carries the query.
    [PATHS.listCurrencyPairByBaseCurrency]: () => {
      const { baseCurrency, channelCode } = (fake.calls.at(-1)?.options as { query: { baseCurrency: string; channelCode: string } }).query;
      return channelCode === BANK_CHANNEL[baseCurrency] ? bankPairs(baseCurrency) : [];
    },
    [PATHS.kycLimits]: () => limits(),
    [PATHS.listWallet]: (body: { cryptoCurrency: string }) => ({ list: body.cryptoCurrency === 'BTC' ? [wallet()] : [] }),
    [PATHS.getPromotion]: () => ({ eligible: false, discountRate: '0', remainingTransactions: 0, totalTransactions: 0 }),
    [PATHS.listBalance]: () => ({ balances: [{ currency: 'EUR', assetType: 'fiat', available: eurBalance }] }),
    [PATHS.getQuote]: (body: { fiatCurrency: string }) => bankQuote(body.fiatCurrency),
    [PATHS.authenticatorBindingStatus]: () => ({ bindStatus: 'NONE', otpStep: 'skip-otp', email: 'ann@example.com' }),
    [PATHS.submitBuy]: (body: { orderId: string }) => ({
      orderId: body.orderId,
      status: 'OrderSubmitted',
      threeDsUrl: null,
      failReason: null,
    }),
    ...routes,
  });
  const view = renderPage(<BankTransferBuyPage deposit={<p>The deposit side</p>} />, {
    path: '/:lng/banktransfer-buy',
    url,
    client: fake.client,
  });
  return { ...view, ...fake, user: userEvent.setup() };
}

const formShown = () => screen.findByRole('heading', { level: 1, name: 'Buy crypto by bank transfer' });
/** The confirm sheet: Continue first loads the address checker, which a busy machine takes a while to. */
const confirmSheet = () => screen.findByRole('dialog', { name: 'Confirm your order' }, { timeout: 5000 });

describe('banktransfer-buy: buying by bank transfer', () => {
  it(
    'quotes on the bank channel of the currency, shows the balance, and submits without a card; then the result page',
    { timeout: 20_000 },
    async () => {
      const { user, calls, bodiesOf } = openBankBuy();
      await formShown();
      // The offer is the bank channels' pairs, and no card is ever asked for.
      const pairCalls = callsTo(calls, PATHS.listCurrencyPairByBaseCurrency).map((call) => (call.options as { query: object }).query);
      expect(pairCalls).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ baseCurrency: 'EUR', channelCode: 'CLEAR_JUNCTION', transactionType: 'buy' }),
          expect.objectContaining({ baseCurrency: 'GBP', channelCode: 'CLEAR_JUNCTION_FPS', transactionType: 'buy' }),
        ]),
      );
      expect(callsTo(calls, PATHS.listCard)).toHaveLength(0);
      expect(screen.getByRole('link', { name: 'Buy', current: 'page' })).toHaveAttribute('href', '/en/banktransfer-buy?type=buy');
      expect(screen.getByRole('link', { name: 'Pay by card instead' })).toHaveAttribute('href', '/en/card-buy-sell');
      const funding = screen.getByRole('region', { name: 'Pay by bank transfer' });
      expect(await within(funding).findByText('40.00 EUR')).toBeInTheDocument();

      await screen.findByDisplayValue(ADDRESS);
      await user.type(screen.getByLabelText('You spend (EUR)'), '100');
      await screen.findByText('1 BTC = 61,234.50 EUR');
      expect(bodiesOf(PATHS.getQuote).at(-1)).toMatchObject({
        channelCode: 'CLEAR_JUNCTION',
        paymentMethod: 'BANK_TRANSFER',
        transactionType: 'buy',
        fiatCurrency: 'EUR',
        fiatAmount: '100',
      });
      // 40 EUR does not cover 100: the order will wait for a transfer, and the page says so.
      expect(await within(funding).findByText(/Your balance does not cover this order/)).toHaveTextContent(
        'send 100.00 EUR by bank transfer',
      );

      await user.click(screen.getByRole('button', { name: 'Continue' }));
      const sheet = await confirmSheet();
      expect(within(sheet).getByText('Bank transfer')).toBeInTheDocument();
      expect(within(sheet).getByText(/Send 100.00 EUR within 4 days/)).toBeInTheDocument();
      await waitFor(() => expect(sheet).toHaveStyle({ pointerEvents: 'auto' }));
      await user.click(within(sheet).getByRole('button', { name: 'Place order' }));

      const orderId = (bodiesOf(PATHS.getQuote)[0] as { orderId: string }).orderId;
      expect(await landedOn()).toBe(`/en/result?orderId=${orderId}`);
      expect(bodiesOf(PATHS.submitBuy)).toEqual([
        {
          orderId,
          quoteId: 'qte_1',
          channelCode: 'CLEAR_JUNCTION',
          paymentMethod: 'BANK_TRANSFER',
          cryptoCurrency: 'BTC',
          walletAddress: ADDRESS,
        },
      ]);
    },
  );

  it('GBP quotes on Faster Payments; a balance that covers the order pays from it', { timeout: 20_000 }, async () => {
    const { user, bodiesOf } = openBankBuy({
      routes: { [PATHS.listBalance]: () => ({ balances: [{ currency: 'GBP', assetType: 'fiat', available: '500' }] }) },
    });
    await formShown();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pay in' }), 'GBP');
    const funding = screen.getByRole('region', { name: 'Pay by bank transfer' });
    expect(await within(funding).findByText('500.00 GBP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('You spend (GBP)'), '100');
    await waitFor(() => expect(bodiesOf(PATHS.getQuote).at(-1)).toMatchObject({ channelCode: 'CLEAR_JUNCTION_FPS', fiatCurrency: 'GBP' }));
    expect(await within(funding).findByText(/Your balance covers this order/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const sheet = await confirmSheet();
    expect(within(sheet).getByText('From your GBP balance')).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Pay 100.00 GBP from balance' })).toBeInTheDocument();
  });

  it('the Deposit side shows the deposit instructions (the orders feature draws them) and asks no trade call', async () => {
    const { calls } = openBankBuy({ url: '/en/banktransfer-buy?type=deposit' });
    expect(await screen.findByText('The deposit side')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deposit', current: 'page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sell' })).toHaveAttribute('href', '/en/banktransfer-sell');
    // Only a bank transfer deposits: no card link.
    expect(screen.queryByRole('link', { name: /card/ })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('the card page leads to the bank-transfer pages', () => {
  it('Buy offers paying by bank transfer; Sell, selling to the balance', async () => {
    openTrade();
    await cardFormShown();
    expect(screen.getByRole('link', { name: 'Pay by bank transfer instead' })).toHaveAttribute('href', '/en/banktransfer-buy?type=buy');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Sell' }));
    expect(await screen.findByRole('link', { name: 'Sell to your balance instead' })).toHaveAttribute('href', '/en/banktransfer-sell');
  });
});

describe('bankTransferSideOf', () => {
  it('takes ?type= first, then the stored transaction type (buy), else a deposit', () => {
    expect(bankTransferSideOf('deposit', 'buy')).toBe('deposit');
    expect(bankTransferSideOf('buy', 'deposit')).toBe('buy');
    expect(bankTransferSideOf(null, 'buy')).toBe('buy');
    expect(bankTransferSideOf(null, 'deposit')).toBe('deposit');
    expect(bankTransferSideOf('sell', undefined)).toBe('deposit');
  });
});
