import { isOrderId } from '@causeway/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../texts';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useHttpClient } from '@/lib/http-context';
import { leaveAppFor } from '@/lib/leave-app';
import { orderLinks } from '@/lib/order-links';
import { ErrorView, Spinner } from '@/ui';
import { createOrdersApi, type ThreeDsStatusResult } from '../api/orders-api';
import { errorViewContent } from '../error-content';

/**
 * The bank's check page we may send a browser to: https, or plain http on our own origin only
 * (the sandbox processor's page, on a local http server); never with user:password@ (the
 * "https://bank.example@evil.example" disguise). A relative URL (the sandbox's page) is resolved
 * against this page's origin first.
 */
export function safeThreeDsUrl(raw: string | null, base = window.location.origin): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, base);
    const isOwnOrigin = url.origin === new URL(base).origin;
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isOwnOrigin)) return null;
    if (url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * 3ds?orderId= (and 3ds-webview, the same for apps' embedded views): says it is opening the bank's
 * check and moves the browser there. The check's URL is the one the server holds for the order
 * (get-3ds-status), never the `3dsUrl` of the query string: a query anyone can write would make
 * this page an open redirect to any site. A check no longer pending goes to the order's result.
 */
export function ThreeDsPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const [params] = useSearchParams();
  const client = useHttpClient();
  const api = useMemo(() => createOrdersApi(client), [client]);
  const raw = params.get('orderId');
  const orderId = raw && isOrderId(raw) ? raw : null;
  const [status, setStatus] = useState<ThreeDsStatusResult>();
  const [error, setError] = useState<unknown>();
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    api.get3dsStatus(orderId, controller.signal).then(setStatus, (failure: unknown) => {
      if (controller.signal.aborted) return;
      client.report(failure);
      setError(failure);
    });
    return () => controller.abort();
  }, [api, client, orderId, round]);

  const target = status?.threeDsStatus === 'PENDING' ? safeThreeDsUrl(status.threeDsUrl) : null;
  // Once, also under React's development double effects.
  const left = useRef(false);
  useEffect(() => {
    if (!target || left.current) return;
    left.current = true;
    leaveAppFor(target);
  }, [target]);

  const invalid = <ErrorView title={t('orders.threeDs.invalidTitle')} content={t('orders.threeDs.invalidContent')} />;
  if (!orderId) return invalid;
  if (error !== undefined) {
    return (
      <ErrorView
        content={errorViewContent(error, t)}
        onRetry={() => {
          setError(undefined);
          setRound((value) => value + 1);
        }}
      />
    );
  }
  if (status && status.threeDsStatus !== 'PENDING') return <Navigate to={orderLinks.result(lng, orderId)} replace />;
  if (status && !target) return invalid;
  return (
    <section className="mx-auto flex min-h-[60vh] w-full max-w-[420px] flex-col items-center justify-center gap-4 px-4 text-center">
      <Spinner size="lg" className="text-primary" label={t('orders.threeDs.opening')} />
      <h1 className="text-xl font-semibold text-fg">{t('orders.threeDs.opening')}</h1>
      <p className="text-sm text-muted">{t('orders.threeDs.explain')}</p>
      {/* If the browser blocks or stalls the move, the person can follow the link themselves. */}
      {target ? (
        <a href={target} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('orders.threeDs.continue')}
        </a>
      ) : null}
    </section>
  );
}

export default ThreeDsPage;
