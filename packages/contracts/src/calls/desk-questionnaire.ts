import {
  deskAppropriatenessSchema,
  deskEndCoolingOffSchema,
  deskQuestionActiveSchema,
  deskQuestionBodySchema,
  deskQuestionnaireAssignSchema,
  deskQuestionnaireDecideSchema,
  deskQuestionnaireFileQuerySchema,
  deskQuestionnaireFileSchema,
  deskQuestionnairePersonQuerySchema,
  deskQuestionnaireSchema,
  deskQuestionnairesOfSchema,
  deskQuestionnairesWaitingSchema,
  deskQuestionSchema,
  deskQuestionsSchema,
} from '../desk-questionnaire.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

const tags = ['operator desk'] as const;
/** A desk call: the desk session in the operator-token header, no header of the person's. */
const desk = { caller: 'operator-session', tags, headers: null } as const;

/**
 * The desk's Questionnaires screen (docs/rules/operator-desk.md "Questionnaires"): each call's summary names the
 * permission it needs; the questionnaire and risk modules register them (their register.ts).
 */
export const DESK_QUESTIONNAIRE_CALLS = {
  deskQuestions: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskQuestions,
    summary: 'The question bank, active and inactive, in en and zh (reviews:decide)',
    result: deskQuestionsSchema,
  }),
  deskQuestionCreate: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskQuestionCreate,
    summary: 'A new question, in en and zh (config:change, audited)',
    body: deskQuestionBodySchema,
    result: deskQuestionSchema,
  }),
  deskQuestionUpdate: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskQuestionUpdate,
    summary: "A question's fields replaced by those given, the whole checked again (config:change, audited)",
    body: deskQuestionBodySchema,
    result: deskQuestionSchema,
  }),
  deskQuestionActive: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskQuestionActive,
    summary: 'Deactivates a question (no longer asked; answers stay) or activates it again (config:change, audited)',
    body: deskQuestionActiveSchema,
    result: deskQuestionSchema,
  }),
  deskQuestionnairesWaiting: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskQuestionnairesWaiting,
    summary: 'Answered questionnaires no operator decided yet, oldest first, 50 at most (reviews:decide)',
    result: deskQuestionnairesWaitingSchema,
  }),
  deskQuestionnairesOf: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskQuestionnairesOf,
    summary: 'Every questionnaire asked of a person, newest first, with the answers; the look is audited (reviews:decide)',
    query: deskQuestionnairePersonQuerySchema,
    result: deskQuestionnairesOfSchema,
  }),
  deskQuestionnaireAssign: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskQuestionnaireAssign,
    summary: 'Asks a person these questions (their open questionnaire, if any, asks these instead) (journeys:start, audited)',
    body: deskQuestionnaireAssignSchema,
    result: deskQuestionnaireSchema,
  }),
  deskQuestionnaireDecide: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskQuestionnaireDecide,
    summary: 'Accepts answered questions, or asks them again with a note (reviews:decide, audited)',
    body: deskQuestionnaireDecideSchema,
    result: deskQuestionnaireSchema,
  }),
  deskQuestionnaireFile: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskQuestionnaireFile,
    summary: 'A file a person gave as an answer, base64; the look is audited (reviews:decide)',
    query: deskQuestionnaireFileQuerySchema,
    result: deskQuestionnaireFileSchema,
  }),
  deskAppropriateness: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskAppropriateness,
    summary: "A person's appropriateness test: stage, attempts with answers and points, every move; the look is audited (reviews:decide)",
    query: deskQuestionnairePersonQuerySchema,
    result: deskAppropriatenessSchema,
  }),
  deskAppropriatenessEndCoolingOff: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskAppropriatenessEndCoolingOff,
    summary: "Ends a person's cooling-off early, with a reason: they may retake the test at once (reviews:decide, audited)",
    body: deskEndCoolingOffSchema,
    result: deskAppropriatenessSchema,
  }),
};
