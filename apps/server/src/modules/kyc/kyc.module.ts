import type { EddStatus } from '@causeway/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ApplicantReview, KycProvider } from '../../providers/kyc/kyc-provider.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { IdentityFace } from '../identity/index.ts';
import type { VerificationReviews } from '../desk/index.ts';
import { JOB_APPLY_REVIEW } from './kyc-webhook.routes.ts';
import type { SpentInPeriods } from './kyc-limits.ts';
import { createKycRepository } from './kyc.repository.ts';
import { createLimitSettings, type LimitSettings, type LimitTierSource } from './limit-settings.ts';
import { createLimitTiersRepository } from './limit-tiers.repository.ts';
import { createSubmittedDocuments } from '../uploads/index.ts';
import { createEntitySwitchService } from './entity-switch.service.ts';
import { createKycDeskReviews } from './desk-reviews.ts';
import { createKycService, type KycStatusObserver, UnknownApplicantError } from './kyc.service.ts';
import { createSharedKycReuse, type SharedKycMismatch } from './shared-kyc.ts';

/** Identity verification: wires the service and processes the vendor's webhook events from the outbox. */
export function createKycModule(deps: {
  db: Database;
  queue: JobQueueRepository;
  worker: JobWorker;
  identity: IdentityFace;
  provider: KycProvider;
  storage: StorageProvider;
  clock: Clock;
  levelName: string;
  flowVersion: 'V1' | 'V2';
  log: FastifyBaseLogger;
  /** What the person spent since a moment, in the limit currency (their orders say). */
  spentInPeriods: SpentInPeriods;
  /** A business's limits tier (its KYB). */
  businessLevelOf: (userId: string) => Promise<number>;
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
  /** The merchants' webhooks, told of a status change of a person they know. */
  onStatusChange?: KycStatusObserver;
  /** Whether a questionnaire is asked of a person (the questionnaire module). */
  questionnaireAsked?: (userId: string) => Promise<boolean>;
  /** The merchant module, told when a merchant's shared KYC is not the verified account's person. */
  onShareMismatch?: (mismatch: SharedKycMismatch) => Promise<void>;
  /** The country rules (the availability module): AC100001, AC100011 or null for a review's residence and nationality. */
  countryRefusal?: (data: { nationality: string | null; residenceCountry: string | null }) => Promise<string | null>;
  /** Enhanced due diligence (the edd module, docs/rules/edd.md): the tier a passed EDD opens on top of the review's. */
  enhancedLevel?: (kycLevel: number, eddPassedAt: Date | null) => number;
  /** Where the person's EDD stands, for the account info. */
  eddOf?: (userId: string) => Promise<{ eddStatus: EddStatus | null; eddDeadline: string | null } | null>;
  /** Told after a review was applied (the edd module recomputes the person's risk rating). */
  onReviewApplied?: (userId: string) => Promise<void>;
}) {
  const repository = createKycRepository(deps.db, deps.queue);
  // The tiers' limits as data an operator changes (docs/rules/limits.md "Verification tiers").
  const limits = createLimitSettings({ repository: createLimitTiersRepository(deps.db), transaction: deps.transaction, clock: deps.clock });
  const service = createKycService({
    repository,
    identity: deps.identity.people,
    provider: deps.provider,
    storage: deps.storage,
    clock: deps.clock,
    levelName: deps.levelName,
    flowVersion: deps.flowVersion,
    spentInPeriods: deps.spentInPeriods,
    limitTiers: limits.tiers,
    businessLevelOf: deps.businessLevelOf,
    uploads: createSubmittedDocuments(deps.db),
    transaction: deps.transaction,
    onStatusChange: deps.onStatusChange,
    questionnaireAsked: deps.questionnaireAsked,
    countryRefusal: deps.countryRefusal,
    eddOf: deps.eddOf,
    onReviewApplied: deps.onReviewApplied,
    individualLevelOf: async (userId) => (await verificationOf(userId))?.kycLevel ?? 0,
  });

  // A webhook is a nudge: the vendor's current review is read and applied, so a replayed or
  // late event ends in the same state as the newest one.
  // Applicants that are not an account's own (a business's director, owner or trader) go to whoever made them.
  const otherApplicants: Array<(review: ApplicantReview) => Promise<boolean>> = [];
  deps.worker.register(JOB_APPLY_REVIEW, async (payload) => {
    const { applicantId, eventKey } = payload as { applicantId: string; eventKey: string };
    const review = await deps.provider.getReview(applicantId); // an outage throws: retried
    try {
      await service.applyReview(review);
    } catch (error) {
      if (!(error instanceof UnknownApplicantError)) throw error;
      let taken = false;
      for (const take of otherApplicants) taken ||= await take(review);
      if (!taken) deps.log.warn({ applicantId }, 'vendor webhook about an applicant we do not know: ignored');
    }
    await repository.markEventProcessed(eventKey, deps.clock.now());
  });

  const sharedKyc = createSharedKycReuse({
    repository,
    service,
    identity: deps.identity.people,
    provider: deps.provider,
    queue: deps.queue,
    worker: deps.worker,
    clock: deps.clock,
    log: deps.log,
    transaction: deps.transaction,
    onMismatch: deps.onShareMismatch,
  });
  // A shared KYC compared with a verified account: its applicant is nobody's own.
  otherApplicants.push(sharedKyc.takeComparisonReview);
  const entitySwitch = createEntitySwitchService({
    repository,
    identity: deps.identity.people,
    refreshSession: deps.identity.refreshSession,
    clock: deps.clock,
  });
  /** Where a person's verification stands, for orders (plain data: no profile row leaves the module). */
  async function verificationOf(userId: string): Promise<Verification | undefined> {
    const standing = await repository.findStanding(userId);
    if (!standing) return undefined;
    const kycLevel =
      standing.kycStatus === 'Pass' && deps.enhancedLevel ? deps.enhancedLevel(standing.kycLevel, standing.eddPassedAt) : standing.kycLevel;
    return { kycStatus: standing.kycStatus, kycLevel, country: standing.country };
  }
  /** What the risk rating reads of a person's verification (docs/rules/edd.md): undefined before they have a profile. */
  const riskFactsOf = async (userId: string): Promise<KycRiskFacts | undefined> => {
    const profile = await repository.findProfile(userId);
    return (
      profile && {
        kycStatus: profile.kycStatus,
        residenceCountry: profile.residentCountry ?? profile.addressCountry,
        nationality: profile.nationality,
        reviewLabels: profile.rejectLabels,
      }
    );
  };
  /** The name the review verified, once it passed (a payee or a payer is matched against it); null before. */
  const verifiedNameOf = async (userId: string): Promise<string | null> => {
    const profile = await repository.findProfile(userId);
    if (!profile || profile.kycStatus !== 'Pass') return null;
    const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ').trim();
    return name || null;
  };
  /** Takes the reviews of applicants no account owns (false: not mine either). */
  const takeOtherApplicants = (take: (review: ApplicantReview) => Promise<boolean>) => void otherApplicants.push(take);
  /** Whether the person's verification recorded a residence in the UK (the account info's ukFlag). */
  const ukFlagOf = async (userId: string): Promise<boolean> => (await repository.findProfile(userId))?.ukFlag ?? false;
  return {
    repository,
    deskReviews: createKycDeskReviews({ repository, provider: deps.provider }),
    service,
    entitySwitch,
    sharedKyc,
    verificationOf,
    verifiedNameOf,
    takeOtherApplicants,
    limits,
    ukFlagOf,
    riskFactsOf,
  };
}

