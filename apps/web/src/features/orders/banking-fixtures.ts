import { type BankActivity, type CurrencyItem, type FeatureSwitchItem, PATHS } from '@causeway/contracts';
import type { Balance, BankCurrency, BankTransferInstructions } from './hooks/use-banking';

/** Test-only answers of the trading-account calls (balance/list, bank-transfer/instructions) and their neighbours. */

const fiat = (currency: string, name: string, decimals: number, sort: number): CurrencyItem => ({
  currency,
  name,
  assetType: 'fiat',
  decimals,
  symbol: '',
  sort,
  networks: [],
});
const coin = (currency: string, name: string, decimals: number, sort: number): CurrencyItem => ({
  currency,
  name,
  assetType: 'crypto',
  decimals,
  symbol: '',
  sort,
  networks: [{ network: currency, networkName: name, decimals, memoRequired: false, memoName: null }],
});

/** list-currency: EUR before GBP, BTC (8 places) before USDT (6 places), JPY without minor units. */
export const BANKING_CATALOGUE: CurrencyItem[] = [
  fiat('GBP', 'Pound sterling', 2, 2),
  fiat('EUR', 'Euro', 2, 1),
  fiat('JPY', 'Japanese yen', 0, 3),
  coin('USDT', 'Tether USD', 6, 2),
  coin('BTC', 'Bitcoin', 8, 1),
];

export const balance = (currency: string, available: string, assetType: Balance['assetType'] = 'fiat'): Balance => ({
  currency,
  assetType,
  available,
});

/** feature-switch/query as the seed answers it, with deposit (and withdraw) on or off. */
export const featureSwitches = (deposit: boolean, withdraw = true): FeatureSwitchItem[] => [
  { label: 'buy', enable: true },
  { label: 'deposit', enable: deposit },
  { label: 'withdraw', enable: withdraw },
];

/** The person's own account at the bank, in EUR (SEPA) or GBP (Faster Payments). */
export function bankInstructions(currency: BankCurrency): BankTransferInstructions {
  const common = {
    accountName: 'Ann Example',
    bankName: 'Sandbox Bank',
    bankAddress: '1 Sandbox Street, London EC1A 1AA',
    reference: 'CW7K2M9QX',
    minimumAmount: currency === 'EUR' ? '1' : '10',
  };
  return currency === 'EUR'
    ? { ...common, currency, scheme: 'SEPA', iban: 'LT12 1000 0111 0100 1000', bic: 'SANDLT22', sortCode: null, accountNumber: null }
    : { ...common, currency, scheme: 'FPS', iban: null, bic: null, sortCode: '04-00-04', accountNumber: '12345678' };
}

/**
 * Responders of the calls every balance view makes: the catalogue, the switches, the balances, and
 * the dashboard's recent activity (`activity`, none unless given).
 */
export const bankingRoutes = ({ balances = [] as Balance[], deposit = true, withdraw = true, activity = [] as BankActivity[] } = {}) => ({
  [PATHS.listCurrency]: () => BANKING_CATALOGUE,
  [PATHS.featureSwitch]: () => featureSwitches(deposit, withdraw),
  [PATHS.listBalance]: () => ({ balances }),
  [PATHS.listBankActivity]: () => ({ items: activity }),
});
