import { useId } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAccountInfo } from '@/lib/account-info';
import { storedMode } from '@/lib/mode';
import { CheckCircleIcon } from '@/ui/icons';
import { GradientButton, Spinner } from '@/ui';
import { useTranslation } from '../texts';

/**
 * service-upgrade-complete (docs/rules/uk-and-countries.md, "Leaving the limited entity"): where a flagged, silent
 * entity switch ends for a person who came from the limited entity's email (user-migration?entityTag=limited).
 * It says the account now runs with its new entity, nothing else changing for the person, and goes on to
 * account-status, which leads wherever the account must go next.
 */
export function ServiceUpgradeCompletePage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const navigate = useNavigate();
  const titleId = useId();
  // A dead session reaches the sign-in page (reportErrors), as on the other verification pages.
  const info = useAccountInfo(storedMode(), { reportErrors: true });
  if (info.isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" />
      </div>
    );
  }
  const entity = info.data?.entityTag;
  return (
    <section aria-labelledby={titleId} className="mx-auto flex w-full max-w-[480px] flex-col items-center gap-4 py-10 text-center">
      <CheckCircleIcon className="size-12 text-success" />
      <h1 id={titleId} className="text-2xl font-semibold text-fg">
        {t('availability.serviceUpgrade.title')}
      </h1>
      <p className="text-sm text-fg">
        {entity
          ? t('availability.serviceUpgrade.movedTo', { entity: t(`verification.migration.entities.${entity}`) })
          : t('availability.serviceUpgrade.moved')}
      </p>
      <p className="text-sm text-muted">{t('availability.serviceUpgrade.unchanged')}</p>
      <GradientButton fullWidth showContinueArrow onClick={() => void navigate(`/${lng}/account-status`, { replace: true })}>
        {t('availability.serviceUpgrade.continue')}
      </GradientButton>
    </section>
  );
}

export default ServiceUpgradeCompletePage;
