import type { OrderStatus } from '@causeway/contracts';
import { defineModule } from '../../platform/server-module.ts';
import { createSubmittedDocuments } from '../uploads/index.ts';
import { createEddReview, type EddReview } from './edd-review.ts';
import { createEddRepository } from './edd.repository.ts';
import { registerEddRoutes } from './edd.routes.ts';
import { createEddService, type EddService, JOB_EDD_DEADLINE, JOB_EDD_RECOMPUTE } from './edd.service.ts';
import { registerDeskEddCalls } from './desk-edd.calls.ts';
import { registerSandboxEddRoutes } from './sandbox-edd.routes.ts';

/** The order statuses whose money moved for good: each one may change the person's volume, so their rating. */
const SETTLED: ReadonlySet<OrderStatus> = new Set(['SUCCESS', 'BuySendSuccess']);

/**
 * What other modules use of enhanced due diligence (docs/rules/edd.md). kyc: the tier a passed EDD opens, the
 * stage for the account info, and a nudge after each review; orders: a nudge after each order's move. The
 * operator's desk: the review functions (edd-review.ts), each change answering before and after.
 */
export interface EddFace extends Pick<
  EddReview,
  | 'listCases'
  | 'readCase'
  | 'decide'
  | 'setRiskOverride'
  | 'requestEdd'
  | 'ratingOf'
  | 'listRiskCountries'
  | 'setCountryRisk'
  | 'evidenceFile'
> {
  enhancedLevel: EddService['enhancedLevel'];
  eddInfoOf: EddService['eddInfoOf'];
  /** Queues a recomputation of the person's rating after a KYC review was applied. */
  reviewApplied(userId: string): Promise<void>;
  /** Told of every order's move inside its transaction: a settled one queues a recomputation of its person's rating. */
  orderChanged(userId: string, status: OrderStatus): Promise<void>;
  /** Recomputes a person's rating now (the desk's "recompute" button; tests): answers it before and after, or undefined for a business. */
  recompute: EddService['recompute'];
}

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    edd: EddFace;
  }
}

/** Enhanced due diligence of individuals: the risk rating, the cases, their calls, and the sandbox's tool. */
export const eddModule = defineModule('edd', (context) => {
  const { app, db, clock, providers, faces, unitOfWork, queue, jobs, rateLimiter, production, sandboxTools } = context;
  const people = faces.get('identity').people;
  const repository = createEddRepository(db);
  const service = createEddService({
    repository,
    people,
    storage: providers.storage.provider,
    uploads: createSubmittedDocuments(db),
    queue,
    clock,
    transaction: unitOfWork.transaction,
    kycFacts: (userId) => faces.get('kyc').riskFactsOf(userId),
    settledVolumeSince: (userId, since) => faces.get('orders').settledVolumeSince(userId, since),
  });
  const review = createEddReview({
    repository,
    service,
    people,
    storage: providers.storage.provider,
    clock,
    transaction: unitOfWork.transaction,
  });
  registerEddRoutes(app, { service, rateLimiter, clock });
  // The desk's EDD screen: the desk is registered before this module, so its face is here already.
  registerDeskEddCalls(app, { desk: faces.get('desk'), review });

  jobs.register(JOB_EDD_RECOMPUTE, async (payload) => {
    await service.recompute((payload as { userId: string }).userId);
  });
  jobs.register(JOB_EDD_DEADLINE, async (payload) => {
    await service.expireIfDue((payload as { caseId: string }).caseId);
  });

  // Asking a person for EDD and deciding it are an operator's acts, played by a tool: never in production.
  if (sandboxTools && !production) registerSandboxEddRoutes(app, { review, people });

  return {
    listCases: review.listCases,
    readCase: review.readCase,
    decide: review.decide,
    setRiskOverride: review.setRiskOverride,
    requestEdd: review.requestEdd,
    ratingOf: review.ratingOf,
    listRiskCountries: review.listRiskCountries,
    setCountryRisk: review.setCountryRisk,
    evidenceFile: review.evidenceFile,
    enhancedLevel: service.enhancedLevel,
    eddInfoOf: service.eddInfoOf,
    reviewApplied: service.queueRecompute,
    orderChanged: async (userId, status) => {
      if (SETTLED.has(status)) await service.queueRecompute(userId);
    },
    recompute: service.recompute,
  };
});
