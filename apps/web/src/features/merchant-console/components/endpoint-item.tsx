import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDateTime } from '@/lib/date-format';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ConfirmDialog, showToast } from '@/ui';
import { CONSOLE_KEYS, useMerchantConsoleApi, type WebhookEndpoint } from '../api/merchant-console-api';
import { toastConsoleError } from '../console-errors';
import { useTranslation } from '../texts';
import { useSecondFactor } from '../use-second-factor';
import { codeClass, itemClass, smallButtonClass } from './console-classes';
import { DeliveryLog } from './delivery-log';
import { SecretDialog, type ShownSecret } from './secret-dialog';

/**
 * One webhook endpoint: its URL and description, an on/off switch, Send test event (then its log opens,
 * read again), Rotate secret (asked first, then the authenticator code when one is bound; the new
 * secret is shown once) and its delivery log, shown on demand.
 */
export function EndpointItem({ merchantId, endpoint }: { merchantId: string; endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation();
  const api = useMerchantConsoleApi();
  const queries = useQueryClient();
  const secondFactor = useSecondFactor();
  const logId = useId();
  const [logOpen, setLogOpen] = useState(false);
  const [confirmingRotate, setConfirmingRotate] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const readLogAgain = () => queries.invalidateQueries({ queryKey: CONSOLE_KEYS.deliveries(merchantId, endpoint.endpointId) });
  const ref = { merchantId, endpointId: endpoint.endpointId };

  const toggle = useApiMutation({
    mutationFn: (enabled: boolean) => api.setEndpointEnabled({ ...ref, enabled }),
    onSuccess: (_, enabled) => {
      // The list says the new state at once, rather than the old one until it is read again.
      queries.setQueryData(
        CONSOLE_KEYS.endpoints(merchantId),
        (list: { endpoints: WebhookEndpoint[] } | undefined) =>
          list && { endpoints: list.endpoints.map((item) => (item.endpointId === endpoint.endpointId ? { ...item, enabled } : item)) },
      );
      showToast({ message: t(enabled ? 'merchantConsole.webhooks.switchedOn' : 'merchantConsole.webhooks.switchedOff'), kind: 'success' });
    },
    onError: (error) => toastConsoleError(error, t),
    onSettled: () => queries.invalidateQueries({ queryKey: CONSOLE_KEYS.endpoints(merchantId) }),
  });
  const test = useApiMutation({
    mutationFn: () => api.sendTest(ref),
    onSuccess: () => {
      showToast({ message: t('merchantConsole.webhooks.testSent'), kind: 'success' });
      setLogOpen(true);
      void readLogAgain();
    },
    onError: (error) => toastConsoleError(error, t),
  });
  const rotate = useApiMutation({
    mutationFn: () => secondFactor.run((factor) => api.rotateEndpointSecret({ ...ref, ...factor })),
    onSuccess: (answer) => {
      if (!answer) return;
      setShown({
        title: t('merchantConsole.webhooks.rotatedTitle', { url: endpoint.url }),
        warning: t('merchantConsole.secret.webhookOnce'),
        secret: answer.secret,
      });
      showToast({ message: t('merchantConsole.webhooks.rotated'), kind: 'success' });
    },
    onError: (error) => toastConsoleError(error, t),
  });
  // The switch shows the state asked for while the change is on its way.
  const enabled = toggle.isPending ? toggle.variables : endpoint.enabled;

  return (
    <li className={itemClass}>
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className={`${codeClass} font-semibold`}>{endpoint.url}</h3>
        {endpoint.description ? <p className="text-sm break-words text-fg">{endpoint.description}</p> : null}
        <p className="text-xs text-muted">
          {t('merchantConsole.webhooks.createdAt', { time: formatDateTime(endpoint.createdAt, i18n.language) })}
        </p>
      </div>
      <label className="flex min-h-10 items-center gap-3 self-start text-sm text-fg">
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-label={t('merchantConsole.webhooks.enabledNamed', { url: endpoint.url })}
          disabled={toggle.isPending}
          onClick={() => toggle.mutate(!endpoint.enabled)}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line transition focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none ${enabled ? 'bg-primary' : 'bg-surface-2'}`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-4 rounded-full bg-surface shadow transition ${enabled ? 'translate-x-6' : 'translate-x-1'}`}
          />
        </button>
        <span aria-hidden="true">{t('merchantConsole.webhooks.enabled')}</span>
      </label>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={smallButtonClass}
          disabled={test.isPending}
          aria-label={t('merchantConsole.webhooks.testNamed', { url: endpoint.url })}
          onClick={() => test.mutate()}
        >
          {t('merchantConsole.webhooks.test')}
        </button>
        <button
          type="button"
          className={smallButtonClass}
          disabled={rotate.isPending}
          aria-label={t('merchantConsole.webhooks.rotateNamed', { url: endpoint.url })}
          onClick={() => setConfirmingRotate(true)}
        >
          {t('merchantConsole.webhooks.rotate')}
        </button>
        <button
          type="button"
          className={smallButtonClass}
          aria-expanded={logOpen}
          aria-controls={logId}
          aria-label={t('merchantConsole.webhooks.log.showNamed', { url: endpoint.url })}
          onClick={() => setLogOpen(!logOpen)}
        >
          {t('merchantConsole.webhooks.log.show')}
        </button>
      </div>
      {logOpen ? <DeliveryLog id={logId} merchantId={merchantId} endpoint={endpoint} /> : null}
      <ConfirmDialog
        open={confirmingRotate}
        onOpenChange={setConfirmingRotate}
        title={t('merchantConsole.webhooks.rotateTitle')}
        description={t('merchantConsole.webhooks.rotateText')}
        confirmLabel={t('merchantConsole.webhooks.rotate')}
        cancelLabel={t('merchantConsole.cancel')}
        onConfirm={() => {
          setConfirmingRotate(false);
          rotate.mutate();
        }}
      />
      {secondFactor.element}
      {shown ? <SecretDialog shown={shown} onClose={() => setShown(null)} /> : null}
    </li>
  );
}
