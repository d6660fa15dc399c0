import type { AgreementStatus, ProtocolMap } from '@causeway/contracts';
import { useState } from 'react';
import { errorText } from '@/lib/http-errors';
import { useLegalLinks } from '@/lib/legal-links';
import { GradientButton, Modal } from '@/ui';
import { useTranslation } from '../texts';

/** A version is the date its text took effect (yyyymmdd): written as a date of the page's language. */
export function versionDate(version: string, lng: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(version);
  if (!match) return version;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  return new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)));
}

export interface ConsentDialogProps {
  /** The agreements due, as terms-and-statements answers them: the ones not accepted are listed. */
  agreements: readonly AgreementStatus[];
  /** Accepts the map of those agreements (terms-and-statements v2). */
  onAccept: (protocolMap: ProtocolMap) => Promise<unknown>;
  onSignOut: () => Promise<void>;
}

/**
 * docs/rules/agreements.md: the terms or statement changed (or were never accepted) since the person last
 * agreed. Each document links its page (a new tab); Accept records the current versions, Sign out leaves.
 * Nothing else closes it: trading waits for the answer.
 */
export function ConsentDialog({ agreements, onAccept, onSignOut }: ConsentDialogProps) {
  const { t, i18n } = useTranslation();
  const links = useLegalLinks(i18n.language);
  const pending = agreements.filter((agreement) => !agreement.accepted);
  const [busy, setBusy] = useState<'accept' | 'signOut' | null>(null);
  const [error, setError] = useState<string>();

  async function accept() {
    setBusy('accept');
    setError(undefined);
    try {
      await onAccept(Object.fromEntries(pending.map((agreement) => [agreement.protocol, agreement.version])));
    } catch (failure) {
      setError(errorText(failure, t));
      setBusy(null);
    }
  }

  async function signOut() {
    setBusy('signOut');
    try {
      await onSignOut();
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal open dismissible={false} title={t('agreements.consent.title')} description={t('agreements.consent.intro')} width="md">
      <div className="flex flex-col gap-4">
        <ul className="flex flex-col gap-2" aria-label={t('agreements.consent.listLabel')}>
          {pending.map((agreement) => (
            <li key={agreement.protocol} className="rounded-xl bg-surface-2 p-3 text-sm">
              <a
                href={links[agreement.link]}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-primary underline underline-offset-2"
              >
                {t(`agreements.consent.documents.${agreement.protocol}`)} <span className="sr-only">{t('agreements.consent.newTab')}</span>
              </a>
              <span className="block text-muted">
                {t('agreements.consent.version', { date: versionDate(agreement.version, i18n.language) })}
              </span>
            </li>
          ))}
        </ul>
        <p className="text-sm text-fg">{t('agreements.consent.byAccepting')}</p>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col gap-3">
          <GradientButton fullWidth loading={busy === 'accept'} disabled={busy === 'signOut'} onClick={() => void accept()}>
            {t('agreements.consent.accept')}
          </GradientButton>
          <GradientButton
            fullWidth
            variant="outline"
            loading={busy === 'signOut'}
            disabled={busy === 'accept'}
            onClick={() => void signOut()}
          >
            {t('agreements.consent.signOut')}
          </GradientButton>
        </div>
      </div>
    </Modal>
  );
}
