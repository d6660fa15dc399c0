import {
  API_BASE, authenticatorSetupSchema, changeAuthenticatorBodySchema, bindAuthenticatorBodySchema, bindAuthenticatorResultSchema, bindingStatusQuerySchema,
  bindingStatusResultSchema, commonHeadersSchema, downloadQrBodySchema, downloadQrResultSchema, envelopeOf, ok, PATHS, qrCodeBodySchema,
  verificationSendCodeBodySchema, verifyOtpQuerySchema, verifyOtpResultSchema,
} from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailLanguageOf } from '../../platform/request-language.ts';
import type { IdentityModule } from './identity.module.ts';

/** Authenticator (TOTP) binding and OTP verification calls of spec §7. Every one needs a session. */
export function registerAuthenticatorRoutes(app: FastifyInstance, identity: IdentityModule): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { twoFactor, guard } = identity;
  const tags = ['authenticator'];
  const headers = commonHeadersSchema;
  const preHandler = guard.requireSession;

  routes.get(`${API_BASE}${PATHS.authenticatorBindingStatus}`, {
    schema: { tags, summary: 'Binding status and which modal the scenario needs', headers, querystring: bindingStatusQuerySchema, response: { 200: envelopeOf(bindingStatusResultSchema) } },
    preHandler,
    handler: async (request) => ok(await twoFactor.bindingStatus(request.auth!.user, request.query.scenario)),
  });

  routes.get(`${API_BASE}${PATHS.getGoogleAuthenticator}`, {
    schema: { tags, summary: 'Start binding: the setup key (a new pending secret)', headers, response: { 200: envelopeOf(authenticatorSetupSchema) } },
    preHandler,
    handler: async (request) => ok(await twoFactor.startSetup(request.auth!.user, null)),
  });

  routes.post(`${API_BASE}${PATHS.authenticatorQrCode}`, {
    schema: { tags, summary: 'The setup key and its QR code (100 px in the bind modal)', headers, body: qrCodeBodySchema, response: { 200: envelopeOf(authenticatorSetupSchema) } },
    preHandler,
    handler: async (request) => ok(await twoFactor.startSetup(request.auth!.user, request.body.qrCodeWidth)),
  });

  routes.post(`${API_BASE}${PATHS.downloadAppQrCode}`, {
    schema: { tags, summary: 'QR codes of the authenticator app in the stores (180 px in the download modal)', headers, body: downloadQrBodySchema, response: { 200: envelopeOf(downloadQrResultSchema) } },
    preHandler,
    handler: async (request) => ok(await twoFactor.downloadAppQrCodes(request.body.clientType, request.body.qrCodeWidth)),
  });

  routes.post(`${API_BASE}${PATHS.verificationSendCode}`, {
    schema: { tags, summary: 'Email a code for a verification business (GA_BIND, ...) to the signed-in address', headers, body: verificationSendCodeBodySchema, response: { 200: envelopeOf(z.object({ resendAfterSeconds: z.number(), expiresInSeconds: z.number() })) } },
    preHandler,
    handler: async (request) => ok(await twoFactor.sendVerificationCode(request.auth!.user, request.body, request.ipKey, emailLanguageOf(request))),
  });

  routes.post(`${API_BASE}${PATHS.bindGoogleAuthenticator}`, {
    schema: { tags, summary: 'Bind the pending authenticator with its first code and an email code', headers, body: bindAuthenticatorBodySchema, response: { 200: envelopeOf(bindAuthenticatorResultSchema) } },
    preHandler,
    handler: async (request) => ok(await twoFactor.bind(request.auth!, request.body, identity.requesterOf(request))),
  });

  routes.get(`${API_BASE}${PATHS.verifyOtp}`, {
    schema: { tags, summary: 'Check an email or authenticator code; SUCCESS carries a short-lived proof', headers, querystring: verifyOtpQuerySchema, response: { 200: envelopeOf(verifyOtpResultSchema) } },
    preHandler,
    handler: async (request) => ok(await twoFactor.verifyOtp(request.auth!.user, request.query, identity.requesterOf(request))),
  });

  routes.get(`${API_BASE}${PATHS.preCheckChangeGoogleAuthenticator}`, {
    schema: { tags, summary: 'Start replacing the bound authenticator: the new setup key and QR code', headers, response: { 200: envelopeOf(authenticatorSetupSchema) } },
    preHandler,
    handler: async (request) => ok(await twoFactor.startChange(request.auth!.user)),
  });

  routes.post(`${API_BASE}${PATHS.changeGoogleAuthenticator}`, {
    schema: { tags, summary: 'Replace the authenticator: current code, emailed GA_CHANGE code, new code', headers, body: changeAuthenticatorBodySchema, response: { 200: envelopeOf(bindAuthenticatorResultSchema) } },
    preHandler,
    handler: async (request) => ok(await twoFactor.change(request.auth!, request.body, identity.requesterOf(request))),
  });
}
