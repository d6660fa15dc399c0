import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import type { KycModule } from './kyc.module.ts';
import { registerCall } from '../../platform/calls.ts';

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
export type AmountRangeOf = (
  userId: string,
  pair: { fiatCurrency: string; cryptoCurrency: string; network: string; channelCode: string },
) => Promise<{ currency: string; minAmount: string; maxAmount: string }>;

/** The KYC calls of docs/rules/calls.md (customer/user, customer/kyc, kyc-main/client). Every one needs a session. HTTP only. */
export function registerKycRoutes(
  app: FastifyInstance,
  deps: {
    kyc: KycModule;
    /** Whether the country of a client address is one whose residents are not accepted (the availability module's country rules). */
    ipRefused: (ip: string) => Promise<boolean>;
    rateLimiter: RateLimiter;
    clock: Clock;
    amountRange: AmountRangeOf;
  },
): void {
  const { service } = deps.kyc;

  /** Counts the call for its person (one atomic upsert: parallel calls are all counted) and refuses it over the bound. */
  async function limitPerPerson(userId: string, call: keyof typeof KYC_VENDOR_CALL_LIMITS) {
    const { perWindow, windowMs } = KYC_VENDOR_CALL_LIMITS[call];
    const verdict = await deps.rateLimiter.hit(`kyc-${call}:${userId}`, perWindow, windowMs, deps.clock.now());
    if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterMs, 'Too many verification requests: try again later.');
  }

  for (const call of [CALLS.overview, CALLS.overviewForThirdParty]) {
    registerCall(app, call, async (request) => ok(await service.overview(request.auth!.user)));
  }

  registerCall(app, CALLS.kycBasicInfo, async (request) => ok(await service.basicInfo(request.auth!.user)));

  registerCall(app, CALLS.kycSyncTaskCheck, async (request) => ok(await service.syncCheck(request.auth!.user)));

  registerCall(app, CALLS.kycPreCheck, async (request) => ok(await service.preCheck(request.auth!.user, await deps.ipRefused(request.ip))));

  registerCall(app, CALLS.kycCheckAddress, async (request) => ok(await service.checkAddress(request.auth!.user)));

  registerCall(app, CALLS.kycUpdateAddress, async (request) => ok(await service.updateAddress(request.auth!.user, request.body)));

  registerCall(app, CALLS.kycLimits, async (request) => {
    const { fiatCurrency, cryptoCurrency, network, channelCode } = request.query;
    const limits = await service.limits(request.auth!.user);
    if (!fiatCurrency || !cryptoCurrency || !network) return ok(limits);
    return ok({
      ...limits,
      amountRange: await deps.amountRange(request.auth!.user.id, { fiatCurrency, cryptoCurrency, network, channelCode }),
    });
  });

  registerCall(app, CALLS.kycAccessToken, async (request) => {
    await limitPerPerson(request.auth!.user.id, 'accessToken');
    return ok(await service.startVerification(request.auth!.user));
  });

  registerCall(app, CALLS.docsVerificationSubmit, async (request) => ok(await service.submitDocuments(request.auth!.user, request.body)));

  registerCall(app, CALLS.updateKycStatus, async (request) => {
    await limitPerPerson(request.auth!.user.id, 'refreshStatus');
    return ok(await service.refreshStatus(request.auth!.user));
  });

  registerCall(app, CALLS.entitySwitchPrecheck, async (request) => ok(await deps.kyc.entitySwitch.precheck(request.auth!)));

  registerCall(app, CALLS.entitySwitch, async (request) =>
    ok(await deps.kyc.entitySwitch.switch(request.auth!, request.query.entityProtocolId)),
  );

  registerCall(app, CALLS.routeEntityCheck, async (request) => ok(await deps.kyc.entitySwitch.later(request.auth!)));

  registerCall(app, CALLS.closeRemediation, async (request) => ok(await service.closeRemediation(request.auth!.user)));
}
