import { ErrorCode, type KybIndividual } from '@causeway/contracts';
import { useId, useState } from 'react';
import { formatDateTime } from '@/lib/date-format';
import { errorText, isError } from '@/lib/http-errors';
import { ErrorView, Spinner } from '@/ui';
import { cx } from '@/ui/class-names';
import { useKybIndividuals, useResendLink } from '../api/portal-api';
import { useTranslation } from '../texts';
import { cardClass, outlineLinkClass, sectionTitleClass } from './portal-classes';

/** One human, whatever roles they are declared in: they verify once for all of them (docs/rules/kyb.md). */
interface Person {
  /** The first of their roles' entries: the one individual/send-email is asked with. */
  first: KybIndividual;
  roles: KybIndividual['personType'][];
}

const fullName = (person: KybIndividual) => [person.firstName, person.middleName, person.lastName].filter(Boolean).join(' ');

/** The declared entries grouped by human (same first name, last name and date of birth), in the order declared. */
export function peopleOf(individuals: readonly KybIndividual[]): Person[] {
  const byHuman = new Map<string, Person>();
  for (const individual of individuals) {
    const key = [individual.firstName, individual.lastName, individual.dob].join('|').toLowerCase();
    const known = byHuman.get(key);
    if (known) {
      if (!known.roles.includes(individual.personType)) known.roles.push(individual.personType);
      // Whoever of their entries must verify decides: a director who is also a small owner must.
      if (individual.mustVerify && !known.first.mustVerify) known.first = individual;
    } else byHuman.set(key, { first: individual, roles: [individual.personType] });
  }
  return [...byHuman.values()];
}

const STATUS_TONE: Record<KybIndividual['verificationStatus'], string> = {
  Pass: 'bg-success text-on-primary',
  Fail: 'bg-danger text-on-primary',
  Resubmitting: 'bg-danger text-on-primary',
  Pending: 'bg-info text-on-primary',
  Initial: 'bg-surface-2 text-muted',
};

/**
 * The business's people (kyb/individual/list): each one's roles, where their identity verification
 * stands, and for those who still must verify, when their link went and Resend (individual/send-email).
 */
export function PeopleList() {
  const { t } = useTranslation();
  const headingId = useId();
  const individuals = useKybIndividuals();

  let body;
  if (individuals.data) {
    const people = peopleOf(individuals.data);
    body =
      people.length === 0 ? (
        <p className="text-sm text-muted">{t('portal.account.people.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {people.map((person) => (
            <PersonRow key={person.first.id} person={person} />
          ))}
        </ul>
      );
  } else if (individuals.isError) {
    body = (
      <ErrorView headingLevel={3} className="py-4" content={errorText(individuals.error, t)} onRetry={() => void individuals.refetch()} />
    );
  } else {
    body = (
      <div className="flex justify-center py-6">
        <Spinner size="md" label={t('portal.account.people.loading')} />
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={sectionTitleClass}>
        {t('portal.account.people.title')}
      </h2>
      <p className="text-sm text-muted">{t('portal.account.people.intro')}</p>
      {body}
    </section>
  );
}

function PersonRow({ person }: { person: Person }) {
  const { t, i18n } = useTranslation();
  const resend = useResendLink();
  // What the last Resend said, announced where the button is.
  const [outcome, setOutcome] = useState<{ kind: 'sent' | 'refused'; text: string } | null>(null);
  const { first } = person;
  const name = fullName(first);
  const mustStillVerify = first.mustVerify && first.verificationStatus !== 'Pass';

  const send = () => {
    if (resend.isPending) return;
    setOutcome(null);
    resend.mutate(first.id, {
      onSuccess: () => setOutcome({ kind: 'sent', text: t('portal.account.people.resent', { email: first.email }) }),
      onError: (error) =>
        setOutcome({
          kind: 'refused',
          text: isError(error, ErrorCode.KybEmailTooSoon) ? t('portal.account.people.tooSoon') : errorText(error, t),
        }),
    });
  };

  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <span className="font-medium break-words text-fg">{name}</span>
          <span className="text-sm text-muted">{person.roles.map((role) => t(`portal.account.people.roles.${role}`)).join(' · ')}</span>
        </div>
        {first.mustVerify ? (
          <span className={cx('shrink-0 rounded-full px-2 py-0.5 text-xs font-medium', STATUS_TONE[first.verificationStatus])}>
            {t(`portal.account.people.status.${first.verificationStatus}`)}
          </span>
        ) : (
          <span className="shrink-0 text-xs text-muted">{t('portal.account.people.noVerification')}</span>
        )}
      </div>
      {mustStillVerify ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-xs text-muted">
            {first.emailSentAt
              ? t('portal.account.people.sentAt', { time: formatDateTime(first.emailSentAt, i18n.language) })
              : t('portal.account.people.notSent')}
          </span>
          {first.emailSentAt ? (
            <button
              type="button"
              onClick={send}
              aria-disabled={resend.isPending}
              aria-label={t('portal.account.people.resendTo', { name })}
              className={cx(outlineLinkClass, 'gap-2', resend.isPending && 'cursor-wait opacity-70')}
            >
              {resend.isPending ? <Spinner size="sm" /> : null}
              {t('portal.account.people.resend')}
            </button>
          ) : null}
        </div>
      ) : null}
      <p role="status" className={cx('text-sm', outcome?.kind === 'refused' ? 'text-danger' : 'text-success', !outcome && 'sr-only')}>
        {outcome?.text}
      </p>
    </li>
  );
}
