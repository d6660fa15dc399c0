import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { pageHref } from '@/lib/portal-links';
import { GradientButton } from '@/ui';
import { useTranslation } from '../texts';
import { AgreeBox, useViewTime } from './step-parts';

const POINTS = ['volatile', 'loseAll', 'notProtected', 'irreversible', 'scams'] as const;

/** RISK_WARNING: the crypto risk warning, agreed once per version (risk survey agreement). */
export function WarningStep({ agree, pending }: { agree: (viewTime: number) => void; pending: boolean }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const [understood, setUnderstood] = useState(false);
  const viewTime = useViewTime();
  return (
    <>
      <p className="mt-3 text-sm text-muted">{t('risk.intro')}</p>
      <ul className="mt-4 flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 text-sm text-fg">
        {POINTS.map((point) => (
          <li key={point} className="flex gap-2">
            <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" />
            <span>{t(`risk.points.${point}`)}</span>
          </li>
        ))}
      </ul>
      <AgreeBox checked={understood} onChange={setUnderstood}>
        {t('risk.understood')}
      </AgreeBox>
      <div className="mt-6 flex flex-col gap-3">
        <GradientButton
          fullWidth
          showContinueArrow
          variant={understood ? 'primary' : 'inactive'}
          loading={pending}
          onClick={() => agree(viewTime())}
        >
          {t('risk.continue')}
        </GradientButton>
        <Link to={pageHref(lng, 'dashboard')} className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('risk.notNow')}
        </Link>
      </div>
    </>
  );
}
