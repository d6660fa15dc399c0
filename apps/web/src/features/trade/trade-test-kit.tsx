import { PATHS } from '@causeway/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';
import type { Card, CurrencyItem, CurrencyPair, KycLimits, Quote, Wallet } from './api/trade-api';
import { TradePage } from './routes/trade-page';

/** Test-only data and helpers of the trade page tests. */

const fiat = (currency: string, sort: number): CurrencyItem => ({
  currency,
  name: currency === 'EUR' ? 'Euro' : 'Pound sterling',
  assetType: 'fiat',
  decimals: 2,
  symbol: '',
  sort,
  networks: [],
});
const network = (code: string, networkName: string, decimals: number, memoName: string | null = null) => ({
  network: code,
  networkName,
  decimals,
  memoRequired: memoName !== null,
  memoName,
});

export const CURRENCIES: CurrencyItem[] = [
  fiat('GBP', 2),
  fiat('EUR', 1),
  { currency: 'BTC', name: 'Bitcoin', assetType: 'crypto', decimals: 8, symbol: '₿', sort: 1, networks: [network('BTC', 'Bitcoin', 8)] },
  {
    currency: 'USDT',
    name: 'Tether USD',
    assetType: 'crypto',
    decimals: 6,
    symbol: '₮',
    sort: 3,
    networks: [network('ETH', 'Ethereum (ERC-20)', 6), network('TRX', 'Tron (TRC-20)', 6)],
  },
  {
    currency: 'XRP',
    name: 'XRP',
    assetType: 'crypto',
    decimals: 6,
    symbol: 'XRP',
    sort: 7,
    networks: [network('XRP', 'XRP Ledger', 6, 'Destination tag')],
  },
];

const pair = (baseCurrency: string, cryptoCurrency: string, net: string): CurrencyPair => ({
  baseCurrency,
  cryptoCurrency,
  network: net,
  minAmount: '20',
  maxAmount: '20000',
  channels: ['CHECKOUT'],
  transactionTypes: ['buy'],
});

export const PAIRS: Record<string, CurrencyPair[]> = {
  EUR: [pair('EUR', 'XRP', 'XRP'), pair('EUR', 'USDT', 'TRX'), pair('EUR', 'BTC', 'BTC'), pair('EUR', 'USDT', 'ETH')],
  GBP: [pair('GBP', 'BTC', 'BTC')],
};

/** Pairs Klarna also buys (the KLARNA channel): EUR and GBP of BTC, and EUR of USDT on Ethereum. Offered only when a test passes them. */
export const KLARNA_PAIRS: Record<string, CurrencyPair[]> = {
  EUR: [
    { ...pair('EUR', 'BTC', 'BTC'), channels: ['KLARNA'], minAmount: '35', maxAmount: '1500' },
    { ...pair('EUR', 'USDT', 'ETH'), channels: ['KLARNA'], minAmount: '35', maxAmount: '1500' },
  ],
  GBP: [{ ...pair('GBP', 'BTC', 'BTC'), channels: ['KLARNA'], minAmount: '35', maxAmount: '1500' }],
};

export const card = (overrides: Partial<Card> = {}): Card => ({
  cardId: 'crd_1',
  cardBin: '424242',
  cardLast4: '4242',
  issuerBank: null,
  country: 'DE',
  cardProcessor: 'VISA',
  expiryMonth: 12,
  expiryYear: 2099,
  enabled: true,
  maskedNumber: '4242 **** **** 4242',
  ...overrides,
});

export const wallet = (overrides: Partial<Wallet> = {}): Wallet => ({
  walletId: 'wal_1',
  cryptoCurrency: 'BTC',
  network: 'BTC',
  address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  memo: null,
  label: null,
  isDefault: true,
  holder: null,
  ...overrides,
});

