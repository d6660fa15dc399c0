import {
  accountOverviewSchema, API_BASE, checkAddressResultSchema, commonHeadersSchema, docsVerificationSubmitSchema, entitySwitchPrecheckSchema, entitySwitchQuerySchema, entitySwitchResultSchema, routeEntityCheckResultSchema, envelopeOf, isBlockedCountry, kycAccessTokenResultSchema,
  joinUkEmailListResultSchema, kycAddressSchema, kycBasicInfoSchema, kycLimitsQuerySchema, kycLimitsResultSchema, kycPreCheckResultSchema, kycSyncResultSchema, ok, overviewQuerySchema, PATHS,
} from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import type { GeoProvider } from '../../providers/geo/index.ts';
import type { IdentityModule } from '../identity/identity.module.ts';
import type { KycModule } from './kyc.module.ts';

const MINUTE_MS = 60_000;

/**
 * Per-person bounds on the two calls that each make a call to the KYC vendor (issue 13). The page
 * asks for a token when the vendor's step opens and when its 600 s token runs out; it polls the
 * status every 5 s (12 a minute) while a review is pending. Both bounds leave room for a second tab
 * and reloads, and keep one session from spending the vendor's API quota for everyone.
 */
export const KYC_VENDOR_CALL_LIMITS = {
  accessToken: { perWindow: 10, windowMs: 10 * MINUTE_MS },
  refreshStatus: { perWindow: 30, windowMs: MINUTE_MS },
} as const;

/** The amounts of a pair a person may buy now (the orders module's quote limits; the pair's range cut to the tier's room). */
export type AmountRangeOf = (userId: string, pair: { fiatCurrency: string; cryptoCurrency: string; network: string; channelCode: string }) => Promise<{ currency: string; minAmount: string; maxAmount: string }>;

