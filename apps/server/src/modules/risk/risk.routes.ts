import { API_BASE, commonHeadersSchema, envelopeOf, ok, PATHS, RISK_WARNING_PROTOCOL, RISK_WARNING_VERSION, riskSurveyAgreementSchema, riskSurveyCheckResultSchema } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock.ts';
import type { IdentityModule } from '../identity/identity.module.ts';

/**
 * The risk step of trade routing (spec §4, §7 risk survey check and agreement): before the first
 * trade, and again when the warning's version changes, the person reads and agrees to the crypto
 * risk warning. The acceptance is kept with the other agreements (protocol RISK_WARNING).
 */
export function registerRiskRoutes(app: FastifyInstance, deps: { identity: IdentityModule; clock: Clock }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const headers = commonHeadersSchema;
  const preHandler = deps.identity.guard.requireSession;
  const nextStepOf = async (userId: string) => ({
    riskSurveyCheckNextStep: (await deps.identity.repository.hasAgreement(userId, RISK_WARNING_PROTOCOL, RISK_WARNING_VERSION)) ? 'OK' as const : 'RISK_WARNING' as const,
    version: RISK_WARNING_VERSION,
  });

  routes.post(`${API_BASE}${PATHS.riskSurveyCheck}`, {
    schema: { tags: ['risk'], summary: 'The next risk step before trading: OK, or the risk warning to agree to', headers, response: { 200: envelopeOf(riskSurveyCheckResultSchema) } },
    preHandler,
    handler: async (request) => ok(await nextStepOf(request.auth!.user.id)),
  });

  routes.post(`${API_BASE}${PATHS.riskSurveyAgreement}`, {
    schema: { tags: ['risk'], summary: 'Agree to the risk warning (once per version)', headers, body: riskSurveyAgreementSchema, response: { 200: envelopeOf(riskSurveyCheckResultSchema) } },
    preHandler,
    handler: async (request) => {
      const userId = request.auth!.user.id;
      await deps.identity.repository.recordAgreement({ userId, protocol: RISK_WARNING_PROTOCOL, version: request.body.version, acceptedAt: deps.clock.now() });
      return ok(await nextStepOf(userId));
    },
  });
}
