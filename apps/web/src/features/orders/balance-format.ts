import type { Balance, CurrencyItem } from '@causeway/contracts';
import { useCurrencyCatalogue } from '@/lib/currency-catalogue';
import { fiatDecimalsOf, formatCryptoAmount, formatFiatAmount } from '@/lib/money-format';
import { useTranslation } from './texts';

/** The places of a crypto balance: the catalogue's asset precision, else every decimal it has. */
const CRYPTO_DECIMALS_UNKNOWN = 18;

/**
 * Balances as the dashboard lists them: fiat first, then crypto; each kind in the catalogue's order
 * (list-currency's sort), then by code, so the list reads the same whatever order the server sent.
 */
export function sortBalances(balances: readonly Balance[], catalogue: readonly CurrencyItem[] = []): Balance[] {
  const rank = (balance: Balance) => catalogue.find((item) => item.currency === balance.currency)?.sort ?? Number.MAX_SAFE_INTEGER;
  const kind = (balance: Balance) => (balance.assetType === 'fiat' ? 0 : 1);
  return [...balances].sort((a, b) => kind(a) - kind(b) || rank(a) - rank(b) || a.currency.localeCompare(b.currency));
}

/**
 * "1,250.50 EUR", "0.00412 BTC": a balance in the page language with its currency's decimals from
 * the catalogue (a fiat's minor units, a coin's precision), cut, never rounded up: a balance never
 * shows more than is there (lib/decimal formatAmount).
 */
export function formatBalance(amount: string, currency: string, assetType: Balance['assetType'], lng: string, catalogue?: CurrencyItem[]) {
  if (assetType === 'fiat') return formatFiatAmount(amount, currency, lng, fiatDecimalsOf(currency, catalogue));
  const decimals = catalogue?.find((item) => item.assetType === 'crypto' && item.currency === currency)?.decimals;
  return formatCryptoAmount(amount, currency, lng, decimals ?? CRYPTO_DECIMALS_UNKNOWN);
}

/** {@link formatBalance} and {@link sortBalances} bound to the page language and the shared catalogue. */
export function useBalanceFormat() {
  const { i18n } = useTranslation();
  const catalogue = useCurrencyCatalogue();
  return {
    format: (balance: Pick<Balance, 'available' | 'currency' | 'assetType'>) =>
      formatBalance(balance.available, balance.currency, balance.assetType, i18n.language, catalogue.data),
    sort: (balances: readonly Balance[]) => sortBalances(balances, catalogue.data),
    /** "Euro": the catalogue's name of a currency, its code while the catalogue is missing. */
    nameOf: (currency: string) => catalogue.data?.find((item) => item.currency === currency)?.name || currency,
  };
}
