import { useCopy } from '@/lib/use-copy';
import { GradientButton, Modal } from '@/ui';
import { useTranslation } from '../texts';
import { codeClass } from './console-classes';

/** A secret to show once: what it is (title), the one-time warning, and for a key its public key. */
export interface ShownSecret {
  title: string;
  warning: string;
  secret: string;
  publicKey?: string;
}

/**
 * A secret the server answers once (a new key's, an endpoint's): shown whole with Copy, under the
 * words that say it will not be shown again. Closing the dialog forgets it: the page keeps no copy.
 */
export function SecretDialog({ shown, onClose }: { shown: ShownSecret; onClose: () => void }) {
  const { t } = useTranslation();
  const { canCopy, copied, copy } = useCopy(shown.secret);

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={shown.title} description={shown.warning} width="md">
      <dl className="flex flex-col gap-3">
        {shown.publicKey ? (
          <div className="flex flex-col gap-1">
            <dt className="text-xs font-medium text-muted">{t('merchantConsole.keys.publicKey')}</dt>
            <dd className={codeClass}>{shown.publicKey}</dd>
          </div>
        ) : null}
        <div className="flex flex-col gap-1">
          <dt className="text-xs font-medium text-muted">{t('merchantConsole.secret.label')}</dt>
          <dd className="flex flex-col gap-2">
            <span className={`${codeClass} rounded-lg bg-surface-2 p-2`}>{shown.secret}</span>
            {canCopy ? (
              <button
                type="button"
                onClick={copy}
                aria-label={t('merchantConsole.secret.copyLabel')}
                className="self-start rounded-lg border border-line px-3 py-2 text-sm font-medium text-primary hover:bg-surface-2"
              >
                {t('merchantConsole.secret.copy')}
              </button>
            ) : null}
            <span role="status" className="min-h-4 text-xs text-success">
              {copied ? t('merchantConsole.secret.copied') : ''}
            </span>
          </dd>
        </div>
      </dl>
      <GradientButton fullWidth className="mt-4" onClick={onClose}>
        {t('merchantConsole.secret.done')}
      </GradientButton>
    </Modal>
  );
}
