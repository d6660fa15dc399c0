import { type AdditionalAnswer, CALL_ROUTES, type QuestionLanguage } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { HttpClient } from '@/lib/http-client';
import { useHttpClient } from '@/lib/http-context';
import { isApiError } from '@/lib/http-errors';
import { uploadDocument } from '@/lib/upload-document';

/** The query keys of the questionnaire's reads. */
export const QUESTIONNAIRE_KEYS = {
  ids: ['questionnaire', 'ids'] as const,
  detail: (questionId: string, language: QuestionLanguage, questionGroup: string) =>
    ['questionnaire', 'detail', questionId, language, questionGroup] as const,
};

/**
 * The questionnaire's calls (docs/rules/questionnaire.md). Every one is silent: spec §8 has their failures logged
 * only, never toasted; the page says what it must itself.
 */
export function createQuestionnaireApi(client: HttpClient) {
  return {
    questionIds: () => client.call(CALL_ROUTES.myQuestionIds, {}, { silent: true }),
    detail: (questionId: string, language: QuestionLanguage, questionGroup: string) =>
      client.call(CALL_ROUTES.myQuestionDetail, { questionId, language, questionGroup }, { silent: true }),
    /** commit/v3/my-questionnaire: every answer at once, a radio's text with its choice first (spec §5). */
    submit: (answers: AdditionalAnswer[], language: QuestionLanguage) =>
      client.call(CALL_ROUTES.commitMyQuestionnaireV3, { answers, language }, { silent: true }),
    /** One file of an UPLOAD question, through the identity documents' signed upload (sign-upload, then the PUT). */
    upload: (file: File) => uploadDocument(client, file, 'kyc'),
  };
}

export type QuestionnaireApi = ReturnType<typeof createQuestionnaireApi>;

/** The questionnaire's calls on the app's HTTP client. */
export function useQuestionnaireApi(): QuestionnaireApi {
  const client = useHttpClient();
  return useMemo(() => createQuestionnaireApi(client), [client]);
}

/** query/my-question-ids, asked once a page load (the dialog and the form share it); a failure is not retried. */
export function useQuestionIds() {
  const api = useQuestionnaireApi();
  return useQuery({ queryKey: QUESTIONNAIRE_KEYS.ids, queryFn: api.questionIds, retry: false, staleTime: Infinity });
}

/**
 * What a failure is logged as (spec §8: logged only): the catalogue's name of its error, else its kind; never a
 * message, which could quote an answer (and a six-digit code would be logged redacted).
 */
export const failureCodeOf = (error: unknown): string => (isApiError(error) ? (error.errorName ?? error.kind) : 'error');
