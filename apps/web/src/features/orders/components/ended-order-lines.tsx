import { useTranslation } from '../texts';
import type { OrderDetail } from '../api/orders-api';
import { failReasonKey, moneyOutcomeKey } from '../fail-reasons';
import { useOrderMoney } from '../use-order-money';

type EndedOrder = Pick<
  OrderDetail,
  'status' | 'fiatAmount' | 'fiatCurrency' | 'cryptoAmount' | 'cryptoCurrency' | 'failReason' | 'refunded'
>;

/**
 * An order that ended (or is being stopped) without success, in words: what was asked for ("You
 * asked to buy 0.0004727 BTC for 30.00 EUR."), why it stopped (`reason`), and what becomes of the
 * money (`money`: being returned, nothing charged, or refunded). Its amounts are never shown as
 * paid or received.
 */
export function EndedOrderLines({ order, reason, money }: { order: EndedOrder; reason: boolean; money: boolean }) {
  const { t } = useTranslation();
  const format = useOrderMoney();
  const fiat = format.fiat(order.fiatAmount, order.fiatCurrency);
  return (
    <>
      <p className="text-sm text-fg">
        {t('orders.outcome.asked', { crypto: format.crypto(order.cryptoAmount, order.cryptoCurrency), fiat })}
      </p>
      {reason ? <p className="text-sm text-danger">{t(failReasonKey(order.failReason))}</p> : null}
      {money ? <p className="text-sm text-fg">{t(moneyOutcomeKey(order), { amount: fiat })}</p> : null}
    </>
  );
}
