import { useId } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { useOrdersWaiting } from '../api/desk-api';
import { useTranslation } from '../texts';
import { cardClass, codeClass, itemClass, titleClass } from './desk-classes';
import { QueryBody, ScreenHeader } from './screen-parts';

/**
 * Orders waiting for an operator (docs/rules/operator-desk.md "Screens"): what
 * /operator/orders-awaiting-review and /operator/bank-suspense list, oldest first, never the person's wallet or card.
 */
export function OrdersWaitingScreen() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const waiting = useOrdersWaiting();
  const headingId = useId();
  const ordersId = useId();
  const creditsId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <ScreenHeader id={headingId} title={t('desk.orders.title')} intro={t('desk.orders.intro')} />
      <QueryBody query={waiting}>
        {(answer) => (
          <>
            <section aria-labelledby={ordersId} className={cardClass}>
              <h2 id={ordersId} className={titleClass}>
                {t('desk.orders.ordersTitle')}
              </h2>
              {answer.orders.length === 0 ? (
                <p className="text-sm text-muted">{t('desk.orders.none')}</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {answer.orders.map((order) => (
                    <li key={`${order.kind}:${order.orderId}`} className={itemClass}>
                      <p className="text-sm font-semibold text-fg">{t(`desk.orders.kinds.${order.kind}`)}</p>
                      <p className={codeClass}>{order.orderId}</p>
                      <p className="text-sm text-fg">
                        {t('desk.orders.amounts', {
                          fiat: `${order.fiatAmount} ${order.fiatCurrency}`,
                          crypto: `${order.cryptoAmount} ${order.cryptoCurrency}`,
                          network: order.network,
                        })}
                      </p>
                      <p className="text-sm text-fg">{t('desk.orders.state', { status: order.status, step: order.step })}</p>
                      <p className="text-sm break-words text-fg">{t('desk.orders.reason', { reason: order.reason })}</p>
                      {order.since ? (
                        <p className="text-xs text-muted">{t('desk.orders.since', { at: formatDateTime(order.since, lng) })}</p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby={creditsId} className={cardClass}>
              <h2 id={creditsId} className={titleClass}>
                {t('desk.orders.suspenseTitle')}
              </h2>
              {answer.suspenseCredits.length === 0 ? (
                <p className="text-sm text-muted">{t('desk.orders.suspenseNone')}</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {answer.suspenseCredits.map((credit) => (
                    <li key={credit.creditId} className={itemClass}>
                      <p className="text-sm font-semibold text-fg">
                        {t('desk.orders.credit', { amount: `${credit.amount} ${credit.currency}`, payer: credit.payerName })}
                      </p>
                      <p className="text-sm break-words text-fg">{t('desk.orders.reference', { reference: credit.reference })}</p>
                      <p className="text-sm text-fg">{t('desk.orders.reason', { reason: credit.reason })}</p>
                      <p className="text-xs text-muted">{t('desk.orders.received', { at: formatDateTime(credit.receivedAt, lng) })}</p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </QueryBody>
    </section>
  );
}

export default OrdersWaitingScreen;
