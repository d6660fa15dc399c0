import { type AdditionalQuestion, ErrorCode, QUESTION_DETAIL_DEBOUNCE_MS, questionLanguageOf } from '@causeway/contracts';
import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ACCOUNT_INFO_KEY } from '@/lib/account-info';
import { isApiError, isError } from '@/lib/http-errors';
import { useTrack } from '@/lib/telemetry';
import { useApiMutation } from '@/lib/use-api-mutation';
import { GradientButton, Spinner } from '@/ui';
import { type AnswerDraft, answerOf, EMPTY_DRAFT, isAnswered } from '../questionnaire-answers';
import { failureCodeOf, QUESTIONNAIRE_KEYS, useQuestionIds, useQuestionnaireApi } from '../questionnaire-api';
import { useTranslation } from '../texts';
import { useDebouncedValue } from '../use-debounced-value';
import { QuestionField } from './question-field';

/** What the form tells its page: nothing is asked, or the answers went. */
export interface QuestionnaireFormProps {
  /** The answers were stored: the account info no longer asks. */
  onSubmitted: () => void;
  /** my-question-ids answered no question: the page says so. (Its failure is the dialog's or the page's to show.) */
  onNothingAsked?: () => void;
}

/**
 * The dynamic questionnaire (docs/rules/questionnaire.md): the questions asked (query/my-question-ids), each one's
 * detail in the page's language fetched 500 ms after the last change (my-question-detail), then every answer at
 * once (commit/v3/my-questionnaire). A submit with a question unanswered marks it red and sends nothing (spec §5);
 * failures to load or send are logged only (spec §8): the form stays, and Submit may be pressed again.
 */
