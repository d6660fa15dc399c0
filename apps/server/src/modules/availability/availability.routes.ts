import { emailLanguageOf } from '../../platform/request-language.ts';
import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.ts';
import type { IdentityFace } from '../identity/index.ts';
import type { AvailabilityService } from './availability.service.ts';

/**
 * The availability calls of docs/rules/calls.md: the IP checks of the sign-in pages (get-check-ip-result,
 * in-register) and join-uk-email-list (a session's account, or the one a refused sign-in's UK notice names
 * by its ticket). HTTP only: the rules are the service's.
 */
export function registerAvailabilityRoutes(app: FastifyInstance, deps: { service: AvailabilityService; identity: IdentityFace }): void {
  const { service } = deps;

  registerCall(app, CALLS.ipCheck, async (request) => ok(await service.ipCheck(request.ip)));

  registerCall(app, CALLS.inRegister, async (request) => {
    const result = await service.ipCheck(request.ip);
    // A UK address may create an account (its sign-in then says the UK is not open yet); a refused country's may not.
    return ok({ ...result, canRegister: !result.blocked });
  });

  registerCall(app, CALLS.joinUkEmailList, async (request) =>
    ok(
      await service.joinUkList({
        ticket: request.body?.ticket,
        signedIn: request.body?.ticket ? null : await deps.identity.signedInOf(request),
        ipKey: request.ipKey,
        lang: emailLanguageOf(request),
      }),
    ),
  );
}
