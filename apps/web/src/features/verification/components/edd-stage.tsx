import type { KycInfo } from '@causeway/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { GradientButton } from '@/ui';

/** The EDD stages account-status shows (docs/rules/edd.md): answers asked, more asked (RFI), under review. */
const SHOWN = ['Initial', 'RFI', 'Pending'] as const;
type Shown = (typeof SHOWN)[number];

/**
 * Enhanced due diligence on account-status, for a verified person it is asked of: what it asks and by when, with a
 * way to the edd page while answers are asked; under review, that the review is under way. Nothing otherwise.
 */
export function EddStage({ kycInfo }: { kycInfo: KycInfo | null | undefined }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const navigate = useNavigate();
  const status = kycInfo?.eddStatus;
  if (!status || !(SHOWN as readonly string[]).includes(status)) return null;
  const stage = status as Shown;
  return (
    <section aria-labelledby="edd-stage-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
      <h2 id="edd-stage-title" className="text-lg font-semibold text-fg">
        {t('verification.edd.title')}
      </h2>
      <p className="text-sm text-fg">{t(`verification.edd.${stage}`)}</p>
      {stage !== 'Pending' && kycInfo?.eddDeadline ? (
        <p className="text-sm font-medium text-fg">{t('verification.edd.deadline', { date: formatDateTime(kycInfo.eddDeadline, lng) })}</p>
      ) : null}
      {stage !== 'Pending' ? (
        <GradientButton fullWidth showContinueArrow onClick={() => void navigate(`/${lng}/edd`)}>
          {t('verification.edd.action')}
        </GradientButton>
      ) : null}
    </section>
  );
}