export function QuestionnaireForm({ onSubmitted, onNothingAsked }: QuestionnaireFormProps) {
  const { t, i18n } = useTranslation();
  const api = useQuestionnaireApi();
  const queries = useQueryClient();
  const track = useTrack();
  const language = questionLanguageOf(i18n.language);

  const ids = useQuestionIds();
  const asked = useMemo(() => ids.data?.questions ?? [], [ids.data]);
  // spec §9: the details are asked once what to ask (the questions, the language) has not changed for 500 ms.
  const wanted = `${language}|${asked.map((q) => q.questionId).join(',')}`;
  const settled = useDebouncedValue(ids.data ? wanted : undefined, QUESTION_DETAIL_DEBOUNCE_MS);
  const [settledLanguage, settledIds] = settled === undefined ? [language, ''] : (settled.split('|') as [string, string]);
  const detailLanguage = questionLanguageOf(settledLanguage);
  const ready = new Set(settledIds.split(',').filter(Boolean));
  const details = useQueries({
    queries: asked.map(({ questionId, questionGroup }) => ({
      queryKey: QUESTIONNAIRE_KEYS.detail(questionId, detailLanguage, questionGroup),
      queryFn: () => api.detail(questionId, detailLanguage, questionGroup),
      enabled: ready.has(questionId),
      retry: false,
      staleTime: Infinity,
      placeholderData: keepPreviousData,
    })),
  });

  const none = ids.data?.questions.length === 0;
  useEffect(() => {
    if (none) onNothingAsked?.();
    // onNothingAsked is the page's; a new one each render must not report again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [none]);
  const failedDetails = details.flatMap((detail, index) => (detail.isError ? [asked[index]!.questionId] : []));
  const failedKey = failedDetails.join(',');
  useEffect(() => {
    if (failedKey) track('questionnaire.detailFailed', { subElementId: failedKey.slice(0, 64), message: 'my-question-detail failed' });
  }, [failedKey, track]);

  const [drafts, setDrafts] = useState<Record<string, AnswerDraft>>({});
  const [attempted, setAttempted] = useState(false);
  /** Questions the server said are unanswered (QNR0000001), until changed. */
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set());
  const list = useRef<HTMLOListElement>(null);
  const draftOf = (id: string) => drafts[id] ?? EMPTY_DRAFT;
  const shown = details.map((detail) => detail.data);
  const isMissing = (question: AdditionalQuestion | undefined, id: string) =>
    !question || !isAnswered(question, draftOf(id)) || refused.has(id);
  const unanswered = asked.filter(({ questionId }, index) => isMissing(shown[index], questionId));

  // The keyboard goes to the first question still to answer, once the marks are drawn.
  const [focusRequest, setFocusRequest] = useState(0);
  const focusFirstMissing = useCallback(() => setFocusRequest((count) => count + 1), []);
  useEffect(() => {
    if (focusRequest === 0) return;
    list.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[data-invalid] input, [data-missing] button')?.focus();
  }, [focusRequest]);

  const submit = useApiMutation({
    mutationFn: () =>
      api.submit(
        asked.map(({ questionId }, index) => answerOf(shown[index]!, draftOf(questionId))),
        detailLanguage,
      ),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: ACCOUNT_INFO_KEY });
      queries.removeQueries({ queryKey: ['questionnaire'] });
      onSubmitted();
    },
    onError: (error) => {
      track('questionnaire.submitFailed', { message: failureCodeOf(error) });
      if (isError(error, ErrorCode.QuestionnaireIncomplete) && isApiError(error)) {
        const named = (error.data as { missingQuestionIds?: unknown } | undefined)?.missingQuestionIds;
        if (typeof named === 'string') setRefused(new Set(named.split(',').filter(Boolean)));
        focusFirstMissing();
      }
    },
  });

  if (ids.isPending) return <Spinner size="lg" label={t('questionnaire.loading')} className="mx-auto my-6" />;
  if (ids.isError || asked.length === 0) return null;

  const trySubmit = () => {
    setAttempted(true);
    if (unanswered.length > 0) return focusFirstMissing();
    submit.mutate();
  };
  const change = (id: string) => (draft: AnswerDraft) => {
    setDrafts((current) => ({ ...current, [id]: draft }));
    if (refused.has(id)) setRefused((current) => new Set([...current].filter((other) => other !== id)));
  };
  const missingShown = attempted || refused.size > 0;

  return (
    <div className="flex flex-col gap-4">
      <ol ref={list} className="flex flex-col gap-5">
        {asked.map(({ questionId }, index) => {
          const detail = details[index]!;
          const question = shown[index];
          const missing = missingShown && isMissing(question, questionId);
          return (
            <li key={questionId} data-missing={missing || undefined} className="flex gap-3">
              <span aria-hidden="true" className="mt-0.5 text-sm font-semibold text-muted">{`${index + 1}.`}</span>
              <div className="min-w-0 flex-1">
                {question ? (
                  <QuestionField
                    question={question}
                    draft={draftOf(questionId)}
                    onChange={change(questionId)}
                    missing={missing}
                    upload={api.upload}
                  />
                ) : detail.isError ? (
                  <div className="flex flex-wrap items-center gap-2 text-sm text-fg">
                    <span className={missing ? 'text-danger' : undefined}>{t('questionnaire.questionFailed')}</span>
                    <button
                      type="button"
                      onClick={() => void detail.refetch()}
                      className="rounded-lg px-2 py-1 font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {t('questionnaire.retry')}
                    </button>
                  </div>
                ) : (
                  <Spinner size="sm" label={t('questionnaire.loading')} />
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {missingShown && unanswered.length > 0 ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t('questionnaire.answerAll', { number: unanswered.length })}
        </p>
      ) : null}
      {submit.isError && !isError(submit.error, ErrorCode.QuestionnaireIncomplete) ? (
        <p role="status" className="text-sm text-danger">
          {t('questionnaire.submitFailed')}
        </p>
      ) : null}
      <GradientButton
        fullWidth
        loading={submit.isPending}
        variant={missingShown && unanswered.length > 0 ? 'inactive' : 'primary'}
        onClick={trySubmit}
      >
        {t('questionnaire.submit')}
      </GradientButton>
    </div>
  );
}
