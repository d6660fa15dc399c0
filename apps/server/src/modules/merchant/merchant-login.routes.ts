import {
  API_BASE, commonHeadersSchema, envelopeOf, merchantLoginResultSchema, merchantLoginStartBodySchema, merchantLoginWithCodeBodySchema,
  merchantNewEmailBodySchema, merchantProcessBodySchema, merchantSelectAccountBodySchema, ok, PATHS,
} from '@causeway/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailLanguageOf } from '../../platform/request-language.ts';
import type { BotCheckProvider } from '../../providers/bot-check/index.ts';
import { requireHuman } from '../bot-check/require-human.ts';
import { requesterOf } from '../identity/requester.ts';
import type { MerchantLoginService } from './merchant-login.service.ts';

/** The merchant sign-in calls of spec §7 under /capi/v1/login/kyc. HTTP only: the states live in the service. */
export function registerMerchantLoginRoutes(app: FastifyInstance, merchantLogin: MerchantLoginService, botCheck: BotCheckProvider): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['merchant sign-in'];
  const headers = commonHeadersSchema;
  const response = { 200: envelopeOf(merchantLoginResultSchema) };
  const context = (request: FastifyRequest) => ({ ipKey: request.ipKey, lang: emailLanguageOf(request) });
  /** Steps that mail an address the person typed carry the bot-check token, like the other sign-in pages. */
  const humanSendingCode = requireHuman(botCheck, 'send_code');

  routes.post(`${API_BASE}${PATHS.merchantSharedKycLogin}`, {
    schema: { tags, summary: "Start from a merchant's signed entry: the first account-selection state, or signed in (skip-login)", headers, body: merchantLoginStartBodySchema, response },
    handler: async (request) => {
      const { entry, ...options } = request.body;
      return ok(await merchantLogin.start({ entry: entry as Record<string, string>, ...options, ...context(request) }));
    },
  });

  routes.post(`${API_BASE}${PATHS.merchantSendVerifyCode}`, {
    schema: { tags, summary: 'Confirm the offered email and send its code, or resend the code', headers, body: merchantProcessBodySchema, response },
    preHandler: humanSendingCode,
    handler: async (request) => ok(await merchantLogin.sendCode({ processToken: request.body.processToken, ...context(request) })),
  });

  routes.post(`${API_BASE}${PATHS.merchantSubmitNewEmail}`, {
    schema: { tags, summary: "Use another email than the merchant's: a code goes to it", headers, body: merchantNewEmailBodySchema, response },
    preHandler: humanSendingCode,
    handler: async (request) => ok(await merchantLogin.submitNewEmail({ processToken: request.body.processToken, email: request.body.email, ...context(request) })),
  });

  routes.post(`${API_BASE}${PATHS.merchantLoginWithBindingAccount}`, {
    schema: { tags, summary: "Choose between the linked account and the merchant email's account", headers, body: merchantSelectAccountBodySchema, response },
    handler: async (request) => ok(await merchantLogin.selectAccount({ ...request.body, ...context(request) })),
  });

  routes.post(`${API_BASE}${PATHS.merchantLoginWithVerifyCode}`, {
    schema: { tags, summary: "Sign in with the code; links the merchant's customer to the account", headers, body: merchantLoginWithCodeBodySchema, response },
    handler: async (request) => ok(await merchantLogin.loginWithCode({ ...request.body, requester: requesterOf(request) })),
  });
}
