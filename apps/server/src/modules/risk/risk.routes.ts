import { CALLS, ok, RISK_WARNING_PROTOCOL, RISK_WARNING_VERSION } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { IdentityFace } from '../identity/index.ts';
import { registerCall } from '../../platform/calls.ts';

/**
 * The risk step of trade routing (docs/rules/order-states.md, docs/rules/calls.md risk survey check and agreement): before the first
 * trade, and again when the warning's version changes, the person reads and agrees to the crypto
 * risk warning. The acceptance is kept with the other agreements (protocol RISK_WARNING).
 */
export function registerRiskRoutes(app: FastifyInstance, deps: { identity: IdentityFace; clock: Clock }): void {
  const nextStepOf = async (userId: string) => ({
    riskSurveyCheckNextStep: (await deps.identity.people.hasAgreement(userId, RISK_WARNING_PROTOCOL, RISK_WARNING_VERSION))
      ? ('OK' as const)
      : ('RISK_WARNING' as const),
    version: RISK_WARNING_VERSION,
  });

  registerCall(app, CALLS.riskSurveyCheck, async (request) => ok(await nextStepOf(request.auth!.user.id)));

  registerCall(app, CALLS.riskSurveyAgreement, async (request) => {
    const userId = request.auth!.user.id;
    await deps.identity.people.recordAgreement({
      userId,
      protocol: RISK_WARNING_PROTOCOL,
      version: request.body.version,
      acceptedAt: deps.clock.now(),
    });
    return ok(await nextStepOf(userId));
  });
}
