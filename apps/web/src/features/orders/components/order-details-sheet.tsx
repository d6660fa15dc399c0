import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from '../texts';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { useHttpClient } from '@/lib/http-context';
import { useNetworkName } from '@/lib/network-names';
import { orderLinks } from '@/lib/order-links';
import { ErrorView, Sheet, Spinner } from '@/ui';
import { createOrdersApi, type OrderDetail } from '../api/orders-api';
import { errorViewContent } from '../error-content';
import { isNotBought, outcomeOf } from '../order-format';
import { isSell } from '../sell-format';
import { useOrderMoney } from '../use-order-money';
import { CopyValue, DetailItem } from './copy-value';
import { EndedOrderLines } from './ended-order-lines';
import { OrderFees } from './order-fees';
import { textLinkClass } from './link-classes';
import { cardText, receivedMoreThanSold } from './sell-result-details';
import { StatusBadge } from './status-badge';

export interface OrderDetailsSheetProps {
  /** The order shown; null keeps the sheet closed. */
  orderId: string | null;
  onClose: () => void;
  lng: string;
  webview: boolean;
}

/**
 * A history row's details (get-detail): amounts, itemised fees, price, card, address, hash, times and
 * status. A sell reads as one: what was sold and paid to which card, the address the crypto was sent
 * to and what arrived there.
 */
export function OrderDetailsSheet({ orderId, onClose, lng, webview }: OrderDetailsSheetProps) {
  const { t } = useTranslation();
  const client = useHttpClient();
  const api = useMemo(() => createOrdersApi(client), [client]);
  const detail = useQuery({
    queryKey: ['orders', 'detail', orderId],
    queryFn: ({ signal }) => api.getDetail(orderId as string, signal),
    enabled: orderId !== null,
  });
  const { error } = detail;
  useEffect(() => {
    if (error) client.report(error);
  }, [client, error]);

  return (
    <Sheet open={orderId !== null} onOpenChange={(open) => !open && onClose()} title={t('orders.detail.title')}>
      {detail.data ? (
        <DetailBody order={detail.data} lng={lng} webview={webview} />
      ) : detail.isError ? (
        <ErrorView headingLevel={2} className="py-4" content={errorViewContent(error, t)} onRetry={() => void detail.refetch()} />
      ) : (
        <div className="flex justify-center py-8">
          <Spinner size="lg" label={t('orders.detail.loading')} />
        </div>
      )}
    </Sheet>
  );
}

function DetailBody({ order, lng, webview }: { order: OrderDetail; lng: string; webview: boolean }) {
  const { t, i18n } = useTranslation();
  const money = useOrderMoney();
  const networkName = useNetworkName();
  const outcome = outcomeOf(order);
  const titleId = useId();
  const sell = isSell(order);
  const done = outcome === 'done';
  // When it ended: "Completed" only for an order that completed.
  const endedLabel = done ? t('orders.detail.completed') : t('orders.detail.ended');
  const fiatLine = (
    <DetailItem
      label={t(sell ? (done ? 'orders.detail.paidOut' : 'orders.detail.payingOut') : done ? 'orders.detail.paid' : 'orders.detail.paying')}
      value={money.fiat(order.fiatAmount, order.fiatCurrency)}
    />
  );
  const cryptoLine = (
    <DetailItem
      label={t(
        sell ? (done ? 'orders.detail.sold' : 'orders.detail.selling') : done ? 'orders.detail.received' : 'orders.detail.receiving',
      )}
      value={money.crypto(order.cryptoAmount, order.cryptoCurrency)}
    />
  );
  const receivedAmount = sell ? order.deposit?.receivedAmount : null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <StatusBadge status={order.status} transactionType={order.transactionType} />
        <span className="text-xs text-muted">{formatDateTime(order.createdAt, i18n.language)}</span>
      </div>
      {isNotBought(outcome) ? (
        // Not paid, not received: what was asked for, why it stopped, and what becomes of the money
        // (also while a stopping order is still PROCESSING: its refund or release is running).
        <section aria-labelledby={titleId} className="flex flex-col gap-2 rounded-xl border border-line bg-surface px-3 py-3">
          <h3 id={titleId} className="text-sm font-semibold text-fg">
            {t('orders.outcome.title')}
          </h3>
          <EndedOrderLines order={order} reason money />
        </section>
      ) : (
        <>
          {/* A buy: what was paid, then what it bought; a sell: what was sold, then what reached the card. */}
          <dl className="flex flex-col">
            {sell ? cryptoLine : fiatLine}
            {sell ? fiatLine : cryptoLine}
            <DetailItem
              label={t('orders.detail.price')}
              value={t('orders.detail.priceValue', { coin: order.cryptoCurrency, price: money.price(order.price, order.fiatCurrency) })}
            />
          </dl>
          <OrderFees order={order} />
        </>
      )}
      {sell && receivedMoreThanSold(order) ? <p className="text-sm text-fg">{t('orders.outcome.overReceived')}</p> : null}
      <dl className="flex flex-col gap-2">
        {order.card ? (
          <DetailItem label={t(sell ? 'orders.detail.payoutCard' : 'orders.detail.card')} value={cardText(order.card)} />
        ) : null}
        <DetailItem label={t('orders.detail.network')} value={networkName(order.cryptoCurrency, order.network)} />
        {/* A sell's address is the one made for the order, where the person sent the crypto. */}
        <CopyValue
          label={t(sell ? 'orders.deposit.address' : 'orders.detail.address')}
          value={(sell ? order.deposit?.address : null) ?? order.walletAddress}
        />
        {order.memo ? <DetailItem label={t('orders.detail.memo')} value={order.memo} /> : null}
        {order.travelRule ? (
          <DetailItem
            label={t('orders.detail.walletHeldBy')}
            value={order.travelRule.walletType === 'VASP' ? (order.travelRule.vaspName ?? '') : t('orders.detail.selfHosted')}
          />
        ) : null}
        {receivedAmount ? (
          <DetailItem label={t('orders.detail.cryptoReceived')} value={money.crypto(receivedAmount, order.cryptoCurrency)} />
        ) : null}
        {order.txHash ? <CopyValue label={t('orders.detail.txHash')} value={order.txHash} /> : null}
        <DetailItem label={t('orders.detail.created')} value={formatDateTime(order.createdAt, i18n.language)} />
        {order.completedAt ? <DetailItem label={endedLabel} value={formatDateTime(order.completedAt, i18n.language)} /> : null}
        <CopyValue label={t('orders.orderId')} value={order.orderId} />
      </dl>
      <Link to={orderLinks.result(lng, order.orderId, webview)} className={textLinkClass}>
        {t('orders.detail.openOrder')}
      </Link>
    </div>
  );
}