export type KycModule = ReturnType<typeof createKycModule>;

/** What other modules may use of KYC: where a person's verification stands, and a merchant's shared KYC reused. */
export interface KycFace {
  /**
   * The verification tiers' limits: `tiers()` as every limit check reads them (cached), and the operator's
   * desk's `listLimitTiers` and `changeLimitTier`.
   */
  limits: LimitSettings & LimitTierSource;
  verificationOf(userId: string): Promise<Verification | undefined>;
  /** The name the review verified (first then last), once it passed; null before. */
  verifiedNameOf(userId: string): Promise<string | null>;
  /** Whether an individual's verification recorded a residence in the UK (the account info's ukFlag): the UK rules read it. */
  ukFlagOf(userId: string): Promise<boolean>;
  /** What the risk rating reads of an individual's verification (docs/rules/edd.md "Risk rating"). */
  riskFactsOf(userId: string): Promise<KycRiskFacts | undefined>;
  /**
   * Has the vendor verify a proved account anew, under our level, from the KYC a merchant shared (its
   * entry's kycShareToken), or, for an account verified already, compare the shared person with its own;
   * the review then comes by webhook. `merchantUserId`: the entry's id for its customer (null: none).
   */
  shareKyc(userId: string, shareToken: string, merchantId: string, merchantUserId: string | null): Promise<void>;
  /**
   * Hands the vendor's reviews of applicants no account owns to `take` (the business's people, whose
   * applicants the kyb module makes): it answers whether the applicant was its own.
   */
  takeOtherApplicants(take: (review: ApplicantReview) => Promise<boolean>): void;
  /** Verifications waiting for an operator's decision, and the decision (the desk's Verifications screen). */
  deskReviews: VerificationReviews;
}

/** What the risk rating reads of an individual's verification: its status, residence, nationality and the review's labels. */
export interface KycRiskFacts {
  kycStatus: string;
  /** The residence the review recorded, else the address's country; ISO alpha-2. */
  residenceCountry: string | null;
  nationality: string | null;
  /** The labels of the vendor's last review (screening findings such as PEP among them). */
  reviewLabels: string[];
}

/** A person's verification as orders read it: its status (Pass lets them buy), its level (their limits) and their country. */
export interface Verification {
  kycStatus: string;
  kycLevel: number;
  /** The country of residence (else of the address) the review recorded, ISO alpha-2; null before one did. */
  country: string | null;
}
