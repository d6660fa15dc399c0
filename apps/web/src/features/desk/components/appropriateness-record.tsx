import { CALL_ROUTES } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ConfirmDialog, GradientButton } from '@/ui';
import { useDeskCall } from '../api/desk-api';
import { type DeskAppropriatenessAnswer, QUESTIONNAIRE_KEYS, useAppropriateness } from '../api/questionnaire-api';
import { useTranslation } from '../texts';
import { ChangeStatus } from './config-parts';
import { cardClass, itemClass, titleClass } from './desk-classes';
import { LabelledTextArea, textLanguageOf } from './questionnaire-parts';
import { Field, QueryBody } from './screen-parts';

type AppropriatenessRecord = NonNullable<DeskAppropriatenessAnswer['record']>;

/**
 * A person's appropriateness test (docs/rules/appropriateness.md "For the operator's desk"): where it stands, each
 * attempt with its answers and points, every move; in a cooling-off, ending it early with a reason (asked again
 * before it is sent). The server audits the look and the change.
 */
export function AppropriatenessRecordView({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const record = useAppropriateness(userId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h3 id={headingId} className={titleClass}>
        {t('desk.questionnaires.appropriateness.title')}
      </h3>
      <QueryBody query={record}>
        {(answer) =>
          answer.record ? (
            <Record userId={userId} record={answer.record} />
          ) : (
            <p className="text-sm text-muted">{t('desk.questionnaires.appropriateness.none')}</p>
          )
        }
      </QueryBody>
    </section>
  );
}

function Record({ userId, record }: { userId: string; record: AppropriatenessRecord }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const language = textLanguageOf(lng);
  const a = 'desk.questionnaires.appropriateness';
  return (
    <>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        <Field label={t(`${a}.stage`)}>{t(`${a}.stages.${record.stage}`, { defaultValue: record.stage })}</Field>
        <Field label={t(`${a}.attempts`)}>
          {t(`${a}.attemptsValue`, { attempts: String(record.attempts), failures: String(record.failures) })}
        </Field>
        {record.silentUntil ? <Field label={t(`${a}.silentUntil`)}>{formatDateTime(record.silentUntil, lng)}</Field> : null}
        {record.passedAt ? <Field label={t(`${a}.passedAt`)}>{formatDateTime(record.passedAt, lng)}</Field> : null}
        {record.endedReason ? (
          <Field label={t(`${a}.endedReason`)} code>
            {record.endedReason}
          </Field>
        ) : null}
      </dl>
      {record.stage === 'IN_SILENT' ? <EndCoolingOff userId={userId} /> : null}
      {record.attemptsMade.length ? (
        <ol className="flex flex-col gap-2" aria-label={t(`${a}.attemptsList`)}>
          {record.attemptsMade.map((attempt) => (
            <li key={attempt.number} className={itemClass}>
              <p className="text-sm font-semibold text-fg">
                {t(`${a}.attempt`, { n: String(attempt.number), version: attempt.testVersion })}
                {' · '}
                {attempt.outcome
                  ? t(`${a}.outcome`, {
                      outcome: t(`${a}.outcomes.${attempt.outcome}`),
                      score: String(attempt.score ?? 0),
                      max: String(attempt.maxScore ?? 0),
                      pass: String(attempt.passMark ?? 0),
                    })
                  : t(`${a}.unanswered`)}
              </p>
              <ul className="flex flex-col gap-1">
                {attempt.answers.map((answer) => (
                  <li key={answer.questionId} className="text-sm break-words text-fg">
                    {answer.prompt?.[language] ?? answer.questionId}: {answer.option?.[language] ?? answer.optionId}{' '}
                    <span className="text-muted">
                      ({t(`${a}.points`, { points: String(answer.points) })}
                      {answer.concern ? `, ${t(`${a}.concern`)}` : ''})
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      ) : null}
      {record.events.length ? (
        <details className="text-sm text-fg">
          <summary className="min-h-10 cursor-pointer py-2 font-medium">{t(`${a}.moves`, { n: String(record.events.length) })}</summary>
          <ol className="flex flex-col gap-1">
            {record.events.map((event, index) => (
              <li key={index} className="break-words">
                {formatDateTime(event.at, lng)} · {event.fromStage} → {event.toStage} · {event.actor}
                {event.detail ? ` · ${event.detail}` : ''}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </>
  );
}

/** Ends the cooling-off: a reason first, then a confirmation; the person may retake the test at once. */
function EndCoolingOff({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const queries = useQueryClient();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [said, setSaid] = useState<string>();
  const end = useApiMutation({
    mutationFn: () => call(CALL_ROUTES.deskAppropriatenessEndCoolingOff, { userId, reason }),
    onSuccess: (answer) => {
      setSaid(t('desk.questionnaires.appropriateness.ended'));
      queries.setQueryData(QUESTIONNAIRE_KEYS.appropriateness(userId), answer);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const blank = !reason.trim();
    setMissing(blank);
    if (!blank) setConfirming(true);
  };
  const a = 'desk.questionnaires.appropriateness';
  return (
    <form className={`${itemClass} gap-2`} onSubmit={submit} noValidate>
      <LabelledTextArea
        label={t(`${a}.reason`)}
        hint={t(`${a}.reasonHint`)}
        value={reason}
        maxLength={500}
        required
        aria-invalid={missing || undefined}
        onValueChange={setReason}
      />
      <ChangeStatus said={missing ? t(`${a}.needReason`) : said} error={end.error} />
      <GradientButton type="submit" className="self-start" loading={end.isPending}>
        {t(`${a}.end`)}
      </GradientButton>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t(`${a}.confirmTitle`)}
        description={t(`${a}.confirmText`)}
        confirmLabel={t(`${a}.confirm`)}
        cancelLabel={t(`${a}.cancel`)}
        onConfirm={async () => {
          setConfirming(false);
          await end.mutateAsync().catch(() => undefined);
        }}
      />
    </form>
  );
}
