import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../texts';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { pageHref } from '@/lib/portal-links';
import { useQueryClient } from '@tanstack/react-query';
import { useHttpClient } from '@/lib/http-context';
import { errorText } from '@/lib/http-errors';
import { createRiskApi, RISK_CHECK_QUERY_KEY } from '@/lib/risk-api';
import { tradeTargetOf } from '@/lib/trade-routing';
import { useApiMutation } from '@/lib/use-api-mutation';
import { GradientButton } from '@/ui';

const POINTS = ['volatile', 'loseAll', 'notProtected', 'irreversible', 'scams'] as const;

/**
 * risk-reminder (docs/rules/order-states.md trade routing): the crypto risk warning, agreed to once per version
 * before the first trade. Agreeing records it (risk survey agreement) and goes on to the trade
 * page named by `next`, with the deep link's query it carries (only a trade page: the query is
 * anyone's to write).
 */
export function RiskReminderPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useHttpClient();
  const queries = useQueryClient();
  const api = useMemo(() => createRiskApi(client), [client]);
  // When the warning appeared, for the record of how long it was read (set once, after the first render).
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = Date.now();
  }, []);
  const [understood, setUnderstood] = useState(false);
  const next = tradeTargetOf(params.get('next'));
  const agreement = useApiMutation({
    mutationFn: () => api.agree(Date.now() - shownAt.current),
    // Still pending while the trade page opens: Continue stays busy until the page is left.
    onSuccess: async (answer) => {
      // The trade page's cached risk check said RISK_WARNING: the agreement's answer replaces it,
      // or the page would send the person straight back here.
      queries.setQueryData(RISK_CHECK_QUERY_KEY, answer);
      await navigate(`/${lng}/${next}`, { replace: true });
    },
  });
  // The HTTP client shows nothing for this path: the page says why, and Continue may be pressed again.
  const error = agreement.error;

  return (
    <section className="mx-auto w-full max-w-[520px] py-8" aria-labelledby="risk-title">
      <h1 id="risk-title" className="text-2xl font-semibold text-fg">
        {t('risk.title')}
      </h1>
      <p className="mt-3 text-sm text-muted">{t('risk.intro')}</p>
      <ul className="mt-4 flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 text-sm text-fg">
        {POINTS.map((point) => (
          <li key={point} className="flex gap-2">
            <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" />
            <span>{t(`risk.points.${point}`)}</span>
          </li>
        ))}
      </ul>
      <label className="mt-5 flex items-start gap-3 text-sm text-fg">
        <input
          type="checkbox"
          checked={understood}
          onChange={(event) => setUnderstood(event.target.checked)}
          className="mt-0.5 size-4 accent-[var(--cw-primary)]"
        />
        <span>{t('risk.understood')}</span>
      </label>
      {error === null ? null : (
        <p role="alert" className="mt-4 text-sm text-danger">
          {errorText(error, t)}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-3">
        <GradientButton
          fullWidth
          showContinueArrow
          variant={understood ? 'primary' : 'inactive'}
          loading={agreement.isPending}
          onClick={() => agreement.mutate()}
        >
          {t('risk.continue')}
        </GradientButton>
        <Link to={pageHref(lng, 'dashboard')} className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('risk.notNow')}
        </Link>
      </div>
    </section>
  );
}

export default RiskReminderPage;
