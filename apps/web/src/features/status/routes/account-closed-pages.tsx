import { useTranslation } from 'react-i18next';
import { ErrorView } from '@/ui';

/** duplicate-account-detected: the identity is verified on another account (AC100003). */
export function DuplicateAccountPage() {
  const { t } = useTranslation();
  return (
    <ErrorView
      title={t('verification.duplicate.title')}
      content={
        <>
          <span className="block">{t('verification.duplicate.content')}</span>
          <span className="mt-2 block text-sm text-muted">{t('verification.duplicate.code', { code: 'AC100003' })}</span>
        </>
      }
      footer={<p className="text-sm text-muted">{t('pages.userBlocked.contact')}</p>}
    />
  );
}

/** account-terminated: a closed account (no sign-in needed to see it). */
export function AccountTerminatedPage() {
  const { t } = useTranslation();
  return <ErrorView title={t('verification.terminated.title')} content={t('verification.terminated.content')} />;
}

/** account-unsupport-roma: the account cannot be served through the Roma partner channel. */
export function AccountUnsupportedRomaPage() {
  const { t } = useTranslation();
  return <ErrorView title={t('verification.unsupportedRoma.title')} content={t('verification.unsupportedRoma.content')} />;
}
