import { useTranslation } from '../texts';
import { formatDateTime } from '@/lib/date-format';
import type { OrderSummary } from '../api/orders-api';
import { isNotBought, outcomeOf } from '../order-format';
import { useOrderMoney } from '../use-order-money';
import { StatusBadge } from './status-badge';

/** "Buy BTC" or "Sell BTC": what kind of order a row is. */
export const orderTitleKey = (transactionType: string) => `orders.type.${transactionType === 'sell' ? 'sell' : 'buy'}`;

/**
 * One order in a list (history, dashboard): what and when on the left, amounts and status on the
 * right; an order that did not go through shows what was asked for struck through, never as
 * bought. The caller wraps it in a button or a link, which gets this text as its name.
 */
export function OrderSummaryLine({ order }: { order: OrderSummary }) {
  const { t, i18n } = useTranslation();
  const money = useOrderMoney();
  const crypto = money.crypto(order.cryptoAmount, order.cryptoCurrency);
  const fiat = money.fiat(order.fiatAmount, order.fiatCurrency);
  return (
    <span className="flex w-full items-start justify-between gap-3 text-left">
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="text-sm font-medium text-fg">{t(orderTitleKey(order.transactionType), { coin: order.cryptoCurrency })}</span>
        <span className="text-xs text-muted">{formatDateTime(order.createdAt, i18n.language)}</span>
      </span>
      <span className="flex min-w-0 flex-col items-end gap-1">
        {isNotBought(outcomeOf(order)) ? (
          // Asked for, not bought: struck through and muted, and read as such (a struck line is not announced).
          <>
            <span className="sr-only">{t('orders.outcome.notBought', { crypto, fiat })}</span>
            <s aria-hidden="true" className="text-sm break-all text-muted">
              {crypto}
            </s>
            <s aria-hidden="true" className="text-xs break-all text-muted">
              {fiat}
            </s>
          </>
        ) : (
          <>
            <span className="text-sm font-medium break-all text-fg">{crypto}</span>
            <span className="text-xs break-all text-muted">{fiat}</span>
          </>
        )}
        <StatusBadge status={order.status} />
      </span>
    </span>
  );
}
