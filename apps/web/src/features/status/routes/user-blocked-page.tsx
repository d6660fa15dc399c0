import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorView } from '@/ui';
import { describeBlock } from '../block-reasons';

/** user-blocked?code=: the block notice with its compliance code and the reason in words. */
export function UserBlockedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { code, reasonKey } = describeBlock(params.get('code'));
  return (
    <ErrorView
      title={t('pages.userBlocked.title')}
      content={
        <>
          <span className="block font-medium">{t('pages.userBlocked.withCode', { code })}</span>
          <span className="mt-2 block">{t(`pages.userBlocked.reasons.${reasonKey}`)}</span>
        </>
      }
      footer={<p className="text-sm text-muted">{t('pages.userBlocked.contact')}</p>}
    />
  );
}

export default UserBlockedPage;
