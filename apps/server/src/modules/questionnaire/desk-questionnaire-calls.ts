import {
  CALLS,
  type DeskQuestion,
  type DeskQuestionnaire,
  ErrorCode,
  type QuestionDefinition,
  type QuestionnaireAssignment,
} from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { DeskFace } from '../desk/index.ts';
import type { People } from '../identity/index.ts';
import type { QuestionnaireReview } from './questionnaire-review.ts';
import type { QuestionnaireService } from './questionnaire.service.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

const questionJson = (question: QuestionDefinition): DeskQuestion => ({
  ...question,
  createdAt: question.createdAt.toISOString(),
  updatedAt: question.updatedAt.toISOString(),
});

const questionnaireJson = (assignment: QuestionnaireAssignment): DeskQuestionnaire => ({
  ...assignment,
  assignedAt: assignment.assignedAt.toISOString(),
  answeredAt: iso(assignment.answeredAt),
  review: assignment.review ? { ...assignment.review, reviewedAt: assignment.review.reviewedAt.toISOString() } : null,
});

/**
 * The desk's Questionnaires screen, questionnaire side (docs/rules/operator-desk.md "Questionnaires"). The questions
 * change what every person asked sees, so they are configuration (config:change, admin); asking a person is a journey
 * (journeys:start); reading and deciding answers is a review (reviews:decide). Every change goes through desk.act
 * (its audit row in the change's transaction), and so does every look at a person's answers or files (personal data).
 */
export function registerDeskQuestionnaireCalls(
  desk: DeskFace,
  deps: { service: QuestionnaireService; review: QuestionnaireReview; people: People },
): void {
  const { service, review, people } = deps;
  const personNamed = async (userId: string) => {
    const person = await people.findById(userId);
    if (!person) throw new AppError(ErrorCode.OperatorTargetNotFound, 'No such person.');
    return person;
  };

  desk.registerCall(CALLS.deskQuestions, { permission: 'reviews:decide', action: 'questionnaire.list-questions' }, async () => ({
    questions: (await service.listQuestions({ includeInactive: true })).map(questionJson),
  }));

  desk.registerCall(CALLS.deskQuestionCreate, { permission: 'config:change', action: 'questionnaire.question-create' }, (request, actor) =>
    desk.act(
      actor,
      {
        permission: 'config:change',
        action: 'questionnaire.question-create',
        target: { type: 'question', id: request.body.id },
        details: { question: request.body },
      },
      async () => questionJson(await service.createQuestion(request.body)),
    ),
  );

  desk.registerCall(
    CALLS.deskQuestionUpdate,
    { permission: 'config:change', action: 'questionnaire.question-update' },
    (request, actor) => {
      const { id, ...fields } = request.body;
      return desk.act(
        actor,
        {
          permission: 'config:change',
          action: 'questionnaire.question-update',
          target: { type: 'question', id },
          details: { question: request.body },
        },
        async () => questionJson(await service.updateQuestion(id, fields)),
      );
    },
  );

  desk.registerCall(
    CALLS.deskQuestionActive,
    { permission: 'config:change', action: 'questionnaire.question-active' },
    (request, actor) => {
      const { id, active } = request.body;
      return desk.act(
        actor,
        {
          permission: 'config:change',
          action: active ? 'questionnaire.question-activate' : 'questionnaire.question-deactivate',
          target: { type: 'question', id },
        },
        async () => questionJson(await service.updateQuestion(id, { active })),
      );
    },
  );

  desk.registerCall(CALLS.deskQuestionnairesWaiting, { permission: 'reviews:decide', action: 'questionnaire.list-waiting' }, async () => {
    const waiting = await review.waiting();
    const emails = new Map(
      await Promise.all(
        [...new Set(waiting.map((row) => row.userId))].map(async (id) => [id, (await people.findById(id))?.email ?? null] as const),
      ),
    );
    return { questionnaires: waiting.map((row) => ({ ...questionnaireJson(row), email: emails.get(row.userId) ?? null })) };
  });

  desk.registerCall(CALLS.deskQuestionnairesOf, { permission: 'reviews:decide', action: 'questionnaire.view' }, async (request, actor) => {
    const person = await personNamed(request.query.userId);
    return desk.act(
      actor,
      { permission: 'reviews:decide', action: 'questionnaire.view', target: { type: 'person', id: person.id } },
      async () => ({
        userId: person.id,
        email: person.email,
        asked: await service.isAsked(person.id),
        questionnaires: (await service.assignmentsOf(person.id)).map(questionnaireJson),
      }),
    );
  });

  desk.registerCall(CALLS.deskQuestionnaireAssign, { permission: 'journeys:start', action: 'questionnaire.assign' }, (request, actor) =>
    desk.act(
      actor,
      {
        permission: 'journeys:start',
        action: 'questionnaire.assign',
        target: { type: 'person', id: request.body.userId },
        details: { questionIds: request.body.questionIds },
        describe: (assignment) => ({ assignmentId: assignment.id }),
      },
      async () =>
        questionnaireJson(
          await service.assign({ userId: request.body.userId, questionIds: request.body.questionIds, assignedBy: actor.operator.email }),
        ),
    ),
  );

  desk.registerCall(CALLS.deskQuestionnaireDecide, { permission: 'reviews:decide', action: 'questionnaire.decide' }, (request, actor) =>
    desk.act(
      actor,
      {
        permission: 'reviews:decide',
        action: 'questionnaire.decide',
        target: { type: 'questionnaire', id: request.body.assignmentId },
        details: { decision: request.body.decision, note: request.body.note },
        describe: (decided) => ({ userId: decided.userId }),
      },
      async () => questionnaireJson(await review.decide({ ...request.body, decidedBy: actor.operator.email })),
    ),
  );

  desk.registerCall(CALLS.deskQuestionnaireFile, { permission: 'reviews:decide', action: 'questionnaire.file-view' }, (request, actor) => {
    const { assignmentId, questionId, file } = request.query;
    return desk
      .act(
        actor,
        {
          permission: 'reviews:decide',
          action: 'questionnaire.file-view',
          target: { type: 'questionnaire', id: assignmentId },
          details: { questionId, file },
          // Whose file it was: the audit log is searched by person, as the EDD screen's file views are.
          describe: (answer) => ({ userId: answer.userId }),
        },
        async () => {
          const found = await review.answerFile(assignmentId, questionId, file);
          return { fileName: found.fileName, contentType: found.contentType, base64: found.bytes.toString('base64'), userId: found.userId };
        },
      )
      .then(({ userId: _userId, ...answer }) => answer);
  });
}
