import { useTranslation } from '../texts';
import { formatDateTime } from '@/lib/date-format';
import type { OrderSummary } from '../api/orders-api';
import { isNotBought, outcomeOf } from '../order-format';
import { isSell, sellLineKey } from '../sell-format';
import { useOrderMoney } from '../use-order-money';
import { StatusBadge } from './status-badge';

/** "Buy BTC" or "Sell BTC": what kind of order a row is. */
export const orderTitleKey = (transactionType: string) => `orders.type.${transactionType === 'sell' ? 'sell' : 'buy'}`;

/**
 * One order in a list (history, dashboard): what and when on the left, amounts and status on the
 * right; an order that did not go through shows what was asked for struck through, never as
 * bought. The caller wraps it in a button or a link, which gets this text as its name.
 *
 * A sell shows what reached the card first (the fiat), then the crypto it sold, and reads as one
 * sentence to a screen reader ("Sold 0.01 BTC for 96.52 EUR", "Not sold: ...").
 */
export function OrderSummaryLine({ order }: { order: OrderSummary }) {
  const { t, i18n } = useTranslation();
  const money = useOrderMoney();
  const crypto = money.crypto(order.cryptoAmount, order.cryptoCurrency);
  const fiat = money.fiat(order.fiatAmount, order.fiatCurrency);
  const outcome = outcomeOf(order);
  const sell = isSell(order);
  const [first, second] = sell ? [fiat, crypto] : [crypto, fiat];
  return (
    <span className="flex w-full items-start justify-between gap-3 text-left">
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="text-sm font-medium text-fg">{t(orderTitleKey(order.transactionType), { coin: order.cryptoCurrency })}</span>
        <span className="text-xs text-muted">{formatDateTime(order.createdAt, i18n.language)}</span>
      </span>
      <span className="flex min-w-0 flex-col items-end gap-1">
        {sell ? <span className="sr-only">{t(sellLineKey(outcome, order.failReason), { crypto, fiat })}</span> : null}
        {isNotBought(outcome) ? (
          // Asked for, not bought (or sold): struck through and muted, and read as such (a struck line is not announced).
          <>
            {sell ? null : <span className="sr-only">{t('orders.outcome.notBought', { crypto, fiat })}</span>}
            <s aria-hidden="true" className="text-sm break-all text-muted">
              {first}
            </s>
            <s aria-hidden="true" className="text-xs break-all text-muted">
              {second}
            </s>
          </>
        ) : (
          // A sell's amounts are read in its sentence above; a buy's as they stand.
          <>
            <span aria-hidden={sell ? 'true' : undefined} className="text-sm font-medium break-all text-fg">
              {first}
            </span>
            <span aria-hidden={sell ? 'true' : undefined} className="text-xs break-all text-muted">
              {second}
            </span>
          </>
        )}
        <StatusBadge status={order.status} transactionType={order.transactionType} />
      </span>
    </span>
  );
}
