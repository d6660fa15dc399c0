import { HISTORY_MAX_RANGE_DAYS } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '../texts';
import { Link, useNavigate, useParams } from 'react-router';
import { useAccountInfo, verificationStatusOf } from '@/lib/account-info';
import { useHttpClient } from '@/lib/http-context';
import { storedMode } from '@/lib/mode';
import { orderLinks } from '@/lib/order-links';
import { ErrorView, GradientButton, Spinner } from '@/ui';
import { cx } from '@/ui/class-names';
import { createOrdersApi } from '../api/orders-api';
import { lastDays, rangeTimes } from '../date-range';
import { errorViewContent } from '../error-content';
import { BalanceCard } from '../components/balance-card';
import { BankActivityList } from '../components/bank-activity-list';
import { textLinkClass } from '../components/link-classes';
import { OrderSummaryLine } from '../components/order-summary-line';

/** The dashboard lists this many of the latest orders. */
export const RECENT_ORDERS = 5;

/**
 * dashboard: the individual's home. A greeting with the account's email and its Verified or
 * Unverified badge (docs/rules/order-states.md), Buy crypto, the balances with Deposit and Withdraw,
 * the trading account's recent deposits and withdrawals, the latest orders of the past year (each
 * opens its result page) and the way to the full history.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const navigate = useNavigate();
  const client = useHttpClient();
  const api = useMemo(() => createOrdersApi(client), [client]);
  const account = useAccountInfo(storedMode(), { reportErrors: true });
  const recent = useQuery({
    queryKey: ['orders', 'recent'],
    // The longest range list-order accepts: the latest orders whenever they were.
    queryFn: ({ signal }) =>
      api.listOrder({ ...rangeTimes(lastDays(HISTORY_MAX_RANGE_DAYS)), pageNum: 1, pageSize: RECENT_ORDERS }, signal),
  });
  const recentError = recent.error;
  useEffect(() => {
    if (recentError) client.report(recentError);
  }, [client, recentError]);

  if (!account.data) {
    return account.isError ? (
      <ErrorView content={errorViewContent(account.error, t)} onRetry={() => void account.refetch()} />
    ) : (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label={t('orders.dashboard.loading')} />
      </div>
    );
  }
  const verified = verificationStatusOf(account.data) === 'Pass';

  return (
    <section aria-labelledby="dashboard-title" className="mx-auto flex w-full max-w-[640px] flex-col gap-6 py-6">
      <div className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-5">
        <h1 id="dashboard-title" className="text-2xl font-semibold text-fg">
          {t('orders.dashboard.greeting')}
        </h1>
        <p className="truncate text-sm text-muted" title={account.data.email}>
          {account.data.email}
        </p>
        <p>
          <span
            className={cx(
              'inline-block rounded-full px-2 py-0.5 text-xs font-medium',
              verified ? 'bg-success text-on-primary' : 'bg-surface-2 text-muted',
            )}
          >
            {t(verified ? 'orders.dashboard.verified' : 'orders.dashboard.unverified')}
          </span>
        </p>
        <GradientButton className="mt-2" fullWidth showContinueArrow onClick={() => void navigate(orderLinks.buy(lng))}>
          {t('orders.buyCrypto')}
        </GradientButton>
      </div>
      <BalanceCard lng={lng} />
      <BankActivityList />
      <section aria-labelledby="recent-title" className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-3">
          <h2 id="recent-title" className="text-lg font-semibold text-fg">
            {t('orders.dashboard.recent')}
          </h2>
          <Link to={orderLinks.history(lng)} className={textLinkClass}>
            {t('orders.dashboard.viewAll')}
          </Link>
        </div>
        {recent.data ? (
          recent.data.list.length === 0 ? (
            <p className="rounded-2xl border border-line bg-surface px-4 py-6 text-center text-sm text-muted">
              {t('orders.dashboard.noOrders')}
            </p>
          ) : (
            <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
              {recent.data.list.map((order) => (
                <li key={order.orderId}>
                  <Link to={orderLinks.result(lng, order.orderId)} className="flex px-4 py-3 hover:bg-surface-2 focus-visible:bg-surface-2">
                    <OrderSummaryLine order={order} />
                  </Link>
                </li>
              ))}
            </ul>
          )
        ) : recent.isError ? (
          <ErrorView headingLevel={3} className="py-4" content={errorViewContent(recentError, t)} onRetry={() => void recent.refetch()} />
        ) : (
          <div className="flex justify-center py-6">
            <Spinner size="md" label={t('orders.dashboard.loadingOrders')} />
          </div>
        )}
      </section>
    </section>
  );
}

export default DashboardPage;
