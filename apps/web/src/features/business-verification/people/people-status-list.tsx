import { ErrorCode, type KybIndividual, type KybIndividualList } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@/lib/date-format';
import { errorText, isApiError, isError, retryText } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ErrorView, GradientButton, Spinner } from '@/ui';
import { cx } from '@/ui/class-names';
import { KYB_KEYS, useKybApi, useKybIndividuals } from '../api/kyb-api';
import { useTranslation } from '../texts';
import { PersonSummary } from './people-step';
import { fullNameOf } from './person-draft';

const STATUS_CLASS: Record<KybIndividual['verificationStatus'], string> = {
  Initial: 'bg-surface-2 text-muted',
  Pending: 'bg-surface-2 text-info',
  Resubmitting: 'bg-surface-2 text-danger',
  Pass: 'bg-surface-2 text-success',
  Fail: 'bg-surface-2 text-danger',
};

/**
 * The declared people once the form is submitted (docs/rules/kyb.md "Its people"): each one's role and
 * identity verification, and for those who must still verify, Resend link (individual/send-email) with
 * when it last went.
 */
export function PeopleStatusList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const individuals = useKybIndividuals();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="flex flex-col gap-3">
      <Heading className="text-lg font-semibold text-fg">{t('kyb.center.people')}</Heading>
      <p className="text-sm text-muted">{t('kyb.center.peopleIntro')}</p>
      {individuals.isPending ? <Spinner size="lg" label={t('kyb.form.loading')} className="mx-auto my-6" /> : null}
      {individuals.isError ? (
        <ErrorView headingLevel={3} title={t('kyb.people.loadFailed')} onRetry={() => void individuals.refetch()} />
      ) : null}
      {individuals.data ? (
        <ul className="flex flex-col gap-3">
          {individuals.data.map((person) => (
            <li key={person.id} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-start">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="text-xs font-medium tracking-wide text-muted uppercase">{t(`kyb.personType.${person.personType}`)}</span>
                <PersonSummary person={person} />
              </div>
              <div className="flex shrink-0 flex-col gap-2 sm:items-end">
                <span
                  className={cx(
                    'self-start rounded-full px-3 py-1 text-xs font-semibold sm:self-end',
                    STATUS_CLASS[person.verificationStatus],
                  )}
                >
                  {t(`kyb.personStatus.${person.verificationStatus}`)}
                </span>
                {person.mustVerify && person.verificationStatus !== 'Pass' ? <ResendLink person={person} /> : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ResendLink({ person }: { person: KybIndividual }) {
  const { t, i18n } = useTranslation();
  const api = useKybApi();
  const queries = useQueryClient();
  const send = useApiMutation({
    mutationFn: () => api.sendEmail(person.id),
    onSuccess: ({ emailSentAt }) =>
      queries.setQueryData<KybIndividualList>(KYB_KEYS.individuals, (list) =>
        list ? { individuals: list.individuals.map((item) => (item.id === person.id ? { ...item, emailSentAt } : item)) } : list,
      ),
  });
  // At most once a minute and five times a day for each person (docs/rules/kyb.md): say when it may go again.
  const refusal = (error: unknown) =>
    isError(error, ErrorCode.KybEmailTooSoon) ? retryText(isApiError(error) ? error.retryAfterSeconds : undefined, t) : errorText(error, t);
  return (
    <div className="flex flex-col gap-1 sm:items-end">
      <GradientButton
        variant="outline"
        className="min-h-10 text-sm"
        aria-label={t('kyb.center.resendTo', { name: fullNameOf(person) })}
        loading={send.isPending}
        onClick={() => send.mutate()}
      >
        {t('kyb.center.resend')}
      </GradientButton>
      <p aria-live="polite" className="text-xs text-muted">
        {person.emailSentAt ? t('kyb.center.sentAt', { time: formatDateTime(person.emailSentAt, i18n.language) }) : null}
      </p>
      {send.isError ? (
        <p role="alert" className="text-xs text-danger">
          {refusal(send.error)}
        </p>
      ) : null}
    </div>
  );
}
