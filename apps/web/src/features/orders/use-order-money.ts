import { useTranslation } from 'react-i18next';
import { useFiatDecimals } from '@/lib/fiat-decimals';
import { formatCryptoAmount, formatFiatAmount, formatPrice } from '@/lib/money-format';

/**
 * An order's figures in the page language, as the quote wrote them (lib/money-format): fiat with
 * its currency's minor units, crypto with every decimal the server sent, the price rounded to the
 * fiat's minor units.
 */
export function useOrderMoney() {
  const { i18n } = useTranslation();
  const fiatDecimals = useFiatDecimals();
  const lng = i18n.language;
  return {
    fiat: (amount: string, currency: string) => formatFiatAmount(amount, currency, lng, fiatDecimals(currency)),
    crypto: (amount: string, currency: string) => formatCryptoAmount(amount, currency, lng),
    price: (price: string, fiatCurrency: string) => formatPrice(price, fiatCurrency, lng, fiatDecimals(fiatCurrency)),
  };
}
