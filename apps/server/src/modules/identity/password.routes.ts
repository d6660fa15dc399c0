import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { emailLanguageOf } from '../../platform/request-language.ts';
import type { BotCheckProvider } from '../../providers/bot-check/index.ts';
import { requireHuman } from '../bot-check/index.ts';
import type { IdentityModule } from './identity.module.ts';
import { registerCall } from '../../platform/calls.ts';
import { authContextOf } from './auth-guard.ts';

/** Password calls of docs/rules/calls.md: init (setPWD), reset-check and reset (forgot), reinitialize (change), check. */
export function registerPasswordRoutes(app: FastifyInstance, identity: IdentityModule, botCheck: BotCheckProvider): void {
  const { passwords } = identity;

  registerCall(app, CALLS.passwordInit, async (request) => {
    await passwords.init(authContextOf(request).user, request.body.password);
    return ok(null);
  });

  registerCall(
    app,
    CALLS.passwordResetCheck,
    async (request) => ok(await passwords.sendResetCode(request.body.email, request.ipKey, emailLanguageOf(request))),
    {
      // It mails an address the person typed, like send-verify-code: the same bot check and action.
      preHandler: requireHuman(botCheck, 'send_code'),
    },
  );

  registerCall(app, CALLS.passwordReset, async (request) => {
    await passwords.reset(request.body, identity.requesterOf(request));
    return ok(null);
  });

  registerCall(app, CALLS.passwordReinitialize, async (request) => {
    await passwords.change(authContextOf(request), request.body, identity.requesterOf(request));
    return ok(null);
  });

  registerCall(app, CALLS.passwordCheck, async (request) =>
    ok(await passwords.check(authContextOf(request).user, request.body.password, identity.requesterOf(request))),
  );
}
