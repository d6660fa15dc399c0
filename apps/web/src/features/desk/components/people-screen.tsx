import { DESK_PAGE_SIZE } from '@causeway/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { GradientButton, TextInput } from '@/ui';
import { usePeople } from '../api/desk-api';
import type { DeskScreenProps } from '../desk-screens';
import { useTranslation } from '../texts';
import { cardClass, codeClass, itemClass, linkClass } from './desk-classes';
import { PersonDetail } from './person-detail';
import { Pager, QueryBody, ScreenHeader } from './screen-parts';

/** The page the URL asks for: a whole number from 1, else 1. */
function pageOf(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/**
 * People and businesses (docs/rules/operator-desk.md "Screens"): a search by part of an email or an
 * account id, newest first, 20 a page, the query and page in the URL; people/<id> opens one account.
 */
export function PeopleScreen({ rest, base, operator }: DeskScreenProps) {
  const [userId] = rest;
  if (userId)
    return (
      <PersonDetail userId={decodeURIComponent(userId)} back={base} mayStartJourneys={operator.permissions.includes('journeys:start')} />
    );
  return <PeopleSearch base={base} />;
}

function PeopleSearch({ base }: { base: string }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageOf(params.get('page'));
  const [typed, setTyped] = useState(q);
  const people = usePeople(q, page);
  const headingId = useId();

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams(typed.trim() ? { q: typed.trim() } : {});
  };
  const goTo = (next: number) => setParams({ ...(q ? { q } : {}), page: String(next) });

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <ScreenHeader id={headingId} title={t('desk.people.title')} intro={t('desk.people.intro')} />
      <form role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={search}>
        <TextInput className="min-w-0 flex-1" label={t('desk.people.search')} type="search" value={typed} onValueChange={setTyped} />
        <GradientButton type="submit">{t('desk.people.submit')}</GradientButton>
      </form>
      <QueryBody query={people}>
        {(answer) => (
          <div className={cardClass} aria-busy={people.isPlaceholderData || undefined}>
            <p className="text-sm text-muted" aria-live="polite">
              {answer.total === 0 ? t('desk.people.none') : t('desk.people.found', { total: String(answer.total) })}
            </p>
            <ul className="flex flex-col gap-2">
              {answer.people.map((person) => (
                <li key={person.userId} className={itemClass}>
                  <Link
                    to={`${base}/${encodeURIComponent(person.userId)}`}
                    className={linkClass}
                    aria-label={t('desk.people.open', { email: person.email })}
                  >
                    <span className="break-all">{person.email}</span>
                  </Link>
                  <p className={codeClass}>{person.userId}</p>
                  <p className="text-sm text-fg">
                    {[
                      t(`desk.userTypes.${person.userType}`, { defaultValue: person.userType }),
                      t(`desk.accountStatuses.${person.accountStatus}`, { defaultValue: person.accountStatus }),
                      person.accountStatusReasonCode,
                      person.entityTag,
                      formatDateTime(person.createdAt, lng),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </li>
              ))}
            </ul>
            <Pager page={answer.page} total={answer.total} pageSize={DESK_PAGE_SIZE} onPage={goTo} />
          </div>
        )}
      </QueryBody>
    </section>
  );
}

export default PeopleScreen;
