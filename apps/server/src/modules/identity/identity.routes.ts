import { CALLS, type LoginMode, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { emailLanguageOf } from '../../platform/request-language.ts';
import type { BotCheckProvider } from '../../providers/bot-check/index.ts';
import { requireHuman } from '../bot-check/index.ts';
import type { IdentityModule } from './identity.module.ts';
import { registerCall } from '../../platform/calls.ts';
import { authContextOf } from './auth-guard.ts';

/** The sign-in calls of docs/rules/calls.md under /capi/v1/login and customer/user. HTTP only: rules live in the services. */
export function registerIdentityRoutes(app: FastifyInstance, identity: IdentityModule, botCheck: BotCheckProvider): void {
  const { login, emailCodes, sessions, guard } = identity;

  registerCall(app, CALLS.accountCheck, async (request) => ok(await login.accountCheck(request.body.email)), {
    // The steps a script would hammer carry the bot-check token (docs/rules/entities.md: recaptchaToken).
    preHandler: requireHuman(botCheck, 'account_check'),
  });

  registerCall(
    app,
    CALLS.sendVerifyCode,
    async (request) =>
      ok(await emailCodes.send({ email: request.body.email, purpose: 'login', ipKey: request.ipKey, lang: emailLanguageOf(request) })),
    { preHandler: requireHuman(botCheck, 'send_code') },
  );

  registerCall(app, CALLS.loginWithVerifyCode, async (request) =>
    ok(await login.loginWithCode({ ...request.body, requester: identity.requesterOf(request) })),
  );

  registerCall(
    app,
    CALLS.passwordLogin,
    async (request) => ok(await login.loginWithPassword(request.body, identity.requesterOf(request))),
    { preHandler: requireHuman(botCheck, 'login') },
  );

  registerCall(app, CALLS.verifyGaCode, async (request) => ok(await login.verifyGaCode(request.body, identity.requesterOf(request))));

  registerCall(app, CALLS.checkLoginStatus, async (request) => {
    const auth = await guard.optionalSession(request);
    return ok({
      isLogin: auth !== null,
      email: auth?.user.email ?? null,
      userType: (auth?.user.userType as 'Individual' | 'Corporate' | undefined) ?? null,
      mode: (auth?.session.mode as LoginMode | undefined) ?? null,
      targetEntityTag: (auth?.user.targetEntityTag as 'PL' | 'LI' | null | undefined) ?? null,
    });
  });

  registerCall(app, CALLS.refreshToken, async (request) => ok({ token: await sessions.refresh(authContextOf(request)) }));

  registerCall(app, CALLS.logout, async (request) => {
    await sessions.logout(authContextOf(request));
    return ok(null);
  });
}
