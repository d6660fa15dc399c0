import { API_BASE, commonHeadersSchema, envelopeOf, kycAccessTokenResultSchema, ok, PATHS } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IdentityModule } from '../identity/identity.module.ts';
import type { KycModule } from './kyc.module.ts';

/** The KYC calls of spec §7 (kyc and kyc-main). Every one needs a session. HTTP only. */
export function registerKycRoutes(app: FastifyInstance, deps: { kyc: KycModule; identity: IdentityModule }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['kyc'];
  const headers = commonHeadersSchema;
  const preHandler = deps.identity.guard.requireSession;

  routes.get(`${API_BASE}${PATHS.kycAccessToken}`, {
    schema: { tags, summary: "An access token for the vendor's hosted verification step", headers, response: { 200: envelopeOf(kycAccessTokenResultSchema) } },
    preHandler,
    handler: async (request) => ok(await deps.kyc.service.startVerification(request.auth!.user)),
  });
}
