import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.ts';
import type { AppropriatenessService } from './appropriateness.service.ts';

/**
 * The risk survey calls (docs/rules/calls.md, docs/rules/appropriateness.md): the risk warning every account agrees to
 * before its first trade, then an individual's appropriateness test. Each answers the next step, as check does.
 */
export function registerRiskRoutes(app: FastifyInstance, service: AppropriatenessService): void {
  registerCall(app, CALLS.riskSurveyCheck, async (request) => ok(await service.check(request.auth!.user)));
  registerCall(app, CALLS.riskSurveyAgreement, async (request) => ok(await service.agree(request.auth!.user, request.body)));
  registerCall(app, CALLS.riskSurveyAnswer, async (request) => ok(await service.answer(request.auth!.user, request.body)));
  registerCall(app, CALLS.riskSurveyTerminate, async (request) => ok(await service.terminate(request.auth!.user, request.body?.stage)));
  registerCall(app, CALLS.riskSurveyContinue, async (request) => ok(await service.continueFrom(request.auth!.user, request.body?.stage)));
}
