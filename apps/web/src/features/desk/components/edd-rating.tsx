import { CALL_ROUTES, EDD_REASON_MAX_LENGTH, RISK_RATINGS, type RiskRating } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { useApiMutation } from '@/lib/use-api-mutation';
import { useDeskCall } from '../api/desk-api';
import { type DeskEddCase, EDD_KEYS } from '../api/edd-api';
import { useTranslation } from '../texts';
import { cardClass, smallButtonClass, titleClass } from './desk-classes';
import { eddErrorText, eddFieldClass, eddLabelClass } from './edd-parts';
import { Field } from './screen-parts';

/**
 * The person's risk rating (docs/rules/edd.md "Risk rating"): the rating, what the rules computed and the findings
 * behind it, the 12 months' volume, an operator's override; and the form to set or lift an override, with a reason.
 */
export function EddRating({ answer }: { answer: DeskEddCase }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const { rating } = answer;
  const id = useId();
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className={titleClass}>
        {t('desk.edd.rating.title')}
      </h2>
      {rating ? (
        <>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
            <Field label={t('desk.edd.rating.rating')}>{t(`desk.edd.ratings.${rating.rating}`)}</Field>
            <Field label={t('desk.edd.rating.computed')}>{t(`desk.edd.ratings.${rating.computedRating}`)}</Field>
            <Field label={t('desk.edd.rating.volume')} code>{`${rating.volume12m} EUR`}</Field>
            <Field label={t('desk.edd.rating.computedAt')}>{formatDateTime(rating.computedAt, lng)}</Field>
            {rating.override ? (
              <Field label={t('desk.edd.rating.override')}>
                {t('desk.edd.rating.overrideSummary', {
                  rating: t(`desk.edd.ratings.${rating.override.rating}`),
                  reason: rating.override.reason,
                  by: rating.override.by ?? '—',
                })}
              </Field>
            ) : null}
          </dl>
          <h3 className="text-sm font-semibold text-fg">{t('desk.edd.rating.factors')}</h3>
          {rating.factors.length === 0 ? (
            <p className="text-sm text-muted">{t('desk.edd.rating.noFactors')}</p>
          ) : (
            <ul className="flex list-disc flex-col gap-1 pl-5">
              {rating.factors.map((factor) => (
                <li key={`${factor.code}:${factor.detail}`} className="text-sm break-words text-fg">
                  {t('desk.edd.rating.factor', {
                    finding: t(`desk.edd.factors.${factor.code}`, { defaultValue: factor.code }),
                    detail: factor.detail,
                    rating: t(`desk.edd.ratings.${factor.rating}`),
                  })}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className="text-sm text-muted">{t('desk.edd.rating.none')}</p>
      )}
      <OverrideForm userId={answer.userId} overridden={Boolean(rating?.override)} />
    </section>
  );
}

function OverrideForm({ userId, overridden }: { userId: string; overridden: boolean }) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const queries = useQueryClient();
  const ids = { rating: useId(), reason: useId(), problem: useId() };
  const [choice, setChoice] = useState<RiskRating | ''>('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [said, setSaid] = useState<string>();
  const change = useApiMutation({
    mutationFn: (input: { rating: RiskRating | null; reason: string }) => call(CALL_ROUTES.deskEddRiskOverride, { userId, ...input }),
    onSuccess: (_done, input) => {
      setSaid(input.rating ? t('desk.edd.rating.set', { rating: t(`desk.edd.ratings.${input.rating}`) }) : t('desk.edd.rating.lifted'));
      setReason('');
      void queries.invalidateQueries({ queryKey: EDD_KEYS.all });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaid(undefined);
    if (!reason.trim()) return setProblem(t('desk.edd.rating.reasonMissing'));
    if (choice === '' && !overridden) return setProblem(t('desk.edd.rating.nothingToLift'));
    setProblem(undefined);
    change.mutate({ rating: choice === '' ? null : choice, reason: reason.trim() });
  };
  return (
    <form className="flex min-w-0 flex-col gap-2 rounded-xl border border-line p-3" onSubmit={submit} noValidate>
      <h3 className="text-sm font-semibold text-fg">{t('desk.edd.rating.formTitle')}</h3>
      <div>
        <label htmlFor={ids.rating} className={eddLabelClass}>
          {t('desk.edd.rating.newRating')}
        </label>
        <select
          id={ids.rating}
          value={choice}
          onChange={(event) => setChoice(event.target.value as RiskRating | '')}
          className={eddFieldClass}
        >
          <option value="">{t('desk.edd.rating.lift')}</option>
          {RISK_RATINGS.map((value) => (
            <option key={value} value={value}>
              {t(`desk.edd.ratings.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col">
        <label htmlFor={ids.reason} className={eddLabelClass}>
          {t('desk.edd.rating.reason')}
        </label>
        <textarea
          id={ids.reason}
          rows={2}
          value={reason}
          maxLength={EDD_REASON_MAX_LENGTH}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? ids.problem : undefined}
          onChange={(event) => setReason(event.target.value)}
          className={eddFieldClass}
        />
      </div>
      <p id={ids.problem} role="alert" className="text-sm text-danger empty:hidden">
        {problem ?? (change.isError ? eddErrorText(change.error, t) : '')}
      </p>
      <p role="status" className="text-sm text-fg empty:hidden">
        {said ?? ''}
      </p>
      <button type="submit" className={`${smallButtonClass} self-start`} disabled={change.isPending}>
        {t('desk.edd.rating.submit')}
      </button>
    </form>
  );
}