/** A quote of 100 EUR of BTC, firm for 30 s, with the promotion applied, unless overridden. */
export const quote = (overrides: Partial<Quote> = {}): Quote => ({
  quoteId: 'qte_1',
  orderId: 'order',
  transactionType: 'buy',
  channelCode: 'CHECKOUT',
  paymentMethod: 'CARD',
  fiatCurrency: 'EUR',
  cryptoCurrency: 'BTC',
  network: 'BTC',
  fiatAmount: '100',
  cryptoAmount: '0.00158',
  price: '61234.5',
  referencePrice: '60600',
  fees: {
    ourFee: '0.99',
    ourFeeBeforeDiscount: '1.98',
    networkFee: '2.5',
    spread: '1',
    spreadRate: '0.01',
    discount: '0.99',
    total: '3.49',
  },
  promotionApplied: true,
  minAmount: '20',
  maxAmount: '20000',
  expiresAt: '2030-01-01T00:00:00Z',
  expiresInSeconds: 30,
  ...overrides,
});

export const limits = (availableAmount = '5000'): KycLimits => ({
  kycLevel: 1,
  userKycLimitVos: [
    { kycLevel: 1, period: 'DAILY', currency: 'EUR', limitAmount: '5000', usedAmount: '0', availableAmount, current: true },
  ],
});

/**
 * Opens the page at `url` (default /en/buy-crypto) with every call answered for a verified person, unless `routes` say otherwise.
 * `userOptions` go to userEvent.setup (tests on fake timers pass advanceTimers). `klarnaPairs`: the KLARNA channel's
 * pairs by fiat (none unless given: Klarna is not offered). `state`: the router state the page is opened with.
 */
export function openTrade({
  url = '/en/buy-crypto',
  path = '/:lng/buy-crypto',
  routes = {},
  userOptions,
  klarnaPairs = {},
  state,
}: {
  url?: string;
  /** The page's route pattern (the business portal's transaction page draws the card page too). */
  path?: string;
  routes?: Record<string, Responder>;
  userOptions?: Parameters<typeof userEvent.setup>[0];
  klarnaPairs?: Record<string, CurrencyPair[]>;
  state?: unknown;
} = {}) {
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
      const { baseCurrency, channelCode } = (fake.calls.at(-1)?.options as { query: { baseCurrency: string; channelCode?: string } }).query;
      return (channelCode === 'KLARNA' ? klarnaPairs : PAIRS)[baseCurrency] ?? [];
    },
    // With a pair asked, the person's room for it as the server says it: the pair's 20 to 20,000 cut to the 5,000 left today.
    [PATHS.kycLimits]: () => {
      const fiatCurrency = (fake.calls.at(-1)?.options as { query?: { fiatCurrency?: string } } | undefined)?.query?.fiatCurrency;
      return fiatCurrency ? { ...limits(), amountRange: { currency: fiatCurrency, minAmount: '20.00', maxAmount: '5000.00' } } : limits();
    },
    [PATHS.listCard]: () => ({ cards: [card()], maxCards: 5, addCardAvailableAt: null }),
    [PATHS.listWallet]: (body: { cryptoCurrency: string; network: string }) => ({ list: body.cryptoCurrency === 'BTC' ? [wallet()] : [] }),
    [PATHS.getPromotion]: () => ({ eligible: true, discountRate: '0.5', remainingTransactions: 3, totalTransactions: 3 }),
    [PATHS.getQuote]: () => quote(),
    [PATHS.authenticatorBindingStatus]: () => ({ bindStatus: 'NONE', otpStep: 'skip-otp', email: 'ann@example.com' }),
    ...routes,
  });
  const view = renderPage(<TradePage />, { path, url, client: fake.client, state });
  return { ...view, ...fake, user: userEvent.setup(userOptions) };
}

export const callsTo = <C extends { path: string }>(calls: C[], path: string) => calls.filter((c) => c.path === path);

/** The form is showing (every setup call answered). */
export const formShown = () => screen.findByRole('heading', { level: 1, name: 'Buy crypto' });

export const amountInput = () => screen.getByLabelText('You spend (EUR)');

export const landedOn = async () => (await screen.findByTestId('elsewhere')).textContent;
