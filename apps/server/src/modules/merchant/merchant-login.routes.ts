import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emailLanguageOf } from '../../platform/request-language.ts';
import type { BotCheckProvider } from '../../providers/bot-check/index.ts';
import { requireHuman } from '../bot-check/index.ts';
import { requesterOf } from '../identity/index.ts';
import type { MerchantLoginService } from './merchant-login.service.ts';
import { registerCall } from '../../platform/calls.ts';

/** The merchant sign-in calls of docs/rules/calls.md under /capi/v1/login/kyc. HTTP only: the states live in the service. */
export function registerMerchantLoginRoutes(app: FastifyInstance, merchantLogin: MerchantLoginService, botCheck: BotCheckProvider): void {
  const context = (request: FastifyRequest) => ({ ipKey: request.ipKey, lang: emailLanguageOf(request), ip: request.ip });
  /** Steps that mail an address the person typed carry the bot-check token, like the other sign-in pages. */
  const humanSendingCode = requireHuman(botCheck, 'send_code');

  registerCall(app, CALLS.merchantSharedKycLogin, async (request) => {
    const { entry, ...options } = request.body;
    return ok(await merchantLogin.start({ entry: entry as Record<string, string>, ...options, ...context(request) }));
  });

  registerCall(
    app,
    CALLS.merchantSendVerifyCode,
    async (request) => ok(await merchantLogin.sendCode({ processToken: request.body.processToken, ...context(request) })),
    { preHandler: humanSendingCode },
  );

  registerCall(
    app,
    CALLS.merchantSubmitNewEmail,
    async (request) =>
      ok(await merchantLogin.submitNewEmail({ processToken: request.body.processToken, email: request.body.email, ...context(request) })),
    { preHandler: humanSendingCode },
  );

  registerCall(app, CALLS.merchantLoginWithBindingAccount, async (request) =>
    ok(await merchantLogin.selectAccount({ ...request.body, ...context(request) })),
  );

  registerCall(app, CALLS.merchantLoginWithVerifyCode, async (request) =>
    ok(await merchantLogin.loginWithCode({ ...request.body, requester: requesterOf(request) })),
  );
}
