import { defineModule } from '../../platform/server-module.ts';
import { registerDeskMigrationCall } from './desk-migration-call.ts';
import { registerKycWebhookRoutes } from './kyc-webhook.routes.ts';
import { createKycModule, type KycFace } from './kyc.module.ts';
import { registerKycRoutes } from './kyc.routes.ts';

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    kyc: KycFace;
  }
}

/** Identity verification with the vendor: the person's steps, the vendor's webhooks, limits and shared KYC. */
export const kycModule = defineModule('kyc', (context) => {
  const { app, db, queue, jobs, clock, config, providers, rateLimiter, webhooks, faces } = context;
  // What a person spent, and a pair's amount range, come from the orders module, registered after this one.
  const orders = faces.later('orders');
  // A business's verification is its KYB (the kyb module, registered after this one).
  const kyb = faces.later('kyb');
  const edd = faces.later('edd');
  const { provider } = providers.kyc;
  const kyc = createKycModule({
    db,
    queue,
    worker: jobs,
    identity: faces.get('identity'),
    provider,
    storage: providers.storage.provider,
    clock,
    levelName: config.KYC_LEVEL_NAME,
    flowVersion: config.KYC_FLOW_VERSION,
    log: app.log,
    spentInPeriods: (userId, now) => orders().spentInPeriods(userId, now),
    businessLevelOf: async (userId) => (await kyb().verificationOf(userId))?.kycLevel ?? 0,
    transaction: context.unitOfWork.transaction,
    onStatusChange: (userId, change, reviewKey) => faces.get('merchant').webhooks.kycChanged(userId, change, reviewKey),
    // Whether a questionnaire is asked (the questionnaire module, registered after this one).
    questionnaireAsked: (userId) => faces.later('questionnaire')().isAsked(userId),
    onShareMismatch: (mismatch) => faces.get('merchant').recordSharedKycMismatch(mismatch),
    // The country rules (the availability module, registered after this one).
    countryRefusal: (data) => faces.later('availability')().countryRefusal(data),
    // Enhanced due diligence (the edd module, registered after this one): the tier it opens, its stage, the rating.
    enhancedLevel: (kycLevel, eddPassedAt) => edd().enhancedLevel(kycLevel, eddPassedAt),
    eddOf: (userId) => edd().eddInfoOf(userId),
    onReviewApplied: (userId) => edd().reviewApplied(userId),
  });
  registerKycWebhookRoutes(app, { provider, repository: kyc.repository, intake: webhooks });
  registerKycRoutes(app, {
    kyc,
    ipRefused: async (ip) => (await faces.later('availability')().ipCheck(ip)).blocked,
    rateLimiter,
    clock,
    amountRange: (userId, pair) => orders().amountRange(userId, pair),
  });
  // The desk (registered before this module) starts a person's migration here, where the route is kept.
  registerDeskMigrationCall(faces.get('desk'), { entitySwitch: kyc.entitySwitch, clock });
  return {
    verificationOf: async (userId) => {
      const own = await kyc.verificationOf(userId);
      if (own?.kycStatus === 'Pass') return own; // the hot path: one prepared query
      return (await kyb().verificationOf(userId)) ?? own;
    },
    verifiedNameOf: async (userId) => (await kyc.verifiedNameOf(userId)) ?? kyb().verifiedNameOf(userId),
    ukFlagOf: kyc.ukFlagOf,
    riskFactsOf: kyc.riskFactsOf,
    takeOtherApplicants: kyc.takeOtherApplicants,
    deskReviews: kyc.deskReviews,
    limits: kyc.limits,
    shareKyc: (userId, shareToken, merchantId, merchantUserId) => kyc.sharedKyc.request(userId, shareToken, merchantId, merchantUserId),
  };
});
