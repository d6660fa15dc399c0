import type { EddQuestionnaire as Questionnaire } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorText } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ErrorView, GradientButton, Spinner } from '@/ui';
import { KYB_KEYS, useEddQuestionnaire, useKybApi } from '../api/kyb-api';
import { useKybUpload } from '../components/use-kyb-upload';
import { useTranslation } from '../texts';
import { type EddDraft, eddAnswerOf, eddDraftOf, isAnswered } from './edd-answers';
import { EddQuestionField } from './edd-question';

/**
 * The enhanced due diligence questionnaire (edd-info/questionnaire/query): each answer saved as the
 * person goes (questionnaire/commit), then submitted whole (edd-info/submit-all). Every question must
 * be answered; after a submit is tried the unanswered ones are marked red and the submit waits (spec §5).
 */
export function EddQuestionnaire() {
  const { t } = useTranslation();
  const questionnaire = useEddQuestionnaire({ enabled: true });
  if (questionnaire.isPending) return <Spinner size="lg" label={t('kyb.form.loading')} className="mx-auto my-6" />;
  if (questionnaire.isError)
    return <ErrorView headingLevel={3} title={t('kyb.edd.loadFailed')} onRetry={() => void questionnaire.refetch()} />;
  return <LoadedQuestionnaire questionnaire={questionnaire.data} />;
}

function LoadedQuestionnaire({ questionnaire }: { questionnaire: Questionnaire }) {
  const { t } = useTranslation();
  const api = useKybApi();
  const queries = useQueryClient();
  const upload = useKybUpload();
  const { questions } = questionnaire;
  const [drafts, setDrafts] = useState<Record<string, EddDraft>>(() =>
    Object.fromEntries(
      questions.map((question) => [
        question.id,
        eddDraftOf(
          question,
          questionnaire.answers.find((a) => a.id === question.id),
        ),
      ]),
    ),
  );
  const [attempted, setAttempted] = useState(false);
  const list = useRef<HTMLOListElement>(null);

  const commit = useApiMutation({ mutationFn: (answers: ReturnType<typeof eddAnswerOf>[]) => api.commitEddAnswers(answers) });
  const submit = useApiMutation({
    mutationFn: () => api.submitEdd(questions.map((question) => eddAnswerOf(question, drafts[question.id]!))),
    onSuccess: async (answered) => {
      queries.setQueryData(KYB_KEYS.edd, answered);
      await queries.invalidateQueries({ queryKey: KYB_KEYS.application });
    },
  });
  const unanswered = questions.filter((question) => !isAnswered(question, drafts[question.id]!));

  const trySubmit = () => {
    setAttempted(true);
    if (unanswered.length > 0) {
      // The keyboard goes to the first question still to answer.
      queueMicrotask(() => list.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-missing="true"] input')?.focus());
      return;
    }
    submit.mutate();
  };

  return (
    <div className="flex flex-col gap-4">
      {questionnaire.eddFailReason && questionnaire.eddStatus === 'Resubmitting' ? (
        <p className="rounded-xl border border-danger p-3 text-sm whitespace-pre-line text-fg">{questionnaire.eddFailReason}</p>
      ) : null}
      <ol ref={list} className="flex flex-col gap-5">
        {questions.map((question, index) => {
          const missing = attempted && !isAnswered(question, drafts[question.id]!);
          return (
            <li key={question.id} data-missing={missing || undefined} className="flex gap-3">
              <span aria-hidden="true" className="mt-0.5 text-sm font-semibold text-muted">{`${index + 1}.`}</span>
              <div className="min-w-0 flex-1">
                <EddQuestionField
                  question={question}
                  draft={drafts[question.id]!}
                  onChange={(draft) => setDrafts((current) => ({ ...current, [question.id]: draft }))}
                  onCommit={(draft) => {
                    if (isAnswered(question, draft)) commit.mutate([eddAnswerOf(question, draft)]);
                  }}
                  missing={missing}
                  upload={upload}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {commit.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('kyb.edd.saveFailed', { reason: errorText(commit.error, t) })}
        </p>
      ) : null}
      {attempted && unanswered.length > 0 ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t('kyb.edd.answerAll', { number: unanswered.length })}
        </p>
      ) : null}
      {submit.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorText(submit.error, t)}
        </p>
      ) : null}
      <GradientButton
        fullWidth
        loading={submit.isPending}
        variant={attempted && unanswered.length > 0 ? 'inactive' : 'primary'}
        onClick={trySubmit}
      >
        {t('kyb.edd.submit')}
      </GradientButton>
    </div>
  );
}
