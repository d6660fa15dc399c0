import type { OrderStatus } from '@causeway/contracts';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CheckCircleIcon, GradientButton, Spinner } from '@/ui';
import { cx } from '@/ui/class-names';
import { AlertIcon, InfoIcon } from '@/ui/icons';
import type { OrderDetail } from '../api/orders-api';
import { failReasonKey } from '../fail-reasons';
import { orderLinks } from '../order-links';
import { formatAmount } from '../order-format';
import { textLinkClass } from './link-classes';
import { CopyValue, DetailItem } from './copy-value';
import { ProcessingView } from './processing-view';

/** The view of each status: its texts and what sits under them. */
type ViewKind = 'submitted' | 'processing' | 'success' | 'failed' | 'expired' | 'expiredError' | 'partialAuth';
const VIEW_OF: Record<OrderStatus, ViewKind> = {
  OrderSubmitted: 'submitted',
  PROCESSING: 'processing',
  SUCCESS: 'success',
  BuySendSuccess: 'success',
  FAILED: 'failed',
  BuySendFailed: 'failed',
  EXPIRED: 'expired',
  EXPIRED_ERROR: 'expiredError',
  PARTIAL_AUTH: 'partialAuth',
};
const ICON_OF: Record<ViewKind, 'success' | 'danger' | 'info' | null> = {
  submitted: null,
  processing: null,
  success: 'success',
  failed: 'danger',
  expired: 'info',
  expiredError: 'info',
  partialAuth: 'danger',
};

export interface OrderResultViewProps {
  detail: OrderDetail;
  lng: string;
  /** result-webview: links stay among the webview pages and the buy buttons are left out (the host app owns buying). */
  webview: boolean;
}

/** One order's result (spec §4 statuses): a distinct view per status, the order id under every one. */
export function OrderResultView({ detail, lng, webview }: OrderResultViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const view = VIEW_OF[detail.status];
  const historyHref = orderLinks.history(lng, webview);
  const icon = ICON_OF[view];
  const tryAgain = !webview && (view === 'failed' || view === 'expired' || view === 'expiredError' || view === 'partialAuth');

  const body: Record<ViewKind, ReactNode> = {
    submitted: (
      <div className="flex flex-col items-center gap-4">
        <Spinner size="lg" className="text-primary" label={t('orders.result.submitted.title')} />
        {detail.threeDsUrl ? (
          <Link to={orderLinks.threeDs(lng, detail.threeDsUrl, detail.orderId, webview)} className={textLinkClass}>
            {t('orders.result.submitted.reopen')}
          </Link>
        ) : null}
      </div>
    ),
    processing: <ProcessingView detail={detail} historyHref={historyHref} />,
    success: <SuccessDetails detail={detail} />,
    failed: null,
    expired: null,
    expiredError: null,
    partialAuth: null,
  };
  const content = view === 'failed' ? t(failReasonKey(detail.failReason)) : view === 'processing' ? null : t(`orders.result.${view}.content`);

  return (
    <section aria-labelledby={titleId} className="mx-auto flex w-full max-w-[480px] flex-col gap-5 px-4 py-8">
      {icon ? <ResultIcon tone={icon} /> : null}
      <div className="flex flex-col gap-2 text-center">
        <h1 id={titleId} className="text-2xl font-semibold text-fg">{t(`orders.result.${view}.title`)}</h1>
        {content ? <p className="text-sm text-muted">{content}</p> : null}
      </div>
      {body[view]}
      <dl className="rounded-xl border border-line bg-surface px-4 pt-3">
        <CopyValue label={t('orders.orderId')} value={detail.orderId} />
      </dl>
      <div className="flex flex-col gap-3">
        {tryAgain ? <GradientButton fullWidth onClick={() => void navigate(orderLinks.buy(lng))}>{t('orders.result.tryAgain')}</GradientButton> : null}
        {view === 'success' && !webview ? (
          <GradientButton fullWidth onClick={() => void navigate(orderLinks.buy(lng))}>{t('orders.result.buyMore')}</GradientButton>
        ) : null}
        {view !== 'processing' ? <Link to={historyHref} className={textLinkClass}>{t('orders.result.viewHistory')}</Link> : null}
      </div>
    </section>
  );
}

/** SUCCESS: what arrived, where, and the transaction to look up. */
function SuccessDetails({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-center text-3xl font-semibold break-all text-fg">{formatAmount(detail.cryptoAmount, detail.cryptoCurrency)}</p>
      <dl className="flex flex-col gap-2 rounded-xl border border-line bg-surface px-4 py-3">
        <DetailItem label={t('orders.detail.paid')} value={formatAmount(detail.fiatAmount, detail.fiatCurrency)} />
        <DetailItem label={t('orders.detail.network')} value={detail.network} />
        <CopyValue label={t('orders.detail.address')} value={detail.walletAddress} />
        {detail.memo ? <DetailItem label={t('orders.detail.memo')} value={detail.memo} /> : null}
        {detail.txHash ? <CopyValue label={t('orders.detail.txHash')} value={detail.txHash} /> : null}
      </dl>
      <p className="text-center text-sm text-muted">{t('orders.result.success.arrival')}</p>
    </div>
  );
}

function ResultIcon({ tone }: { tone: 'success' | 'danger' | 'info' }) {
  const Icon = tone === 'success' ? CheckCircleIcon : tone === 'danger' ? AlertIcon : InfoIcon;
  return (
    <span className={cx('mx-auto flex size-16 items-center justify-center rounded-full bg-surface-2', tone === 'success' ? 'text-success' : tone === 'danger' ? 'text-danger' : 'text-info')}>
      <Icon className="size-9" />
    </span>
  );
}
