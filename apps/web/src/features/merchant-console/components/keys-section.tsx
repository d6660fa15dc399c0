import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDateTime } from '@/lib/date-format';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ConfirmDialog, ErrorView, GradientButton, showToast, Spinner } from '@/ui';
import { CONSOLE_KEYS, type MerchantKey, useKeys, useMerchantConsoleApi } from '../api/merchant-console-api';
import { consoleErrorText, toastConsoleError } from '../console-errors';
import { useTranslation } from '../texts';
import { useSecondFactor } from '../use-second-factor';
import { cardClass, codeClass, dangerButtonClass, itemClass, sectionTitleClass, smallButtonClass } from './console-classes';
import { RollKeyDialog } from './roll-key-dialog';
import { SecretDialog, type ShownSecret } from './secret-dialog';

/** A key that still signs: the only ones that can be rolled or revoked. */
const works = (key: MerchantKey) => key.status === 'Active' || key.status === 'Expiring';

const STATUS_LOOKS: Record<MerchantKey['status'], string> = {
  Active: 'bg-success text-on-primary',
  Expiring: 'border border-line bg-surface-2 text-fg',
  Expired: 'bg-surface-2 text-muted',
  Revoked: 'bg-surface-2 text-danger',
};

/**
 * The merchant's API keys (docs/rules/merchant-console.md): each with its public key, the last four
 * characters of its secret, its status (an expiring key says until when) and when it was made. Create,
 * Roll (a new key now, the old one working 0, 1, 24 or 72 hours more) and Revoke (asked first) take
 * the authenticator code when one is bound; a new key's secret is shown once.
 */
export function KeysSection({ merchantId }: { merchantId: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const api = useMerchantConsoleApi();
  const queries = useQueryClient();
  const keys = useKeys(merchantId);
  const secondFactor = useSecondFactor();
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [rolling, setRolling] = useState<MerchantKey | null>(null);
  const [revoking, setRevoking] = useState<MerchantKey | null>(null);

  const refresh = () => queries.invalidateQueries({ queryKey: CONSOLE_KEYS.keys(merchantId) });
  const showNew = (key: { apiKey: string; secret: string }, title: string) =>
    setShown({ title, warning: t('merchantConsole.secret.keyOnce'), secret: key.secret, publicKey: key.apiKey });
  const onError = (error: unknown) => {
    void refresh();
    toastConsoleError(error, t);
  };

  const create = useApiMutation({
    mutationFn: () => secondFactor.run((factor) => api.createKey({ merchantId, ...factor })),
    onSuccess: (key) => {
      if (!key) return;
      void refresh();
      showNew(key, t('merchantConsole.keys.newTitle'));
      showToast({ message: t('merchantConsole.keys.created'), kind: 'success' });
    },
    onError,
  });
  const roll = useApiMutation({
    mutationFn: ({ key, hours }: { key: MerchantKey; hours: number }) =>
      secondFactor.run((factor) => api.rollKey({ merchantId, keyId: key.keyId, expiresInHours: hours, ...factor })),
    onSuccess: (fresh, { key }) => {
      if (!fresh) return;
      void refresh();
      showNew(fresh, t('merchantConsole.keys.rolledTitle', { key: key.apiKey }));
      showToast({ message: t('merchantConsole.keys.rolled'), kind: 'success' });
    },
    onError,
  });
  const revoke = useApiMutation({
    mutationFn: (key: MerchantKey) => secondFactor.run((factor) => api.revokeKey({ merchantId, keyId: key.keyId, ...factor })),
    onSuccess: (done) => {
      if (done === undefined) return;
      void refresh();
      showToast({ message: t('merchantConsole.keys.revoked'), kind: 'success' });
    },
    onError,
  });
  const busy = create.isPending || roll.isPending || revoke.isPending;

  let body;
  if (keys.isError) {
    body = <ErrorView headingLevel={3} content={consoleErrorText(keys.error, t)} onRetry={() => void keys.refetch()} />;
  } else if (!keys.data) {
    body = <Spinner size="lg" className="self-center py-6" label={t('merchantConsole.loading')} />;
  } else if (keys.data.keys.length === 0) {
    body = <p className="text-sm text-muted">{t('merchantConsole.keys.none')}</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-2" aria-labelledby={headingId}>
        {keys.data.keys.map((key) => (
          <li key={key.keyId} className={itemClass}>
            <div className="flex flex-wrap items-center gap-2">
              <span className={codeClass}>{key.apiKey}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_LOOKS[key.status]}`}>
                {t(`merchantConsole.keys.status.${key.status}`)}
              </span>
            </div>
            <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-muted">{t('merchantConsole.keys.secretHint')}</dt>
              <dd className="font-mono text-fg">…{key.secretHint}</dd>
              <dt className="text-muted">{t('merchantConsole.keys.createdAt')}</dt>
              <dd className="text-fg">{formatDateTime(key.createdAt, i18n.language)}</dd>
            </dl>
            <KeyEnd keyItem={key} lng={i18n.language} />
            {works(key) ? (
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={smallButtonClass}
                  disabled={busy}
                  aria-label={t('merchantConsole.keys.rollNamed', { key: key.apiKey })}
                  onClick={() => setRolling(key)}
                >
                  {t('merchantConsole.keys.roll')}
                </button>
                <button
                  type="button"
                  className={dangerButtonClass}
                  disabled={busy}
                  aria-label={t('merchantConsole.keys.revokeNamed', { key: key.apiKey })}
                  onClick={() => setRevoking(key)}
                >
                  {t('merchantConsole.keys.revoke')}
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className={sectionTitleClass}>
          {t('merchantConsole.keys.title')}
        </h2>
        <GradientButton loading={create.isPending} disabled={busy} onClick={() => create.mutate()}>
          {t('merchantConsole.keys.create')}
        </GradientButton>
      </div>
      <p className="text-sm text-muted">{t('merchantConsole.keys.intro')}</p>
      {body}
      {rolling ? (
        <RollKeyDialog
          keyItem={rolling}
          onClose={() => setRolling(null)}
          onRoll={(hours) => {
            setRolling(null);
            roll.mutate({ key: rolling, hours });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('merchantConsole.keys.revokeTitle')}
        description={revoking ? t('merchantConsole.keys.revokeText', { key: revoking.apiKey }) : ''}
        confirmLabel={t('merchantConsole.keys.revoke')}
        cancelLabel={t('merchantConsole.cancel')}
        onConfirm={() => {
          // The question closes first: the code dialog, when asked for, is then the only one open.
          if (revoking) revoke.mutate(revoking);
          setRevoking(null);
        }}
      />
      {secondFactor.element}
      {shown ? <SecretDialog shown={shown} onClose={() => setShown(null)} /> : null}
    </section>
  );
}

/** When a key stops or stopped: an expiring key's end, an expired one's, a revoked one's. */
function KeyEnd({ keyItem, lng }: { keyItem: MerchantKey; lng: string }) {
  const { t } = useTranslation();
  let text: string | null = null;
  if (keyItem.status === 'Expiring') text = t('merchantConsole.keys.endsAt', { time: formatDateTime(keyItem.expiresAt, lng) });
  if (keyItem.status === 'Expired') text = t('merchantConsole.keys.endedAt', { time: formatDateTime(keyItem.expiresAt, lng) });
  if (keyItem.status === 'Revoked') text = t('merchantConsole.keys.revokedAt', { time: formatDateTime(keyItem.revokedAt, lng) });
  return text ? <p className="text-sm text-fg">{text}</p> : null;
}
