import { isOrderId } from '@causeway/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../texts';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useHttpClient } from '@/lib/http-context';
import { isOffline } from '@/lib/http-errors';
import { orderLinks } from '@/lib/order-links';
import { poll } from '@/lib/polling';
import { isInNativeWebview, notifyHost } from '@/lib/webview-bridge';
import { ErrorView, Spinner } from '@/ui';
import { createOrdersApi, type ThreeDsStatusResult } from '../api/orders-api';
import { textLinkClass } from '../components/link-classes';
import { errorViewContent } from '../error-content';

/** The bank's answer usually reaches the server before the person is back; a few looks cover the rest. */
export const THREE_DS_POLL_INTERVAL_MS = 2000;
export const THREE_DS_POLL_MAX_COUNT = 5;
export const THREE_DS_COMPLETE_MESSAGE = 'causeway:3ds-complete';

type ThreeDsStatus = ThreeDsStatusResult['threeDsStatus'];

/** Where the bank's check leads: a failed or expired check is a failed submit; anything else, the order's result. */
function destinationOf(lng: string, orderId: string, status: ThreeDsStatus): string {
  if (status === 'FAILED') return orderLinks.submitFail(lng, orderId, 'THREE_DS_FAILED');
  if (status === 'EXPIRED') return orderLinks.submitFail(lng, orderId, 'THREE_DS_EXPIRED');
  // SUCCEEDED, NOT_REQUIRED, or still PENDING after the looks: the result page keeps following the order.
  return orderLinks.result(lng, orderId);
}

/**
 * 3ds-callback?orderId= (webview=1 inside an embedded view): where the bank sends the person back
 * after its check. Asks get-3ds-status until the check is no longer PENDING (a few times), then
 * replaces itself with the result or order-submit-fail page. Inside an app's embedded view (a
 * React Native WebView, or an iframe told so with webview=1) it does not navigate: the host app
 * owns the screens after the bank's check, so it hears the order id and the check's status.
 */
export function ThreeDsCallbackPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const client = useHttpClient();
  const api = useMemo(() => createOrdersApi(client), [client]);
  const raw = params.get('orderId');
  const orderId = raw && isOrderId(raw) ? raw : null;
  const inWebview = params.get('webview') === '1' || isInNativeWebview();
  const [round, setRound] = useState(0);
  const [error, setError] = useState<unknown>();
  const [sentToHost, setSentToHost] = useState(false);

  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    let last: ThreeDsStatusResult | undefined;
    const finish = (status: ThreeDsStatus) => {
      if (inWebview) {
        notifyHost({ type: THREE_DS_COMPLETE_MESSAGE, orderId, threeDsStatus: status });
        setSentToHost(true);
      } else void navigate(destinationOf(lng, orderId, status), { replace: true });
    };
    poll({
      request: async (signal) => (last = await api.get3dsStatus(orderId, signal)),
      isDone: (answer) => answer.threeDsStatus !== 'PENDING',
      intervalMs: THREE_DS_POLL_INTERVAL_MS,
      maxCount: THREE_DS_POLL_MAX_COUNT,
      isRetryableError: isOffline,
      signal: controller.signal,
    }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        // Still PENDING after every look (or offline at the end): the order decides from here.
        finish(answer?.threeDsStatus ?? last?.threeDsStatus ?? 'PENDING');
      },
      (failure: unknown) => {
        client.report(failure);
        setError(failure);
      },
    );
    return () => controller.abort();
  }, [api, client, inWebview, lng, navigate, orderId, round]);

  if (!orderId) return <ErrorView title={t('orders.result.notFound.title')} content={t('orders.result.notFound.content')} />;
  if (error !== undefined) {
    return (
      <ErrorView
        content={errorViewContent(error, t)}
        onRetry={() => {
          setError(undefined);
          setRound((value) => value + 1);
        }}
        footer={
          inWebview ? undefined : (
            <Link to={orderLinks.result(lng, orderId)} className={textLinkClass}>
              {t('orders.threeDs.viewOrder')}
            </Link>
          )
        }
      />
    );
  }
  return (
    <section className="mx-auto flex min-h-[60vh] w-full max-w-[420px] flex-col items-center justify-center gap-4 px-4 text-center">
      {sentToHost ? null : <Spinner size="lg" className="text-primary" label={t('orders.threeDs.checking')} />}
      <h1 className="text-xl font-semibold text-fg">{t(sentToHost ? 'orders.threeDs.doneTitle' : 'orders.threeDs.checking')}</h1>
      {sentToHost ? <p className="text-sm text-muted">{t('orders.threeDs.doneContent')}</p> : null}
    </section>
  );
}

export default ThreeDsCallbackPage;
