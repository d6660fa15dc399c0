import { DESK_PAGE_SIZE, EDD_CASE_STATUSES, type EddCaseStatus } from '@causeway/contracts';
import { useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { useEddCases } from '../api/edd-api';
import type { DeskScreenProps } from '../desk-screens';
import { useTranslation } from '../texts';
import { cardClass, codeClass, itemClass, linkClass } from './desk-classes';
import { EddCaseDetail } from './edd-case-detail';
import { EddCountries } from './edd-countries';
import { eddFieldClass, eddLabelClass } from './edd-parts';
import { EddRequest } from './edd-request';
import { Pager, QueryBody, ScreenHeader } from './screen-parts';

const isStatus = (text: string | null): text is EddCaseStatus => EDD_CASE_STATUSES.includes(text as EddCaseStatus);

/** The page the URL asks for: a whole number from 1, else 1. */
function pageOf(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/**
 * Enhanced due diligence (docs/rules/operator-desk.md "EDD reviews"): the cases of a status (Pending, the ones
 * waiting for a decision, first), the status and page in the URL; edd/<caseId> opens one case to decide it.
 * Below, asking a person for EDD (journeys:start) and the country risk list (config:change), for roles that may.
 */
export function EddScreen({ rest, base, operator }: DeskScreenProps) {
  const [caseId] = rest;
  if (caseId) return <EddCaseDetail caseId={decodeURIComponent(caseId)} back={base} operator={operator} />;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <EddCases base={base} />
      {operator.permissions.includes('journeys:start') ? <EddRequest base={base} /> : null}
      {operator.permissions.includes('config:change') ? <EddCountries /> : null}
    </div>
  );
}

function EddCases({ base }: { base: string }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as EddCaseStatus) : 'Pending';
  const page = pageOf(params.get('page'));
  const cases = useEddCases(status, page);
  const ids = { heading: useId(), status: useId() };
  const goTo = (next: number) => setParams({ status, page: String(next) });

  return (
    <section aria-labelledby={ids.heading} className="flex min-w-0 flex-col gap-4">
      <ScreenHeader id={ids.heading} title={t('desk.edd.title')} intro={t('desk.edd.intro')} />
      <div className="max-w-xs">
        <label htmlFor={ids.status} className={eddLabelClass}>
          {t('desk.edd.statusFilter')}
        </label>
        <select id={ids.status} value={status} onChange={(event) => setParams({ status: event.target.value })} className={eddFieldClass}>
          {EDD_CASE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`desk.edd.statuses.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <QueryBody query={cases}>
        {(answer) => (
          <div className={cardClass} aria-busy={cases.isPlaceholderData || undefined}>
            <p className="text-sm text-muted" aria-live="polite">
              {answer.total === 0 ? t('desk.edd.none') : t('desk.edd.found', { total: String(answer.total) })}
            </p>
            <ul className="flex flex-col gap-2">
              {answer.cases.map((row) => {
                const who = row.email ?? row.userId;
                return (
                  <li key={row.id} className={itemClass}>
                    <Link to={`${base}/${encodeURIComponent(row.id)}`} className={linkClass} aria-label={t('desk.edd.open', { who })}>
                      <span className="break-all">{who}</span>
                    </Link>
                    <p className={codeClass}>{row.id}</p>
                    <p className="text-sm text-fg">
                      {[
                        t(`desk.edd.statuses.${row.status}`),
                        t(`desk.edd.triggers.${row.trigger}`),
                        row.submittedAt
                          ? t('desk.edd.submittedAt', { at: formatDateTime(row.submittedAt, lng) })
                          : t('desk.edd.dueBy', { at: formatDateTime(row.deadlineAt, lng) }),
                      ].join(' · ')}
                    </p>
                  </li>
                );
              })}
            </ul>
            <Pager page={answer.page} total={answer.total} pageSize={DESK_PAGE_SIZE} onPage={goTo} />
          </div>
        )}
      </QueryBody>
    </section>
  );
}

export default EddScreen;
