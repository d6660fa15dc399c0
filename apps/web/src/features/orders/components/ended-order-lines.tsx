import { useTranslation } from '../texts';
import type { OrderDetail } from '../api/orders-api';
import { failReasonKey, moneyOutcomeKey } from '../fail-reasons';
import { isSell } from '../sell-format';
import { useOrderMoney } from '../use-order-money';

type EndedOrder = Pick<
  OrderDetail,
  'status' | 'fiatAmount' | 'fiatCurrency' | 'cryptoAmount' | 'cryptoCurrency' | 'failReason' | 'refunded' | 'transactionType'
> &
  Partial<Pick<OrderDetail, 'paymentMethod'>>;

/**
 * An order that ended (or is being stopped) without success, in words: what was asked for ("You
 * asked to buy 0.0004727 BTC for 30.00 EUR.", or to sell), why it stopped (`reason`), and what
 * becomes of the money (`money`: being returned, nothing charged, or refunded; for a sell, what
 * becomes of the crypto when its reason does not say it already). Its amounts are never shown as
 * paid, received or sold.
 */
export function EndedOrderLines({ order, reason, money }: { order: EndedOrder; reason: boolean; money: boolean }) {
  const { t } = useTranslation();
  const format = useOrderMoney();
  const fiat = format.fiat(order.fiatAmount, order.fiatCurrency);
  const moneyKey = money ? moneyOutcomeKey(order) : null;
  return (
    <>
      <p className="text-sm text-fg">
        {t(isSell(order) ? 'orders.outcome.askedSell' : 'orders.outcome.asked', {
          crypto: format.crypto(order.cryptoAmount, order.cryptoCurrency),
          fiat,
        })}
      </p>
      {reason ? <p className="text-sm text-danger">{t(failReasonKey(order.failReason))}</p> : null}
      {moneyKey ? <p className="text-sm text-fg">{t(moneyKey, { amount: fiat })}</p> : null}
    </>
  );
}
