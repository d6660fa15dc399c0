import {
  API_BASE, commonHeadersSchema, envelopeOf, ok, passwordChangeBodySchema, passwordCheckBodySchema, passwordInitBodySchema,
  passwordResetBodySchema, passwordResetCheckBodySchema, PATHS, sendCodeResultSchema,
} from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailLanguageOf } from '../../platform/request-language.ts';
import type { BotCheckProvider } from '../../providers/bot-check/index.ts';
import { requireHuman } from '../bot-check/require-human.ts';
import type { IdentityModule } from './identity.module.ts';

/** Password calls of spec §7: init (setPWD), reset-check and reset (forgot), reinitialize (change), check. */
export function registerPasswordRoutes(app: FastifyInstance, identity: IdentityModule, botCheck: BotCheckProvider): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { passwords, guard } = identity;
  const tags = ['password'];
  const headers = commonHeadersSchema;
  const done = envelopeOf(z.null());

  routes.post(`${API_BASE}${PATHS.passwordInit}`, {
    schema: { tags, summary: 'Set the first password (setPWD step)', headers, body: passwordInitBodySchema, response: { 200: done } },
    preHandler: guard.requireSession,
    handler: async (request) => {
      await passwords.init(request.auth!.user, request.body.password);
      return ok(null);
    },
  });

  routes.post(`${API_BASE}${PATHS.passwordResetCheck}`, {
    schema: { tags, summary: 'Forgot password: email a reset code (same answer whether or not the account exists)', headers, body: passwordResetCheckBodySchema, response: { 200: envelopeOf(sendCodeResultSchema) } },
    // It mails an address the person typed, like send-verify-code: the same bot check and action.
    preHandler: requireHuman(botCheck, 'send_code'),
    handler: async (request) => ok(await passwords.sendResetCode(request.body.email, request.ipKey, emailLanguageOf(request))),
  });

  routes.post(`${API_BASE}${PATHS.passwordReset}`, {
    schema: { tags, summary: 'Forgot password: the code (and the authenticator code when bound) and a new password; every session ends', headers, body: passwordResetBodySchema, response: { 200: done } },
    handler: async (request) => {
      await passwords.reset(request.body, identity.requesterOf(request));
      return ok(null);
    },
  });

  routes.post(`${API_BASE}${PATHS.passwordReinitialize}`, {
    schema: { tags, summary: 'Change the password (old password, and the authenticator code when bound)', headers, body: passwordChangeBodySchema, response: { 200: done } },
    preHandler: guard.requireSession,
    handler: async (request) => {
      await passwords.change(request.auth!, request.body, identity.requesterOf(request));
      return ok(null);
    },
  });

  routes.post(`${API_BASE}${PATHS.passwordCheck}`, {
    schema: { tags, summary: "Whether a password is the signed-in account's", headers, body: passwordCheckBodySchema, response: { 200: envelopeOf(z.object({ valid: z.boolean() })) } },
    preHandler: guard.requireSession,
    handler: async (request) => ok(await passwords.check(request.auth!.user, request.body.password, identity.requesterOf(request))),
  });
}
