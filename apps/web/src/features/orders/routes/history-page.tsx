import { ErrorCode } from '@causeway/contracts';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../texts';
import { Link, useParams } from 'react-router';
import { useHttpClient } from '@/lib/http-context';
import { isError } from '@/lib/http-errors';
import { useCryptoCatalogue } from '@/lib/network-names';
import { orderLinks } from '@/lib/order-links';
import { ErrorView, GradientButton, Spinner } from '@/ui';
import { cx } from '@/ui/class-names';
import { createOrdersApi, type ListOrderResult } from '../api/orders-api';
import { DEFAULT_RANGE_DAYS, lastDays, rangeProblem, rangeTimes } from '../date-range';
import { errorViewContent } from '../error-content';
import { HistoryFilters, type HistoryFilterValues } from '../components/history-filters';
import { textLinkClass } from '../components/link-classes';
import { OrderDetailsSheet } from '../components/order-details-sheet';
import { OrderSummaryLine } from '../components/order-summary-line';
import { STATUS_FILTERS } from '../order-format';

// Loaded on the first opening (issue 16's first-load budget): most visits only read the list.
const HistoryExportDialog = lazy(() => import('../components/history-export-dialog'));

/** The Export button beside the title: outlined, 44 px high (a finger's target). */
const exportButtonClass =
  'inline-flex min-h-11 shrink-0 items-center justify-center rounded-xl border border-primary px-4 text-sm font-semibold text-primary transition hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-focus';

/** Orders per list-order page; "Load more" asks for the next. */
export const HISTORY_PAGE_SIZE = 20;

/** HistoryRangeTooLong: the server's own 365-day rule, shown as the page's range message. */
const isRangeRefused = (error: unknown) => isError(error, ErrorCode.HistoryRangeTooLong);
const moreToLoad = (last: ListOrderResult) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined);

/**
 * history (and history-webview, the bare variant for apps' embedded views): the person's orders
 * with a date range (last 30 days by default, at most 365), a status group and a coin; 20 at a
 * time with Load more; a row opens its details in a sheet. Export (docs/rules/limits.md "History
 * export") opens its dialog; not in the webview, whose app cannot keep a downloaded file.
 */
export function HistoryPage({ webview = false }: { webview?: boolean }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const client = useHttpClient();
  const api = useMemo(() => createOrdersApi(client), [client]);
  const [filters, setFilters] = useState<HistoryFilterValues>(() => ({ range: lastDays(DEFAULT_RANGE_DAYS), status: 'all', coin: '' }));
  const [openOrderId, setOpenOrderId] = useState<string | null>(null);
  // Undefined until first opened; then the dialog stays mounted (closed or open), so an export in progress is kept.
  const [exportOpen, setExportOpen] = useState<boolean>();
  // Checked before calling (docs/rules/validation.md); the server checks again (ODR00001010).
  const problem = rangeProblem(filters.range);

  // The same catalogue the details sheet names networks by: asked once for both.
  const coins = useCryptoCatalogue();
  const orders = useInfiniteQuery<ListOrderResult, Error, InfiniteData<ListOrderResult>, readonly unknown[], number>({
    queryKey: ['orders', 'history', filters],
    queryFn: ({ pageParam, signal }) => {
      const statuses = STATUS_FILTERS[filters.status];
      return api.listOrder(
        {
          ...rangeTimes(filters.range),
          ...(statuses ? { statuses: [...statuses] } : {}),
          ...(filters.coin ? { cryptoCurrency: filters.coin } : {}),
          pageNum: pageParam,
          pageSize: HISTORY_PAGE_SIZE,
        },
        signal,
      );
    },
    initialPageParam: 1,
    getNextPageParam: moreToLoad,
    enabled: problem === null,
  });
  const { error } = orders;
  useEffect(() => {
    if (error && !isRangeRefused(error)) client.report(error);
  }, [client, error]);

  const rangeError =
    problem === 'tooLong' || isRangeRefused(error)
      ? t('orders.history.rangeTooLong')
      : problem
        ? t(`orders.history.range.${problem}`)
        : undefined;
  const list = orders.data?.pages.flatMap((page) => page.list) ?? [];

  let results: ReactNode;
  if (problem || isRangeRefused(error)) results = null;
  else if (orders.isError && list.length === 0)
    results = <ErrorView headingLevel={2} content={errorViewContent(error, t)} onRetry={() => void orders.refetch()} />;
  else if (orders.isPending)
    results = (
      <div className="flex justify-center py-10">
        <Spinner size="lg" label={t('orders.history.loading')} />
      </div>
    );
  else if (list.length === 0) {
    results = (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-base font-medium text-fg">{t('orders.history.empty')}</p>
        <p className="text-sm text-muted">{t('orders.history.emptyHint')}</p>
        {webview ? null : (
          <Link to={orderLinks.buy(lng)} className={textLinkClass}>
            {t('orders.buyCrypto')}
          </Link>
        )}
      </div>
    );
  } else {
    results = (
      <>
        <p className="text-xs text-muted">
          {t('orders.history.count', { shown: list.length, total: orders.data?.pages.at(-1)?.total ?? list.length })}
        </p>
        <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
          {list.map((order) => (
            <li key={order.orderId}>
              <button
                type="button"
                onClick={() => setOpenOrderId(order.orderId)}
                className="flex w-full px-4 py-3 hover:bg-surface-2 focus-visible:bg-surface-2"
              >
                <OrderSummaryLine order={order} />
              </button>
            </li>
          ))}
        </ul>
        {orders.isFetchNextPageError ? (
          <p role="alert" className="text-center text-sm text-danger">
            {errorViewContent(error, t) ?? t('common.somethingWentWrong')}
          </p>
        ) : null}
        {orders.hasNextPage ? (
          <GradientButton variant="white" fullWidth loading={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
            {t('orders.history.loadMore')}
          </GradientButton>
        ) : null}
      </>
    );
  }

  return (
    // The main layout pads the sides; history-webview's bare layout does not.
    <section aria-labelledby="history-title" className={cx('mx-auto flex w-full max-w-[640px] flex-col gap-5 py-6', webview && 'px-4')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="history-title" className="text-2xl font-semibold text-fg">
          {t('orders.history.title')}
        </h1>
        {webview ? null : (
          <button type="button" className={exportButtonClass} aria-haspopup="dialog" onClick={() => setExportOpen(true)}>
            {t('orders.history.export.button')}
          </button>
        )}
      </div>
      <HistoryFilters value={filters} onChange={setFilters} coins={coins.data ?? []} rangeError={rangeError} />
      {results}
      <OrderDetailsSheet orderId={openOrderId} onClose={() => setOpenOrderId(null)} lng={lng} webview={webview} />
      {exportOpen !== undefined ? (
        <Suspense fallback={null}>
          <HistoryExportDialog open={exportOpen} onClose={() => setExportOpen(false)} lng={lng} />
        </Suspense>
      ) : null}
    </section>
  );
}

export const HistoryWebviewPage = () => <HistoryPage webview />;

export default HistoryPage;
