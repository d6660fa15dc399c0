import { useEffect, useId, useRef, useState } from 'react';
import { ErrorView, GradientButton, Spinner } from '@/ui';
import { useEndpoints } from '../api/merchant-console-api';
import { consoleErrorText } from '../console-errors';
import { useTranslation } from '../texts';
import { AddEndpointForm } from './add-endpoint-form';
import { cardClass, sectionTitleClass } from './console-classes';
import { EndpointItem } from './endpoint-item';
import { SecretDialog, type ShownSecret } from './secret-dialog';

/**
 * The merchant's webhook endpoints (docs/rules/merchant-webhooks.md): Add endpoint (its signing secret
 * shown once), and each endpoint with its switch, test event, secret rotation and delivery log.
 */
export function WebhooksSection({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const endpoints = useEndpoints(merchantId);
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  // Closing the form (added or cancelled) puts the keyboard back on the button that opened it: once the
  // new secret's dialog is closed too, when there is one.
  const addButton = useRef<HTMLButtonElement>(null);
  const formWasOpen = useRef(false);
  const focusAdd = useRef(false);
  useEffect(() => {
    if (!adding && formWasOpen.current) focusAdd.current = true;
    formWasOpen.current = adding;
    if (focusAdd.current && !adding && !shown) {
      focusAdd.current = false;
      addButton.current?.focus();
    }
  }, [adding, shown]);

  let body;
  if (endpoints.isError) {
    body = <ErrorView headingLevel={3} content={consoleErrorText(endpoints.error, t)} onRetry={() => void endpoints.refetch()} />;
  } else if (!endpoints.data) {
    body = <Spinner size="lg" className="self-center py-6" label={t('merchantConsole.loading')} />;
  } else if (endpoints.data.endpoints.length === 0) {
    body = <p className="text-sm text-muted">{t('merchantConsole.webhooks.none')}</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-2" aria-labelledby={headingId}>
        {endpoints.data.endpoints.map((endpoint) => (
          <EndpointItem key={endpoint.endpointId} merchantId={merchantId} endpoint={endpoint} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className={sectionTitleClass}>
          {t('merchantConsole.webhooks.title')}
        </h2>
        {adding ? null : (
          <GradientButton ref={addButton} onClick={() => setAdding(true)}>
            {t('merchantConsole.webhooks.add')}
          </GradientButton>
        )}
      </div>
      <p className="text-sm text-muted">{t('merchantConsole.webhooks.intro')}</p>
      {adding ? (
        <AddEndpointForm
          merchantId={merchantId}
          onCancel={() => setAdding(false)}
          onAdded={(endpoint) => {
            setAdding(false);
            setShown({
              title: t('merchantConsole.webhooks.newTitle'),
              warning: t('merchantConsole.secret.webhookOnce'),
              secret: endpoint.secret,
            });
          }}
        />
      ) : null}
      {body}
      {shown ? <SecretDialog shown={shown} onClose={() => setShown(null)} /> : null}
    </section>
  );
}
