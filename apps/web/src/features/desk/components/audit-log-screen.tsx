import { DESK_PAGE_SIZE } from '@causeway/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { TextInput } from '@/ui';
import { useAuditLog } from '../api/desk-api';
import type { DeskScreenProps } from '../desk-screens';
import { useTranslation } from '../texts';
import { cardClass, codeClass, itemClass, smallButtonClass } from './desk-classes';
import { Pager, QueryBody, ScreenHeader } from './screen-parts';

const pageOf = (text: string | null) => {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
};

/**
 * The audit log (docs/rules/operator-desk.md "Audit"): the operator's own actions, or, for a role that
 * may read them all, everyone's, filtered by operator and action; newest first, 20 a page, in the URL.
 */
export function AuditLogScreen({ operator }: DeskScreenProps) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const [params, setParams] = useSearchParams();
  const everyone = operator.permissions.includes('audit:read-all');
  const filter = {
    operatorId: everyone ? (params.get('operator') ?? '') : '',
    action: params.get('action') ?? '',
    page: pageOf(params.get('page')),
  };
  const [typedOperator, setTypedOperator] = useState(filter.operatorId);
  const [typedAction, setTypedAction] = useState(filter.action);
  const log = useAuditLog(filter);
  const headingId = useId();

  const search = (next: { operatorId: string; action: string; page?: number }) =>
    setParams({
      ...(next.operatorId ? { operator: next.operatorId } : {}),
      ...(next.action ? { action: next.action } : {}),
      ...(next.page && next.page > 1 ? { page: String(next.page) } : {}),
    });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    search({ operatorId: typedOperator.trim(), action: typedAction.trim() });
  };

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <ScreenHeader id={headingId} title={t('desk.audit.title')} intro={everyone ? t('desk.audit.introAll') : t('desk.audit.introOwn')} />
      <form role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={apply}>
        {everyone ? (
          <TextInput className="min-w-0 flex-1" label={t('desk.audit.operator')} value={typedOperator} onValueChange={setTypedOperator} />
        ) : null}
        <TextInput className="min-w-0 flex-1" label={t('desk.audit.action')} value={typedAction} onValueChange={setTypedAction} />
        <button type="submit" className={smallButtonClass}>
          {t('desk.audit.apply')}
        </button>
      </form>
      <QueryBody query={log}>
        {(answer) => (
          <div className={cardClass} aria-busy={log.isPlaceholderData || undefined}>
            {answer.entries.length === 0 ? <p className="text-sm text-muted">{t('desk.audit.none')}</p> : null}
            <ul className="flex flex-col gap-2">
              {answer.entries.map((entry) => (
                <li key={entry.id} className={itemClass}>
                  <p className="text-sm font-semibold text-fg">
                    <span className="font-mono">{entry.action}</span>
                    {' · '}
                    <span className={entry.outcome === 'refused' ? 'text-danger' : undefined}>
                      {t(`desk.audit.outcomes.${entry.outcome}`)}
                    </span>
                  </p>
                  <p className="text-sm break-all text-fg">{entry.operatorEmail}</p>
                  {entry.targetType ? (
                    <p className={codeClass}>
                      <span className="sr-only">{t('desk.audit.target')}: </span>
                      {`${entry.targetType} ${entry.targetId ?? ''}`}
                    </p>
                  ) : null}
                  {Object.keys(entry.details).length > 0 ? (
                    <p className={codeClass}>
                      <span className="sr-only">{t('desk.audit.details')}: </span>
                      {JSON.stringify(entry.details)}
                    </p>
                  ) : null}
                  <p className="text-xs text-muted">
                    <span className="sr-only">{t('desk.audit.at')}: </span>
                    {formatDateTime(entry.at, lng)}
                  </p>
                </li>
              ))}
            </ul>
            <Pager page={answer.page} total={answer.total} pageSize={DESK_PAGE_SIZE} onPage={(page) => search({ ...filter, page })} />
          </div>
        )}
      </QueryBody>
    </section>
  );
}

export default AuditLogScreen;
