import { CALL_ROUTES, ErrorCode, MIGRATION_MAX_DEADLINE_DAYS } from '@causeway/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { apiErrorName } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { useDeskCall } from '../api/desk-api';
import { deskErrorText } from '../desk-errors';
import { useTranslation } from '../texts';
import { cardClass, smallButtonClass, titleClass } from './desk-classes';
import { eddFieldClass as fieldClass, eddLabelClass as labelClass } from './edd-parts';

type Entity = 'PL' | 'LI';
const DEFAULT_DEADLINE_DAYS = '30';

/**
 * Starts a person's migration to the other entity (journeys:start; docs/rules/order-states.md "Entity migration"):
 * the deadline in days and the reason, both kept in the audit log. The person then meets user-migration and may
 * choose "later" until the deadline.
 */
export function StartMigration({ userId, currentEntity }: { userId: string; currentEntity: string }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const call = useDeskCall();
  const ids = { heading: useId(), days: useId(), reason: useId(), problem: useId() };
  const target: Entity = currentEntity === 'PL' ? 'LI' : 'PL';
  const [days, setDays] = useState(DEFAULT_DEADLINE_DAYS);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const start = useApiMutation({
    mutationFn: () =>
      call(CALL_ROUTES.deskStartMigration, { userId, targetEntity: target, deadlineDays: Number(days), reason: reason.trim() }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const whole = /^\d{1,2}$/.test(days.trim()) && Number(days) >= 1 && Number(days) <= MIGRATION_MAX_DEADLINE_DAYS;
    if (!whole) return setProblem(t('desk.migration.daysInvalid', { max: MIGRATION_MAX_DEADLINE_DAYS }));
    if (!reason.trim()) return setProblem(t('desk.migration.reasonMissing'));
    setProblem(undefined);
    start.mutate();
  };
  const refusal = start.isError
    ? apiErrorName(start.error) === ErrorCode.EntitySwitchNotDue
      ? t('desk.migration.notPossible')
      : deskErrorText(start.error, t)
    : '';
  return (
    <section aria-labelledby={ids.heading} className={cardClass}>
      <h2 id={ids.heading} className={titleClass}>
        {t('desk.migration.title', { target })}
      </h2>
      <p className="text-sm text-muted">{t('desk.migration.intro', { current: currentEntity, target })}</p>
      <form className="flex min-w-0 flex-col gap-2" onSubmit={submit} noValidate>
        <div className="flex min-w-0 flex-col">
          <label htmlFor={ids.days} className={labelClass}>
            {t('desk.migration.days')}
          </label>
          <input
            id={ids.days}
            inputMode="numeric"
            value={days}
            maxLength={2}
            onChange={(event) => setDays(event.target.value)}
            aria-describedby={problem ? ids.problem : undefined}
            className={`${fieldClass} max-w-32`}
          />
        </div>
        <div className="flex min-w-0 flex-col">
          <label htmlFor={ids.reason} className={labelClass}>
            {t('desk.migration.reason')}
          </label>
          <textarea
            id={ids.reason}
            rows={2}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby={problem ? ids.problem : undefined}
            className={fieldClass}
          />
        </div>
        <p id={ids.problem} role="alert" className="text-sm text-danger empty:hidden">
          {problem ?? refusal}
        </p>
        <button type="submit" className={`${smallButtonClass} self-start`} disabled={start.isPending || Boolean(start.data)}>
          {t('desk.migration.submit', { target })}
        </button>
      </form>
      <p role="status" className="text-sm text-fg empty:hidden">
        {start.data
          ? t('desk.migration.started', { target: start.data.targetEntity, deadline: formatDateTime(start.data.deadline, lng) })
          : ''}
      </p>
    </section>
  );
}
