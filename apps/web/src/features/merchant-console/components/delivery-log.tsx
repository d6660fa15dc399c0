import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { formatDateTime } from '@/lib/date-format';
import { useApiMutation } from '@/lib/use-api-mutation';
import { showToast, Spinner } from '@/ui';
import { CONSOLE_KEYS, type Delivery, useDeliveries, useMerchantConsoleApi, type WebhookEndpoint } from '../api/merchant-console-api';
import { consoleErrorText, toastConsoleError } from '../console-errors';
import { useTranslation } from '../texts';
import { codeClass, smallButtonClass } from './console-classes';

const STATUS_LOOKS: Record<Delivery['status'], string> = {
  Pending: 'border border-line bg-surface-2 text-fg',
  Succeeded: 'bg-success text-on-primary',
  Failed: 'bg-danger text-on-primary',
};

/**
 * An endpoint's delivery log, newest first (docs/rules/merchant-webhooks.md): each message's event
 * type and status, every attempt (its time, the HTTP status or why there was none, how long it took)
 * and, while it is retried, the next attempt. Replay sends the message again to this endpoint; Refresh
 * reads the log again (a test or a replay is delivered a moment later).
 */
export function DeliveryLog({ merchantId, endpoint, id }: { merchantId: string; endpoint: WebhookEndpoint; id: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const api = useMerchantConsoleApi();
  const queries = useQueryClient();
  const log = useDeliveries(merchantId, endpoint.endpointId);
  const replay = useApiMutation({
    mutationFn: (delivery: Delivery) => api.replay({ merchantId, messageId: delivery.messageId, endpointId: endpoint.endpointId }),
    onSuccess: () => showToast({ message: t('merchantConsole.webhooks.log.replayed'), kind: 'success' }),
    onError: (error) => toastConsoleError(error, t),
    onSettled: () => queries.invalidateQueries({ queryKey: CONSOLE_KEYS.deliveries(merchantId, endpoint.endpointId) }),
  });
  const time = (iso: string | null) => formatDateTime(iso, i18n.language);

  let body;
  if (log.isError) {
    // Compact, inside the endpoint's card: Refresh above is the way to try again.
    body = (
      <p role="alert" className="text-sm text-danger">
        {consoleErrorText(log.error, t)}
      </p>
    );
  } else if (!log.data) {
    body = <Spinner className="self-center py-4" label={t('merchantConsole.loading')} />;
  } else if (log.data.deliveries.length === 0) {
    body = <p className="text-sm text-muted">{t('merchantConsole.webhooks.log.none')}</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-2" aria-labelledby={headingId}>
        {log.data.deliveries.map((delivery) => (
          <li key={delivery.deliveryId} className="flex min-w-0 flex-col gap-2 rounded-lg border border-line bg-surface p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className={`${codeClass} font-semibold`}>{delivery.eventType}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_LOOKS[delivery.status]}`}>
                {t(`merchantConsole.webhooks.log.status.${delivery.status}`)}
              </span>
            </div>
            <p className="text-xs break-all text-muted">{t('merchantConsole.webhooks.log.message', { id: delivery.messageId })}</p>
            {delivery.attempts.length === 0 ? (
              <p className="text-sm text-muted">{t('merchantConsole.webhooks.log.notTried')}</p>
            ) : (
              <ol className="flex flex-col gap-1 text-sm" aria-label={t('merchantConsole.webhooks.log.attempts')}>
                {delivery.attempts.map((attempt, index) => (
                  <li key={index} className="flex flex-wrap gap-x-3 gap-y-0.5 text-fg">
                    <span>{time(attempt.at)}</span>
                    <span className={attempt.statusCode !== null && attempt.statusCode < 300 ? 'text-success' : 'text-danger'}>
                      {attempt.statusCode !== null
                        ? t('merchantConsole.webhooks.log.answered', { code: attempt.statusCode })
                        : (attempt.error ?? '')}
                    </span>
                    <span className="text-muted">{t('merchantConsole.webhooks.log.duration', { ms: attempt.durationMs })}</span>
                  </li>
                ))}
              </ol>
            )}
            {delivery.nextAttemptAt ? (
              <p className="text-sm text-fg">{t('merchantConsole.webhooks.log.nextAttempt', { time: time(delivery.nextAttemptAt) })}</p>
            ) : null}
            <button
              type="button"
              className={`${smallButtonClass} self-start`}
              disabled={replay.isPending}
              aria-label={t('merchantConsole.webhooks.log.replayNamed', { event: delivery.eventType, id: delivery.messageId })}
              onClick={() => replay.mutate(delivery)}
            >
              {t('merchantConsole.webhooks.log.replay')}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section id={id} aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2 border-t border-line pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="text-sm font-semibold text-fg">
          {t('merchantConsole.webhooks.log.title')}
        </h4>
        <button
          type="button"
          className={smallButtonClass}
          aria-busy={log.isFetching || undefined}
          aria-label={t('merchantConsole.webhooks.log.refreshNamed', { url: endpoint.url })}
          onClick={() => void log.refetch()}
        >
          {t('merchantConsole.refresh')}
        </button>
      </div>
      {body}
    </section>
  );
}
