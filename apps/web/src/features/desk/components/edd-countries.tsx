import { CALL_ROUTES, RISK_COUNTRY_LEVELS, type RiskCountryLevel } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useApiMutation } from '@/lib/use-api-mutation';
import { TextInput } from '@/ui';
import { useDeskCall } from '../api/desk-api';
import { EDD_KEYS, useRiskCountries } from '../api/edd-api';
import { useTranslation } from '../texts';
import { cardClass, smallButtonClass, titleClass } from './desk-classes';
import { eddErrorText, eddFieldClass, eddLabelClass } from './edd-parts';
import { QueryBody } from './screen-parts';

/**
 * The country risk list (docs/rules/edd.md "Countries", config:change): each listed country's level, and a form
 * to put a country on it at a level or take it off. A change applies at each person's next recomputation.
 */
export function EddCountries() {
  const { t } = useTranslation();
  const call = useDeskCall();
  const queries = useQueryClient();
  const countries = useRiskCountries(true);
  const ids = { heading: useId(), level: useId(), problem: useId() };
  const [country, setCountry] = useState('');
  const [level, setLevel] = useState<RiskCountryLevel | ''>('high');
  const [problem, setProblem] = useState<string>();
  const change = useApiMutation({
    mutationFn: (input: { country: string; level: RiskCountryLevel | null }) => call(CALL_ROUTES.deskEddSetCountryRisk, input),
    onSuccess: () => void queries.invalidateQueries({ queryKey: EDD_KEYS.countries }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = country.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) return setProblem(t('desk.edd.countries.codeInvalid'));
    setProblem(undefined);
    change.mutate({ country: code, level: level === '' ? null : level });
  };
  return (
    <section aria-labelledby={ids.heading} className={cardClass}>
      <h2 id={ids.heading} className={titleClass}>
        {t('desk.edd.countries.title')}
      </h2>
      <p className="text-sm text-muted">{t('desk.edd.countries.intro')}</p>
      <QueryBody query={countries}>
        {(answer) =>
          answer.countries.length === 0 ? (
            <p className="text-sm text-muted">{t('desk.edd.countries.none')}</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {answer.countries.map((row) => (
                <li key={row.country} className="rounded-full border border-line bg-surface-2 px-3 py-1 text-sm text-fg">
                  {`${row.country}: ${t(`desk.edd.ratings.${row.level}`)}`}
                </li>
              ))}
            </ul>
          )
        }
      </QueryBody>
      <form className="flex min-w-0 flex-col gap-2" onSubmit={submit} noValidate>
        <TextInput label={t('desk.edd.countries.country')} value={country} onValueChange={setCountry} maxLength={2} autoComplete="off" />
        <div>
          <label htmlFor={ids.level} className={eddLabelClass}>
            {t('desk.edd.countries.level')}
          </label>
          <select
            id={ids.level}
            value={level}
            onChange={(event) => setLevel(event.target.value as RiskCountryLevel | '')}
            className={eddFieldClass}
          >
            {RISK_COUNTRY_LEVELS.map((value) => (
              <option key={value} value={value}>
                {t(`desk.edd.ratings.${value}`)}
              </option>
            ))}
            <option value="">{t('desk.edd.countries.remove')}</option>
          </select>
        </div>
        <p id={ids.problem} role="alert" className="text-sm text-danger empty:hidden">
          {problem ?? (change.isError ? eddErrorText(change.error, t) : '')}
        </p>
        <p role="status" className="text-sm text-fg empty:hidden">
          {change.data
            ? change.data.level
              ? t('desk.edd.countries.set', { country: change.data.country, level: t(`desk.edd.ratings.${change.data.level}`) })
              : t('desk.edd.countries.removed', { country: change.data.country })
            : ''}
        </p>
        <button type="submit" className={`${smallButtonClass} self-start`} disabled={change.isPending}>
          {t('desk.edd.countries.submit')}
        </button>
      </form>
    </section>
  );
}
