import { isOrderId } from '@causeway/contracts';
import { useTranslation } from '../texts';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorText } from '@/lib/http-errors';
import { orderLinks } from '@/lib/order-links';
import { ErrorView, GradientButton, Spinner } from '@/ui';
import { cx } from '@/ui/class-names';
import { textLinkClass } from '../components/link-classes';
import { OrderResultView } from '../components/order-result-view';
import { errorViewContent, isNoSuchOrder } from '../error-content';
import { BackToMerchant } from '../components/back-to-merchant';
import { useHostOrderEvents } from '../hooks/use-host-order-events';
import { useOrderPolling } from '../hooks/use-order-polling';

/**
 * result?orderId= (and result-webview, its bare variant for apps' embedded views): follows the
 * order by polling get-detail every 2 s until a final status and shows the view of its status.
 */
export function ResultPage({ webview = false }: { webview?: boolean }) {
  const [params] = useSearchParams();
  const raw = params.get('orderId');
  // An id that cannot be an order's is not worth a call: the page says so at once.
  const orderId = raw && isOrderId(raw) ? raw : null;
  // Keyed by the order: another order's id starts afresh instead of showing the last order meanwhile.
  return <OrderResult key={orderId ?? ''} orderId={orderId} webview={webview} />;
}

function OrderResult({ orderId, webview }: { orderId: string | null; webview: boolean }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const { detail, error, stalled, restart } = useOrderPolling(orderId);
  useHostOrderEvents(detail);
  const historyLink = (
    <Link to={orderLinks.history(lng, webview)} className={textLinkClass}>
      {t('orders.result.viewHistory')}
    </Link>
  );

  if (!orderId || (!detail && isNoSuchOrder(error))) {
    return <ErrorView title={t('orders.result.notFound.title')} content={t('orders.result.notFound.content')} footer={historyLink} />;
  }
  if (!detail) {
    return error !== undefined ? (
      <ErrorView content={errorViewContent(error, t)} onRetry={restart} footer={historyLink} />
    ) : (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label={t('orders.result.loading')} />
      </div>
    );
  }
  return (
    <>
      <OrderResultView detail={detail} lng={lng} webview={webview} />
      <BackToMerchant orderId={detail.orderId} status={detail.status} />
      {error !== undefined || stalled ? (
        <div className={cx('mx-auto mb-8 flex w-full max-w-[480px] flex-col gap-3', webview && 'px-4')}>
          <p role="alert" className="text-center text-sm text-fg">
            {error !== undefined ? errorText(error, t) : t('orders.result.stalled')}
          </p>
          <GradientButton variant="white" fullWidth onClick={restart}>
            {t('orders.result.checkAgain')}
          </GradientButton>
        </div>
      ) : null}
    </>
  );
}

export const ResultWebviewPage = () => <ResultPage webview />;

export default ResultPage;
