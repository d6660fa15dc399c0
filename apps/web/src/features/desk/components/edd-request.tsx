import { CALL_ROUTES, EDD_REASON_MAX_LENGTH } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { useApiMutation } from '@/lib/use-api-mutation';
import { TextInput } from '@/ui';
import { useDeskCall } from '../api/desk-api';
import { EDD_KEYS } from '../api/edd-api';
import { useTranslation } from '../texts';
import { cardClass, linkClass, smallButtonClass, titleClass } from './desk-classes';
import { eddErrorText, eddFieldClass, eddLabelClass } from './edd-parts';

/**
 * Asks a person for EDD whatever their rating (journeys:start): their account id and the reason. A person with
 * an open case keeps it; either way the answer links to the case. The server audits the request.
 */
export function EddRequest({ base }: { base: string }) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const queries = useQueryClient();
  const ids = { heading: useId(), reason: useId(), problem: useId() };
  const [userId, setUserId] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const request = useApiMutation({
    mutationFn: () => call(CALL_ROUTES.deskEddRequest, { userId: userId.trim(), reason: reason.trim() }),
    onSuccess: () => void queries.invalidateQueries({ queryKey: EDD_KEYS.all }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId.trim() || !reason.trim()) return setProblem(t('desk.edd.request.missing'));
    setProblem(undefined);
    request.mutate();
  };
  return (
    <section aria-labelledby={ids.heading} className={cardClass}>
      <h2 id={ids.heading} className={titleClass}>
        {t('desk.edd.request.title')}
      </h2>
      <p className="text-sm text-muted">{t('desk.edd.request.intro')}</p>
      <form className="flex min-w-0 flex-col gap-2" onSubmit={submit} noValidate>
        <TextInput label={t('desk.edd.request.userId')} value={userId} onValueChange={setUserId} maxLength={32} autoComplete="off" />
        <div className="flex min-w-0 flex-col">
          <label htmlFor={ids.reason} className={eddLabelClass}>
            {t('desk.edd.request.reason')}
          </label>
          <textarea
            id={ids.reason}
            rows={2}
            value={reason}
            maxLength={EDD_REASON_MAX_LENGTH}
            aria-describedby={problem ? ids.problem : undefined}
            onChange={(event) => setReason(event.target.value)}
            className={eddFieldClass}
          />
        </div>
        <p id={ids.problem} role="alert" className="text-sm text-danger empty:hidden">
          {problem ?? (request.isError ? eddErrorText(request.error, t) : '')}
        </p>
        <button type="submit" className={`${smallButtonClass} self-start`} disabled={request.isPending}>
          {t('desk.edd.request.submit')}
        </button>
      </form>
      <p role="status" className="text-sm text-fg empty:hidden">
        {request.data ? (
          <Link to={`${base}/${encodeURIComponent(request.data.caseId)}`} className={linkClass}>
            {request.data.opened ? t('desk.edd.request.opened') : t('desk.edd.request.alreadyOpen')}
          </Link>
        ) : null}
      </p>
    </section>
  );
}
