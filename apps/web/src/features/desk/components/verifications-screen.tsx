import { VERIFICATION_SUBJECTS, type VerificationSubject } from '@causeway/contracts';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { type DeskVerificationListing, useVerificationsWaiting } from '../api/verifications-api';
import type { DeskScreenProps } from '../desk-screens';
import { useTranslation } from '../texts';
import { cardClass, itemClass, smallButtonClass, titleClass } from './desk-classes';
import { Field, QueryBody, ScreenHeader } from './screen-parts';
import { type DecisionOutcome, VerificationDecisionForm } from './verification-decision';

/** A decision sent, waiting for the vendor's answer: said plainly where the actions would be. */
const sentBadgeClass = 'self-start rounded-xl border border-line bg-surface-2 px-3 py-2 text-sm font-medium break-words text-fg';

/**
 * Verifications (docs/rules/operator-desk.md "Verifications"): the identity (KYC) and business (KYB) reviews the
 * vendor left for a person to decide, oldest first, each subject in its own list. A decision goes to the vendor,
 * whose answer (its webhook) changes the status; until it arrives the row says the decision was sent and offers
 * no second one.
 */
export function VerificationsScreen(_props: DeskScreenProps) {
  const { t } = useTranslation();
  const waiting = useVerificationsWaiting();
  const headingId = useId();
  const [outcome, setOutcome] = useState<DecisionOutcome | null>(null);
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <ScreenHeader id={headingId} title={t('desk.verifications.title')} intro={t('desk.verifications.intro')} />
      <button
        type="button"
        className={`${smallButtonClass} self-start`}
        disabled={waiting.isFetching}
        onClick={() => {
          setOutcome(null);
          void waiting.refetch();
        }}
      >
        {t('desk.verifications.refresh')}
      </button>
      <p role="status" className="text-sm text-fg empty:hidden">
        {outcome?.kind === 'sent' ? outcome.text : ''}
      </p>
      <p role="alert" className="text-sm text-danger empty:hidden">
        {outcome?.kind === 'refused' ? outcome.text : ''}
      </p>
      <QueryBody query={waiting}>
        {(answer) => (
          <>
            {VERIFICATION_SUBJECTS.map((subject) => (
              <SubjectList
                key={subject}
                subject={subject}
                items={answer.verifications.filter((item) => item.subject === subject)}
                busy={waiting.isFetching}
                onOutcome={setOutcome}
              />
            ))}
          </>
        )}
      </QueryBody>
    </section>
  );
}

/** One subject's waiting reviews (people's identities, or businesses), or that none waits. */
function SubjectList({
  subject,
  items,
  busy,
  onOutcome,
}: {
  subject: VerificationSubject;
  items: DeskVerificationListing[];
  busy: boolean;
  onOutcome: (outcome: DecisionOutcome | null) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass} aria-busy={busy || undefined}>
      <h2 id={headingId} className={titleClass}>
        {t(`desk.verifications.${subject}.title`)}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted">{t(`desk.verifications.${subject}.none`)}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <VerificationItem key={`${item.subject}:${item.userId}`} item={item} onOutcome={onOutcome} />
          ))}
        </ul>
      )}
    </section>
  );
}

function VerificationItem({ item, onOutcome }: { item: DeskVerificationListing; onOutcome: (outcome: DecisionOutcome | null) => void }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const who = item.name ?? item.email ?? item.userId;
  return (
    <li className={itemClass}>
      <h3 className="text-base font-semibold break-words text-fg">{item.name ?? '—'}</h3>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        <Field label={t('desk.verifications.email')}>
          <span className="break-all">{item.email ?? '—'}</span>
        </Field>
        <Field label={t('desk.verifications.country')}>{item.country ?? '—'}</Field>
        <Field label={t('desk.verifications.status')}>
          {t(`desk.verifications.statuses.${item.status}`, { defaultValue: item.status })}
        </Field>
        <Field label={t('desk.verifications.waitingSince')}>{formatDateTime(item.waitingSince, lng)}</Field>
      </dl>
      <p className="font-mono text-xs break-all text-muted">
        {t('desk.verifications.applicant', { provider: item.provider, applicantId: item.applicantId })}
      </p>
      {item.decision ? (
        <p className={sentBadgeClass}>
          {t('desk.verifications.sent', {
            decision: t(`desk.verifications.decisions.${item.decision.decision}`),
            by: item.decision.by,
            at: formatDateTime(item.decision.at, lng),
          })}
        </p>
      ) : (
        <VerificationDecisionForm item={item} who={who} onOutcome={onOutcome} />
      )}
    </li>
  );
}

export default VerificationsScreen;
