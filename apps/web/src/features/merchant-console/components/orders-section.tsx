import { MERCHANT_ORDERS_PAGE_SIZE } from '@causeway/contracts';
import { useId } from 'react';
import { formatDateTime } from '@/lib/date-format';
import { fiatDecimalsOf, formatCryptoAmount, formatFiatAmount } from '@/lib/money-format';
import { ErrorView, Spinner } from '@/ui';
import { type MerchantOrder, useOrders } from '../api/merchant-console-api';
import { consoleErrorText } from '../console-errors';
import { useTranslation } from '../texts';
import { cardClass, codeClass, itemClass, sectionTitleClass, smallButtonClass } from './console-classes';

/**
 * The merchant's orders, newest first, 20 a page (the page is the URL's, so it can be bookmarked): each
 * as a card (a table would not fit 360 px) with its date, ids, side, status, amounts and network. The
 * amounts are the server's decimal strings, written without ever becoming JavaScript numbers.
 */
export function OrdersSection({ merchantId, page, onPage }: { merchantId: string; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const orders = useOrders(merchantId, page);
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / MERCHANT_ORDERS_PAGE_SIZE)) : 1;

  let body;
  if (orders.isError) {
    body = <ErrorView headingLevel={3} content={consoleErrorText(orders.error, t)} onRetry={() => void orders.refetch()} />;
  } else if (!orders.data) {
    body = <Spinner size="lg" className="self-center py-6" label={t('merchantConsole.loading')} />;
  } else if (orders.data.orders.length === 0) {
    body = <p className="text-sm text-muted">{t('merchantConsole.orders.none')}</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-2" aria-labelledby={headingId} aria-busy={orders.isPlaceholderData || undefined}>
        {orders.data.orders.map((order) => (
          <OrderCard key={order.orderId} order={order} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={sectionTitleClass}>
        {t('merchantConsole.orders.title')}
      </h2>
      <p className="text-sm text-muted">
        {t('merchantConsole.orders.intro')}
        {orders.data ? ` ${t('merchantConsole.orders.total', { total: orders.data.total })}` : ''}
      </p>
      {body}
      {pages > 1 ? (
        <nav aria-label={t('merchantConsole.orders.pages')} className="flex flex-wrap items-center justify-between gap-2">
          <button type="button" className={smallButtonClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('merchantConsole.orders.previous')}
          </button>
          <span className="text-sm text-fg" aria-live="polite">
            {t('merchantConsole.orders.page', { page, pages })}
          </span>
          <button type="button" className={smallButtonClass} disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t('merchantConsole.orders.next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}

/** One order as a card: a definition list that takes two columns where there is room. */
function OrderCard({ order }: { order: MerchantOrder }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const rows: Array<[string, string, boolean?]> = [
    [t('merchantConsole.orders.orderId'), order.orderId, true],
    [t('merchantConsole.orders.tranId'), order.tranId ?? '—', true],
    [t('merchantConsole.orders.side'), t(`merchantConsole.orders.sides.${order.side}`)],
    [t('merchantConsole.orders.status'), order.status],
    [t('merchantConsole.orders.fiat'), formatFiatAmount(order.fiatAmount, order.fiatCurrency, lng, fiatDecimalsOf(order.fiatCurrency))],
    [t('merchantConsole.orders.crypto'), formatCryptoAmount(order.cryptoAmount, order.cryptoCurrency, lng)],
    [t('merchantConsole.orders.network'), order.network],
  ];
  return (
    <li className={itemClass}>
      <p className="text-sm font-medium text-fg">
        <span className="sr-only">{t('merchantConsole.orders.date')}: </span>
        {formatDateTime(order.createdAt, lng)}
      </p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        {rows.map(([label, value, code]) => (
          <div key={label} className="flex min-w-0 flex-col">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className={code ? codeClass : 'text-sm break-words text-fg'}>{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
