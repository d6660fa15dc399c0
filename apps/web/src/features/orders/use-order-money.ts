import { useTranslation } from './texts';
import { useFiatDecimals } from '@/lib/fiat-decimals';
import { moneyFormats } from '@/lib/money-format';

/**
 * An order's figures in the page language, as the quote wrote them (lib/money-format): fiat with
 * its currency's minor units, crypto with every decimal the server sent, the price rounded to the
 * fiat's minor units.
 */
export function useOrderMoney() {
  const { i18n } = useTranslation();
  return moneyFormats(i18n.language, useFiatDecimals());
}
