import {
  accountCheckBodySchema, accountCheckResultSchema, API_BASE, commonHeadersSchema, envelopeOf, loginResultSchema, loginStatusResultSchema,
  loginWithCodeBodySchema, ok, passwordLoginBodySchema, PATHS, refreshTokenResultSchema, sendCodeBodySchema,
  sendCodeResultSchema, verifyGaCodeBodySchema, type LoginMode,
} from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailLanguageOf } from '../../platform/request-language.ts';
import type { BotCheckProvider } from '../../providers/bot-check/index.ts';
import { requireHuman } from '../bot-check/require-human.ts';
import type { IdentityModule } from './identity.module.ts';

/** The sign-in calls of spec §7 under /capi/v1/login and customer/user. HTTP only: rules live in the services. */
export function registerIdentityRoutes(app: FastifyInstance, identity: IdentityModule, botCheck: BotCheckProvider): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { login, emailCodes, sessions, guard } = identity;
  const tags = ['sign-in'];
  const headers = commonHeadersSchema;
  const requireSession = guard.requireSession;

  routes.post(`${API_BASE}${PATHS.accountCheck}`, {
    schema: { tags, summary: 'Is there an account for this email, and how does it sign in', headers, body: accountCheckBodySchema, response: { 200: envelopeOf(accountCheckResultSchema) } },
    // The steps a script would hammer carry the bot-check token (spec §3: recaptchaToken).
    preHandler: requireHuman(botCheck, 'account_check'),
    handler: async (request) => ok(await login.accountCheck(request.body.email)),
  });

  routes.post(`${API_BASE}${PATHS.sendVerifyCode}`, {
    schema: { tags, summary: 'Email a six-digit sign-in code (resend after 59 s)', headers, body: sendCodeBodySchema, response: { 200: envelopeOf(sendCodeResultSchema) } },
    preHandler: requireHuman(botCheck, 'send_code'),
    handler: async (request) => ok(await emailCodes.send({ email: request.body.email, purpose: 'login', ipKey: request.ipKey, lang: emailLanguageOf(request) })),
  });

  routes.post(`${API_BASE}${PATHS.loginWithVerifyCode}`, {
    schema: { tags, summary: 'Sign in, or sign up, with the emailed code', headers, body: loginWithCodeBodySchema, response: { 200: envelopeOf(loginResultSchema) } },
    handler: async (request) => ok(await login.loginWithCode({ ...request.body, requester: identity.requesterOf(request) })),
  });

  routes.post(`${API_BASE}${PATHS.passwordLogin}`, {
    schema: { tags, summary: 'Sign in with email and password', headers, body: passwordLoginBodySchema, response: { 200: envelopeOf(loginResultSchema) } },
    preHandler: requireHuman(botCheck, 'login'),
    handler: async (request) => ok(await login.loginWithPassword(request.body, identity.requesterOf(request))),
  });

  routes.post(`${API_BASE}${PATHS.verifyGaCode}`, {
    schema: { tags, summary: 'Second sign-in step: the authenticator code', headers, body: verifyGaCodeBodySchema, response: { 200: envelopeOf(loginResultSchema) } },
    handler: async (request) => ok(await login.verifyGaCode(request.body, identity.requesterOf(request))),
  });

  routes.get(`${API_BASE}${PATHS.checkLoginStatus}`, {
    schema: { tags, summary: 'Whether the token of the request is signed in', headers, response: { 200: envelopeOf(loginStatusResultSchema) } },
    handler: async (request) => {
      const auth = await guard.optionalSession(request);
      return ok({
        isLogin: auth !== null,
        email: auth?.user.email ?? null,
        userType: (auth?.user.userType as 'Individual' | 'Corporate' | undefined) ?? null,
        mode: (auth?.session.mode as LoginMode | undefined) ?? null,
        targetEntityTag: (auth?.user.targetEntityTag as 'PL' | 'LI' | null | undefined) ?? null,
      });
    },
  });

  routes.get(`${API_BASE}${PATHS.refreshToken}`, {
    schema: { tags, summary: 'A new token for the current one (rotation: the old one stops working)', headers, response: { 200: envelopeOf(refreshTokenResultSchema) } },
    preHandler: requireSession,
    handler: async (request) => ok({ token: await sessions.refresh(request.auth!) }),
  });

  routes.post(`${API_BASE}${PATHS.logout}`, {
    schema: { tags, summary: 'End this session on the server', headers, response: { 200: envelopeOf(z.null()) } },
    preHandler: requireSession,
    handler: async (request) => {
      await sessions.logout(request.auth!);
      return ok(null);
    },
  });
}