/** The KYC calls of spec §7 (customer/user, customer/kyc, kyc-main/client). Every one needs a session. HTTP only. */
export function registerKycRoutes(app: FastifyInstance, deps: { kyc: KycModule; identity: IdentityModule; geo: GeoProvider; rateLimiter: RateLimiter; clock: Clock; amountRange: AmountRangeOf }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { service } = deps.kyc;
  const tags = ['kyc'];
  const headers = commonHeadersSchema;
  const preHandler = deps.identity.guard.requireSession;

  /** Counts the call for its person (one atomic upsert: parallel calls are all counted) and refuses it over the bound. */
  async function limitPerPerson(userId: string, call: keyof typeof KYC_VENDOR_CALL_LIMITS) {
    const { perWindow, windowMs } = KYC_VENDOR_CALL_LIMITS[call];
    const verdict = await deps.rateLimiter.hit(`kyc-${call}:${userId}`, perWindow, windowMs, deps.clock.now());
    if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterMs, 'Too many verification requests: try again later.');
  }

  for (const path of [PATHS.overview, PATHS.overviewForThirdParty]) {
    routes.get(`${API_BASE}${path}`, {
      schema: { tags, summary: 'Account info (spec §3): status, entity, kycInfo or kybInfo', headers, querystring: overviewQuerySchema, response: { 200: envelopeOf(accountOverviewSchema) } },
      preHandler,
      handler: async (request) => ok(await service.overview(request.auth!.user)),
    });
  }

  routes.get(`${API_BASE}${PATHS.kycBasicInfo}`, {
    schema: { tags, summary: 'What verification recorded: name, date of birth, countries, address', headers, response: { 200: envelopeOf(kycBasicInfoSchema) } },
    preHandler,
    handler: async (request) => ok(await service.basicInfo(request.auth!.user)),
  });

  routes.get(`${API_BASE}${PATHS.kycSyncTaskCheck}`, {
    schema: { tags, summary: "Whether every vendor event about the person is applied (poll after the vendor's step)", headers, response: { 200: envelopeOf(kycSyncResultSchema) } },
    preHandler,
    handler: async (request) => ok(await service.syncCheck(request.auth!.user)),
  });

  routes.get(`${API_BASE}${PATHS.kycPreCheck}`, {
    schema: { tags, summary: 'Whether verification may start now, and why not', headers, response: { 200: envelopeOf(kycPreCheckResultSchema) } },
    preHandler,
    handler: async (request) => {
      const country = await deps.geo.countryOf(request.ip);
      return ok(await service.preCheck(request.auth!.user, isBlockedCountry(country)));
    },
  });

  routes.post(`${API_BASE}${PATHS.joinUkEmailList}`, {
    schema: { tags, summary: "Put the account's email on the list told when UK service returns (once; body empty)", headers, response: { 200: envelopeOf(joinUkEmailListResultSchema) } },
    preHandler,
    handler: async (request) => ok(await service.joinUkEmailList(request.auth!.user)),
  });

  routes.get(`${API_BASE}${PATHS.kycCheckAddress}`, {
    schema: { tags, summary: 'Whether the address step (kycAddress) is needed, with the address known', headers, response: { 200: envelopeOf(checkAddressResultSchema) } },
    preHandler,
    handler: async (request) => ok(await service.checkAddress(request.auth!.user)),
  });

  routes.post(`${API_BASE}${PATHS.kycUpdateAddress}`, {
    schema: { tags, summary: 'Save the residential address (kycAddress step)', headers, body: kycAddressSchema, response: { 200: envelopeOf(checkAddressResultSchema) } },
    preHandler,
    handler: async (request) => ok(await service.updateAddress(request.auth!.user, request.body)),
  });

  routes.get(`${API_BASE}${PATHS.kycLimits}`, {
    schema: {
      tags,
      summary: "Daily, monthly and yearly limits per KYC tier, with the amount used (userKycLimitVos); with a pair, the person's own amount range for it",
      headers,
      querystring: kycLimitsQuerySchema,
      response: { 200: envelopeOf(kycLimitsResultSchema) },
    },
    preHandler,
    handler: async (request) => {
      const { fiatCurrency, cryptoCurrency, network, channelCode } = request.query;
      const limits = await service.limits(request.auth!.user);
      if (!fiatCurrency || !cryptoCurrency || !network) return ok(limits);
      return ok({ ...limits, amountRange: await deps.amountRange(request.auth!.user.id, { fiatCurrency, cryptoCurrency, network, channelCode }) });
    },
  });

  routes.get(`${API_BASE}${PATHS.kycAccessToken}`, {
    schema: { tags, summary: "An access token for the vendor's hosted verification step", headers, response: { 200: envelopeOf(kycAccessTokenResultSchema) } },
    preHandler,
    handler: async (request) => {
      await limitPerPerson(request.auth!.user.id, 'accessToken');
      return ok(await service.startVerification(request.auth!.user));
    },
  });

  routes.post(`${API_BASE}${PATHS.docsVerificationSubmit}`, {
    schema: { tags, summary: 'Flow V2 (docsverification): the typed details and the uploaded documents go to the vendor for review', headers, body: docsVerificationSubmitSchema, response: { 200: envelopeOf(accountOverviewSchema) } },
    preHandler,
    handler: async (request) => ok(await service.submitDocuments(request.auth!.user, request.body)),
  });

  routes.post(`${API_BASE}${PATHS.updateKycStatus}`, {
    schema: { tags, summary: "Read the vendor's review now (after its step) and answer the account info", headers, response: { 200: envelopeOf(accountOverviewSchema) } },
    preHandler,
    handler: async (request) => {
      await limitPerPerson(request.auth!.user.id, 'refreshStatus');
      return ok(await service.refreshStatus(request.auth!.user));
    },
  });

  routes.get(`${API_BASE}${PATHS.entitySwitchPrecheck}`, {
    schema: { tags, summary: 'Whether the account is to move to another entity, which, by when, with the statement to accept', headers, querystring: entitySwitchQuerySchema.partial(), response: { 200: envelopeOf(entitySwitchPrecheckSchema) } },
    preHandler,
    handler: async (request) => ok(await deps.kyc.entitySwitch.precheck(request.auth!)),
  });

  routes.get(`${API_BASE}${PATHS.entitySwitch}`, {
    schema: { tags, summary: "Accept the target entity's statement and move the account (the session is rotated: use the new token)", headers, querystring: entitySwitchQuerySchema, response: { 200: envelopeOf(entitySwitchResultSchema) } },
    preHandler,
    handler: async (request) => ok(await deps.kyc.entitySwitch.switch(request.auth!, request.query.entityProtocolId)),
  });

  routes.post(`${API_BASE}${PATHS.routeEntityCheck}`, {
    schema: { tags, summary: 'The person chose to move later (until the deadline)', headers, response: { 200: envelopeOf(routeEntityCheckResultSchema) } },
    preHandler,
    handler: async (request) => ok(await deps.kyc.entitySwitch.later(request.auth!)),
  });

  routes.post(`${API_BASE}${PATHS.closeRemediation}`, {
    schema: { tags, summary: 'Remediation done: remediationStatus Pop becomes Closed', headers, response: { 200: envelopeOf(z.null()) } },
    preHandler,
    handler: async (request) => ok(await service.closeRemediation(request.auth!.user)),
  });
}
