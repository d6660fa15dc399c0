import { defineModule } from '../../platform/server-module.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import { createSubmittedDocuments } from '../uploads/index.ts';
import { seedDemoQuestionnaire } from './demo-questionnaire.ts';
import { registerDeskQuestionnaireCalls } from './desk-questionnaire-calls.ts';
import { createQuestionnaireReview, type QuestionnaireReview } from './questionnaire-review.ts';
import { createQuestionnaireRepository } from './questionnaire.repository.ts';
import { registerQuestionnaireRoutes } from './questionnaire.routes.ts';
import { createQuestionnaireService, type QuestionnaireService } from './questionnaire.service.ts';
import { registerSandboxQuestionnaireRoutes } from './sandbox-questionnaire.routes.ts';

/**
 * What other modules may use of the questionnaire: whether one is asked of a person (the account info's
 * requireDynamicQuestionnaire), and the operator's side: the questions as data (list, create, update,
 * deactivate), asking a person a questionnaire, and what they answered. Every input is checked (a 400 naming
 * what is wrong); nothing is stored on a refusal.
 */
export type QuestionnaireFace = Pick<
  QuestionnaireService,
  'isAsked' | 'listQuestions' | 'createQuestion' | 'updateQuestion' | 'deactivateQuestion' | 'assign' | 'assignmentsOf'
> & {
  /** Answered questionnaires waiting for an operator's decision, the longest waiting first. */
  waitingForReview: QuestionnaireReview['waiting'];
  /** An operator's decision on answered questions: accept, or ask them again (with a note). */
  decide: QuestionnaireReview['decide'];
};

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    questionnaire: QuestionnaireFace;
  }
}

/** The dynamic questionnaire (docs/rules/questionnaire.md): its questions, who is asked what, and the answers. */
export const questionnaireModule = defineModule('questionnaire', (context) => {
  const { app, db, clock, providers, faces, unitOfWork, production, sandboxTools } = context;
  const people = faces.get('identity').people;
  const repository = createQuestionnaireRepository(db);
  const transaction: RunInTransaction = (work) => unitOfWork.transaction(work);
  const storage = providers.storage.provider;
  const service = createQuestionnaireService({
    repository,
    people,
    storage,
    uploads: createSubmittedDocuments(db),
    clock,
    transaction,
  });
  const review = createQuestionnaireReview({ repository, storage, clock, transaction, assign: service.assign });
  registerQuestionnaireRoutes(app, service);
  // The desk is registered before this module (app.ts MODULES): its Questionnaires screen's calls are added here.
  registerDeskQuestionnaireCalls(faces.get('desk'), { service, review, people });
  // Asking a person the demo questionnaire is an operator's act, played by a tool: never in production.
  if (sandboxTools && !production)
    registerSandboxQuestionnaireRoutes(app, { service, people, seedDemo: () => seedDemoQuestionnaire(db, clock.now()) });
  return {
    isAsked: service.isAsked,
    listQuestions: service.listQuestions,
    createQuestion: service.createQuestion,
    updateQuestion: service.updateQuestion,
    deactivateQuestion: service.deactivateQuestion,
    assign: service.assign,
    assignmentsOf: service.assignmentsOf,
    waitingForReview: review.waiting,
    decide: review.decide,
  };
});
