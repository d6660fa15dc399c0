import {
  accountCheckBodySchema, accountCheckResultSchema, accountStatusResultSchema, AGREEMENT_VERSIONS, API_BASE, commonHeadersSchema,
  envelopeOf, inRegisterResultSchema, ipCheckResultSchema, isBlockedCountry, ok, PATHS, statementQuerySchema, statementResultSchema, timeoutTicketResultSchema,
  verificationVerifyCodeBodySchema, verifyLoginEmailBodySchema, verifyLoginEmailResultSchema, verifyOtpResultSchema,
} from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock.ts';
import type { BotCheckProvider } from '../../providers/bot-check/index.ts';
import type { GeoProvider } from '../../providers/geo/index.ts';
import { requireHuman } from '../bot-check/require-human.ts';
import { randomBytes } from 'node:crypto';
import { PROCESS_TOKEN_TTL_MS } from './process-token.ts';
import { suspendedUntil } from './session.service.ts';
import type { IdentityModule } from './identity.module.ts';
import { normalizeEmail } from './identity.repository.ts';

/**
 * The sign-in page's helper calls of spec §7: IP checks through the geo provider, agreement
 * versions by entity and the by-email account check (the client's diagnostic log: client-log.routes.ts).
 */
export function registerSignInSupportRoutes(app: FastifyInstance, deps: { identity: IdentityModule; geo: GeoProvider; clock: Clock; botCheck: BotCheckProvider }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sign-in'];
  const headers = commonHeadersSchema;
  const requireSession = deps.identity.guard.requireSession;

  async function checkIp(ip: string) {
    const ipCountry = await deps.geo.countryOf(ip);
    return { ipCountry, isUk: ipCountry === 'GB', blocked: isBlockedCountry(ipCountry) };
  }

  routes.get(`${API_BASE}${PATHS.ipCheck}`, {
    schema: { tags, summary: 'Country of the request IP, and whether UK notices or a block apply', headers, response: { 200: envelopeOf(ipCheckResultSchema) } },
    handler: async (request) => ok(await checkIp(request.ip)),
  });

  routes.get(`${API_BASE}${PATHS.inRegister}`, {
    schema: { tags, summary: 'Whether an account may be created from the request IP', headers, response: { 200: envelopeOf(inRegisterResultSchema) } },
    handler: async (request) => {
      const result = await checkIp(request.ip);
      return ok({ ...result, canRegister: !result.blocked });
    },
  });

  routes.post(`${API_BASE}${PATHS.accountCheckByEmail}`, {
    schema: { tags, summary: 'The account check, for flows that start from an email link', headers, body: accountCheckBodySchema, response: { 200: envelopeOf(accountCheckResultSchema) } },
    // The same answer as account-check, so the same bot check: else it would be the way around it.
    preHandler: requireHuman(deps.botCheck, 'account_check'),
    handler: async (request) => ok(await deps.identity.login.accountCheck(request.body.email)),
  });

  routes.post(`${API_BASE}${PATHS.verifyLoginEmail}`, {
    schema: { tags, summary: "Whether the signed-in account has the email a merchant's entry names (skip-login)", headers, body: verifyLoginEmailBodySchema, response: { 200: envelopeOf(verifyLoginEmailResultSchema) } },
    preHandler: requireSession,
    handler: async (request) => {
      const { user } = request.auth!;
      return ok({ match: normalizeEmail(request.body.email) === user.emailNormalized, email: user.email });
    },
  });

  routes.get(`${API_BASE}${PATHS.accountStatusCheck}`, {
    schema: { tags, summary: "The signed-in account's status, reason code and suspension of sensitive actions", headers, response: { 200: envelopeOf(accountStatusResultSchema) } },
    preHandler: requireSession,
    handler: async (request) => {
      const { user } = request.auth!;
      return ok({
        email: user.email,
        userType: user.userType as 'Individual' | 'Corporate',
        accountStatus: user.accountStatus as 'Initial' | 'Active' | 'Blocked' | 'Terminated',
        accountStatusReasonCode: user.accountStatusReasonCode,
        entityTag: user.entityTag as 'PL' | 'LI',
        sensitiveActionsSuspendedUntil: suspendedUntil(user, deps.clock.now())?.toISOString() ?? null,
      });
    },
  });

  routes.post(`${API_BASE}${PATHS.verificationVerifyCode}`, {
    schema: { tags, summary: 'Check an emailed EMAIL_OTP code; with entityProtocolId, record acceptance of that agreement', headers, body: verificationVerifyCodeBodySchema, response: { 200: envelopeOf(verifyOtpResultSchema) } },
    preHandler: requireSession,
    handler: async (request) => ok(await deps.identity.twoFactor.verifyEmailCode(request.auth!.user, request.body, deps.identity.requesterOf(request))),
  });

  routes.get(`${API_BASE}${PATHS.statementQuery}`, {
    schema: { tags, summary: 'Agreement versions to accept: PL uses STATEMENT, any other entity STATEMENT_LI', headers, querystring: statementQuerySchema, response: { 200: envelopeOf(statementResultSchema) } },
    handler: async (request) => {
      const entity = request.query.entity ?? request.headers.entity;
      const statement = entity === 'PL' ? 'STATEMENT' : 'STATEMENT_LI';
      const term = request.query.isRoma === 'true' ? 'TERMROMA' : 'TERM';
      return ok({ protocolMap: { [term]: AGREEMENT_VERSIONS[term], [statement]: AGREEMENT_VERSIONS[statement] } });
    },
  });

  routes.get(`${API_BASE}${PATHS.oauthTimeoutTicket}`, {
    schema: { tags, summary: 'A signed state ticket, valid 5 minutes, for starting an OAuth sign-in', headers, response: { 200: envelopeOf(timeoutTicketResultSchema) } },
    handler: async () => {
      const ticket = deps.identity.oauthTickets.sign({ nonce: randomBytes(16).toString('base64url'), expiresAt: deps.clock.now().getTime() + PROCESS_TOKEN_TTL_MS });
      return ok({ ticket, expireSeconds: PROCESS_TOKEN_TTL_MS / 1000 });
    },
  });
}
