import { CALL_ROUTES, type QuestionnaireDecision } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { useApiMutation } from '@/lib/use-api-mutation';
import { GradientButton } from '@/ui';
import { useDeskCall } from '../api/desk-api';
import { type DeskQuestionnaireListing, QUESTIONNAIRE_KEYS, useQuestionnairesOf, useQuestions } from '../api/questionnaire-api';
import { useTranslation } from '../texts';
import { ChangeStatus } from './config-parts';
import { cardClass, codeClass, itemClass, smallButtonClass, titleClass } from './desk-classes';
import { LabelledTextArea, saveFile, textLanguageOf } from './questionnaire-parts';
import { Field, QueryBody } from './screen-parts';

/**
 * One person's questionnaires (docs/rules/questionnaire.md): asking them questions (journeys:start), what they were
 * asked and answered, their files, and the decision on answers given (reviews:decide). The server audits each look.
 */
export function PersonQuestionnaires({ userId, mayAssign }: { userId: string; mayAssign: boolean }) {
  const { t } = useTranslation();
  const questionnaires = useQuestionnairesOf(userId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h3 id={headingId} className={titleClass}>
        {t('desk.questionnaires.person.title')}
      </h3>
      <QueryBody query={questionnaires}>
        {(answer) => (
          <>
            <p className="text-sm text-fg">
              {answer.asked ? t('desk.questionnaires.person.asked') : t('desk.questionnaires.person.notAsked')}
            </p>
            {mayAssign ? <AssignForm userId={userId} /> : null}
            {answer.questionnaires.length === 0 ? (
              <p className="text-sm text-muted">{t('desk.questionnaires.person.none')}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {answer.questionnaires.map((questionnaire) => (
                  <Questionnaire key={questionnaire.id} questionnaire={questionnaire} />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryBody>
    </section>
  );
}

/** Ask the person some of the active questions: their open questionnaire, if any, asks these instead. */
function AssignForm({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const queries = useQueryClient();
  const questions = useQuestions();
  const { lng = 'en' } = useParams();
  const language = textLanguageOf(lng);
  const [chosen, setChosen] = useState<string[]>([]);
  const [said, setSaid] = useState<string>();
  const assign = useApiMutation({
    mutationFn: () => call(CALL_ROUTES.deskQuestionnaireAssign, { userId, questionIds: chosen }),
    onSuccess: (assigned) => {
      setSaid(t('desk.questionnaires.assign.done', { n: String(assigned.questionIds.length) }));
      setChosen([]);
      void queries.invalidateQueries({ queryKey: QUESTIONNAIRE_KEYS.person(userId) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) setSaid(t('desk.questionnaires.assign.chooseOne'));
    else assign.mutate();
  };
  return (
    <form className={itemClass} onSubmit={submit} noValidate>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="text-sm font-semibold text-fg">{t('desk.questionnaires.assign.legend')}</legend>
        <QueryBody query={questions}>
          {(answer) => {
            const active = answer.questions.filter((question) => question.active);
            if (active.length === 0) return <p className="text-sm text-muted">{t('desk.questionnaires.bank.none')}</p>;
            return active.map((question) => (
              <label key={question.id} className="flex min-h-10 items-start gap-2 text-sm text-fg">
                <input
                  type="checkbox"
                  className="mt-1 size-4 shrink-0"
                  checked={chosen.includes(question.id)}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    setChosen((now) => (on ? [...now, question.id] : now.filter((id) => id !== question.id)));
                  }}
                />
                <span className="min-w-0 break-words">
                  {question.text[language]} <span className="text-muted">({question.id})</span>
                </span>
              </label>
            ));
          }}
        </QueryBody>
      </fieldset>
      <ChangeStatus said={said} error={assign.error} />
      <GradientButton type="submit" className="self-start" loading={assign.isPending}>
        {t('desk.questionnaires.assign.submit')}
      </GradientButton>
    </form>
  );
}

function Questionnaire({ questionnaire }: { questionnaire: DeskQuestionnaireListing }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const call = useDeskCall();
  const download = useApiMutation({
    mutationFn: (input: { questionId: string; file: string }) =>
      call(CALL_ROUTES.deskQuestionnaireFile, { assignmentId: questionnaire.id, ...input }),
    onSuccess: saveFile,
  });
  const { review } = questionnaire;
  const status = !questionnaire.answeredAt
    ? t('desk.questionnaires.person.open')
    : review
      ? t(`desk.questionnaires.review.${review.outcome}`, { by: review.reviewedBy, at: formatDateTime(review.reviewedAt, lng) })
      : t('desk.questionnaires.person.waiting');
  return (
    <li className={itemClass}>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        <Field label={t('desk.questionnaires.person.askedBy')}>
          {questionnaire.assignedBy} · {formatDateTime(questionnaire.assignedAt, lng)}
        </Field>
        <Field label={t('desk.questionnaires.person.status')}>{status}</Field>
        {questionnaire.answeredAt ? (
          <Field label={t('desk.questionnaires.person.answeredAt')}>{formatDateTime(questionnaire.answeredAt, lng)}</Field>
        ) : null}
        {review?.note ? <Field label={t('desk.questionnaires.review.note')}>{review.note}</Field> : null}
      </dl>
      {questionnaire.answers.length ? (
        <ol className="flex flex-col gap-2">
          {questionnaire.answers.map((answer) => (
            <li key={answer.questionId} className="flex min-w-0 flex-col gap-1 border-t border-line pt-2">
              <p className="text-sm font-semibold break-words text-fg">{answer.questionText}</p>
              {answer.answerText ? <p className="text-sm break-words whitespace-pre-line text-fg">{answer.answerText}</p> : null}
              {answer.files.map((file) => (
                <button
                  key={file}
                  type="button"
                  className={`${smallButtonClass} self-start`}
                  disabled={download.isPending}
                  aria-label={t('desk.questionnaires.person.downloadOne', { file: file.split('/').pop() ?? file })}
                  onClick={() => download.mutate({ questionId: answer.questionId, file })}
                >
                  <span className={codeClass}>{file.split('/').pop()}</span>
                </button>
              ))}
            </li>
          ))}
        </ol>
      ) : (
        <p className={codeClass}>{questionnaire.questionIds.join(', ')}</p>
      )}
      <ChangeStatus said={null} error={download.error} />
      {questionnaire.answeredAt && !review ? <DecideForm questionnaire={questionnaire} /> : null}
    </li>
  );
}

/** Accept the answers, or ask the same questions again, saying why (kept with the decision, audited). */
function DecideForm({ questionnaire }: { questionnaire: DeskQuestionnaireListing }) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const queries = useQueryClient();
  const [decision, setDecision] = useState<QuestionnaireDecision>('accept');
  const [note, setNote] = useState('');
  const [missingNote, setMissingNote] = useState(false);
  const decide = useApiMutation({
    mutationFn: () => call(CALL_ROUTES.deskQuestionnaireDecide, { assignmentId: questionnaire.id, decision, note }),
    onSuccess: () => void queries.invalidateQueries({ queryKey: QUESTIONNAIRE_KEYS.all }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const needsNote = decision === 'ask-again' && !note.trim();
    setMissingNote(needsNote);
    if (!needsNote) decide.mutate();
  };
  const name = useId();
  return (
    <form className="flex min-w-0 flex-col gap-2 border-t border-line pt-2" onSubmit={submit} noValidate>
      <fieldset className="flex min-w-0 flex-col gap-1">
        <legend className="text-sm font-semibold text-fg">{t('desk.questionnaires.review.legend')}</legend>
        {(['accept', 'ask-again'] as const).map((choice) => (
          <label key={choice} className="flex min-h-10 items-center gap-2 text-sm text-fg">
            <input type="radio" name={name} value={choice} checked={decision === choice} onChange={() => setDecision(choice)} />
            {t(`desk.questionnaires.review.${choice}`)}
          </label>
        ))}
      </fieldset>
      <LabelledTextArea
        label={decision === 'ask-again' ? t('desk.questionnaires.review.noteRequired') : t('desk.questionnaires.review.noteOptional')}
        hint={t('desk.questionnaires.review.noteHint')}
        value={note}
        maxLength={500}
        aria-invalid={missingNote || undefined}
        onValueChange={setNote}
      />
      <ChangeStatus said={missingNote ? t('desk.questionnaires.review.needNote') : null} error={decide.error} />
      <GradientButton type="submit" className="self-start" loading={decide.isPending}>
        {t('desk.questionnaires.review.submit')}
      </GradientButton>
    </form>
  );
}
