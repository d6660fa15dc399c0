import { CALL_ROUTES, type CallResult } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDeskCall } from './desk-api';

/** The Questionnaires screen's reads (docs/rules/operator-desk.md "Questionnaires"). */
export type DeskQuestionsAnswer = CallResult<typeof CALL_ROUTES.deskQuestions>;
export type DeskQuestionListing = DeskQuestionsAnswer['questions'][number];
export type DeskQuestionnairesOfAnswer = CallResult<typeof CALL_ROUTES.deskQuestionnairesOf>;
export type DeskQuestionnaireListing = DeskQuestionnairesOfAnswer['questionnaires'][number];
export type DeskAppropriatenessAnswer = CallResult<typeof CALL_ROUTES.deskAppropriateness>;

/** Under 'desk', so signing out drops them with the rest of what an operator saw. */
export const QUESTIONNAIRE_KEYS = {
  all: ['desk', 'questionnaire'] as const,
  questions: ['desk', 'questionnaire', 'questions'] as const,
  waiting: ['desk', 'questionnaire', 'waiting'] as const,
  person: (userId: string) => ['desk', 'questionnaire', 'person', userId] as const,
  appropriateness: (userId: string) => ['desk', 'questionnaire', 'appropriateness', userId] as const,
};

export function useQuestions() {
  const call = useDeskCall();
  return useQuery({ queryKey: QUESTIONNAIRE_KEYS.questions, queryFn: () => call(CALL_ROUTES.deskQuestions) });
}

export function useQuestionnairesWaiting() {
  const call = useDeskCall();
  return useQuery({ queryKey: QUESTIONNAIRE_KEYS.waiting, queryFn: () => call(CALL_ROUTES.deskQuestionnairesWaiting) });
}

/** A person's questionnaires and answers: each load is audited by the server (personal data seen). */
export function useQuestionnairesOf(userId: string) {
  const call = useDeskCall();
  return useQuery({ queryKey: QUESTIONNAIRE_KEYS.person(userId), queryFn: () => call(CALL_ROUTES.deskQuestionnairesOf, { userId }) });
}

export function useAppropriateness(userId: string) {
  const call = useDeskCall();
  return useQuery({
    queryKey: QUESTIONNAIRE_KEYS.appropriateness(userId),
    queryFn: () => call(CALL_ROUTES.deskAppropriateness, { userId }),
  });
}
