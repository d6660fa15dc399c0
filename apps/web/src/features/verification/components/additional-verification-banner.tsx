import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAccountInfo } from '@/lib/account-info';
import { storedMode } from '@/lib/mode';
import { useLoginStatus } from '@/lib/target-entity';

/**
 * docs/rules/order-states.md additional-verification banner: shown when the person chose "later" for an entity move
 * (hitClickedLaterCache) and the deadline has not passed, with that date; it leads to user-migration.
 * Signed-out visitors have no account info, so nothing is asked for them.
 */
export function AdditionalVerificationBanner() {
  const { t, i18n } = useTranslation();
  const { lng } = useParams();
  const status = useLoginStatus();
  const info = useAccountInfo(storedMode(), { enabled: Boolean(status.data?.isLogin) });
  const kyc = info.data?.kycInfo;
  if (!kyc?.hitClickedLaterCache || kyc.overDeadLine || !kyc.entitySwitchDeadline) return null;
  const date = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'long' }).format(
    new Date(kyc.entitySwitchDeadline),
  );
  return (
    <div role="status" className="border-b border-line bg-surface-2">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm text-fg">
        <span>{t('verification.banner.text', { date })}</span>
        <Link to={`/${lng}/user-migration`} className="font-medium text-primary underline-offset-4 hover:underline">
          {t('verification.banner.action')}
        </Link>
      </div>
    </div>
  );
}
