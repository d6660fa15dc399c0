import { CALLS, ok, questionLanguageOf } from '@causeway/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCall } from '../../platform/calls.ts';
import type { QuestionnaireService } from './questionnaire.service.ts';

/** The language to show questions in: the one asked for, else the browser's (Accept-Language), else en. */
const languageOf = (request: FastifyRequest, asked: string | undefined) =>
  questionLanguageOf(asked || String(request.headers['accept-language'] ?? ''));

/**
 * docs/rules/calls.md "Dynamic questionnaire": the person's calls, each on the questionnaire asked of the signed-in
 * person (individual or business session). HTTP only.
 */
export function registerQuestionnaireRoutes(app: FastifyInstance, service: QuestionnaireService): void {
  const userOf = (request: FastifyRequest) => request.auth!.user.id;

  registerCall(app, CALLS.myQuestionIds, async (request) => ok(await service.questionIds(userOf(request))));

  registerCall(app, CALLS.myQuestionDetail, async (request) => {
    const { questionId, language, questionGroup } = request.body;
    return ok(await service.questionDetail(userOf(request), questionId, languageOf(request, language), questionGroup));
  });

  registerCall(app, CALLS.extraMyQuestion, async (request) => {
    const { questionId, radioOption, language } = request.body;
    return ok(await service.extraQuestion(userOf(request), questionId, radioOption, languageOf(request, language)));
  });

  registerCall(app, CALLS.commitMyQuestionnaire, async (request) =>
    ok(await service.submit(userOf(request), request.body.answers, 'extraOnly')),
  );

  for (const call of [CALLS.commitMyQuestionnaireV3, CALLS.dynamicQuestionnaireCommit]) {
    registerCall(app, call, async (request) =>
      ok(await service.submit(userOf(request), request.body.answers, 'prefixed', request.body.questionGroup)),
    );
  }

  registerCall(app, CALLS.dynamicQuestionnaireQuery, async (request) =>
    ok(await service.questionnaire(userOf(request), languageOf(request, request.query.language))),
  );

  registerCall(app, CALLS.additionalInfoList, async (request) =>
    ok(await service.questions(userOf(request), languageOf(request, request.query.language))),
  );

  registerCall(app, CALLS.additionalInfoSubmit, async (request) => ok(await service.submit(userOf(request), request.body, 'prefixed')));
}
