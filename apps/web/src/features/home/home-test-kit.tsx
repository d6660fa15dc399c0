import { type BuyEstimate, type CurrencyItem, type CurrencyPairItem, type LoginStatus, PATHS } from '@causeway/contracts';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@/test/render';
import { HEALTHY, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { HomePage } from './routes/home-page';

/** Test-only data and helpers of the start page tests. */

const fiat = (currency: string, name: string, sort: number): CurrencyItem => ({
  currency,
  name,
  assetType: 'fiat',
  decimals: 2,
  symbol: '',
  sort,
  networks: [],
});
const network = (code: string, networkName: string, decimals: number) => ({
  network: code,
  networkName,
  decimals,
  memoRequired: false,
  memoName: null,
});

export const CURRENCIES: CurrencyItem[] = [
  fiat('EUR', 'Euro', 1),
  fiat('GBP', 'Pound sterling', 2),
  fiat('AED', 'UAE dirham', 5),
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
];

const pair = (baseCurrency: string, cryptoCurrency: string, net: string, minAmount = '20', maxAmount = '20000'): CurrencyPairItem => ({
  baseCurrency,
  cryptoCurrency,
  network: net,
  minAmount,
  maxAmount,
  channels: ['CHECKOUT'],
  transactionTypes: ['buy'],
});

/** Card buys by fiat: AED has none (it is not sold by card), so it is not offered. */
export const PAIRS: Record<string, CurrencyPairItem[]> = {
  EUR: [pair('EUR', 'USDT', 'TRX'), pair('EUR', 'BTC', 'BTC'), pair('EUR', 'USDT', 'ETH')],
  GBP: [pair('GBP', 'BTC', 'BTC', '20', '17000')],
  AED: [],
};

export const SIGNED_OUT: LoginStatus = { isLogin: false, email: null, userType: null, mode: null, targetEntityTag: null };

/** What order/estimate-buy answers for 100 EUR of BTC, unless overridden. */
export const estimate = (overrides: Partial<BuyEstimate> = {}): BuyEstimate => ({
  indicative: true,
  transactionType: 'buy',
  channelCode: 'CHECKOUT',
  fiatCurrency: 'EUR',
  cryptoCurrency: 'BTC',
  network: 'BTC',
  fiatAmount: '100.00',
  cryptoAmount: '0.00150449',
  price: '63117.435142',
  referencePrice: '62492.51',
  fees: { ourFee: '2.50', ourFeeRate: '0.025', networkFee: '2.54', spread: '0.94', spreadRate: '0.01', total: '5.04' },
  minAmount: '20.00',
  maxAmount: '20000.00',
  pricedAt: '2026-11-21T12:00:00.000Z',
  ...overrides,
});

type Query = Record<string, string>;

/** Opens the start page at `url` (default /en) for a signed-out visitor, every call answered unless `routes` say otherwise. */
export function openHome({ url = '/en', routes = {} }: { url?: string; routes?: Record<string, Responder> } = {}) {
  const fake = routedHttpClient();
  // The routed client records a call before answering it: the last call carries the query.
  const query = () => (fake.calls.at(-1)?.options as { query: Query }).query;
  Object.assign(fake.routes, {
    [PATHS.checkLoginStatus]: () => SIGNED_OUT,
    [PATHS.health]: () => HEALTHY,
    [PATHS.listCurrency]: () => CURRENCIES,
    [PATHS.listCurrencyPairByBaseCurrency]: () => PAIRS[query().baseCurrency!] ?? [],
    [PATHS.estimateBuy]: () => {
      const asked = query();
      return estimate({
        fiatCurrency: asked.fiatCurrency,
        cryptoCurrency: asked.cryptoCurrency,
        network: asked.network,
        fiatAmount: asked.fiatAmount,
      });
    },
    ...routes,
  });
  const view = renderPage(<HomePage />, { path: '/:lng', url, client: fake.client });
  /** The queries order/estimate-buy was asked with, in order. */
  const estimatesAsked = () =>
    fake.calls.filter((call) => call.path === PATHS.estimateBuy).map((call) => (call.options as { query: Query }).query);
  return { ...view, ...fake, estimatesAsked, user: userEvent.setup() };
}
