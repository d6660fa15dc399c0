import { z } from 'zod';
import { PATHS } from '../paths.ts';
import {
  additionalInfoListSchema,
  additionalInfoSubmitSchema,
  additionalQuestionSchema,
  commitMyQuestionnaireSchema,
  commitMyQuestionnaireV3Schema,
  dynamicQuestionnaireSchema,
  extraMyQuestionRequestSchema,
  extraMyQuestionResultSchema,
  myQuestionDetailRequestSchema,
  myQuestionIdsResultSchema,
  questionnaireCommitResultSchema,
  questionnaireLanguageQuerySchema,
} from '../questionnaire.ts';
import { defineCall } from './define-call.ts';

const tags = ['questionnaire'];
const signedIn = { caller: 'individual', tags } as const;

/**
 * The dynamic questionnaire and the additional-information questions (docs/rules/questionnaire.md): every call
 * reads or answers the questionnaire an operator asked of the signed-in person (individual or business session).
 */
export const QUESTIONNAIRE_CALLS = {
  myQuestionIds: defineCall({
    ...signedIn,
    method: 'POST',
    path: PATHS.myQuestionIds,
    summary: 'The questions asked of the person now, in order, each with its group (none when nothing is asked)',
    body: z.object({}).strict().optional(),
    result: myQuestionIdsResultSchema,
  }),
  myQuestionDetail: defineCall({
    ...signedIn,
    method: 'POST',
    path: PATHS.myQuestionDetail,
    summary: 'One asked question in a language (zh or en): text, description, answer type, radio options',
    body: myQuestionDetailRequestSchema,
    result: additionalQuestionSchema,
  }),
  extraMyQuestion: defineCall({
    ...signedIn,
    method: 'POST',
    path: PATHS.extraMyQuestion,
    summary: 'The extra question a radio option of an asked question asks, in a language (null: none)',
    body: extraMyQuestionRequestSchema,
    result: extraMyQuestionResultSchema,
  }),
  commitMyQuestionnaire: defineCall({
    ...signedIn,
    method: 'POST',
    path: PATHS.commitMyQuestionnaire,
    summary: "Answers the questionnaire, every question at once (v1: a radio's answerText is its extra text alone)",
    body: commitMyQuestionnaireSchema,
    result: questionnaireCommitResultSchema,
  }),
  commitMyQuestionnaireV3: defineCall({
    ...signedIn,
    method: 'POST',
    path: PATHS.commitMyQuestionnaireV3,
    summary: "Answers the questionnaire, every question at once (a radio's answerText: the choice, a newline, its extra text)",
    body: commitMyQuestionnaireV3Schema,
    result: questionnaireCommitResultSchema,
  }),
  dynamicQuestionnaireQuery: defineCall({
    ...signedIn,
    method: 'GET',
    path: PATHS.dynamicQuestionnaireQuery,
    summary: 'Whether a questionnaire is asked, its questions in a language, and when the person last answered one',
    query: questionnaireLanguageQuerySchema,
    result: dynamicQuestionnaireSchema,
  }),
  dynamicQuestionnaireCommit: defineCall({
    ...signedIn,
    method: 'POST',
    path: PATHS.dynamicQuestionnaireCommit,
    summary: 'Answers the questionnaire, as commit/v3/my-questionnaire',
    body: commitMyQuestionnaireV3Schema,
    result: questionnaireCommitResultSchema,
  }),
  additionalInfoList: defineCall({
    ...signedIn,
    method: 'GET',
    path: PATHS.additionalInfoList,
    summary: 'The additional-information questions asked of the person, in a language (empty when none)',
    query: questionnaireLanguageQuerySchema,
    result: additionalInfoListSchema,
  }),
  additionalInfoSubmit: defineCall({
    ...signedIn,
    method: 'POST',
    path: PATHS.additionalInfoSubmit,
    summary: 'Answers the additional-information questions: the list of answers, as commit/v3/my-questionnaire takes them',
    body: additionalInfoSubmitSchema,
    result: questionnaireCommitResultSchema,
  }),
};
