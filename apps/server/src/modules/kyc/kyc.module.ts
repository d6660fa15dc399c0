import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ApplicantReview, KycProvider } from '../../providers/kyc/kyc-provider.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { IdentityFace } from '../identity/index.ts';
import { JOB_APPLY_REVIEW } from './kyc-webhook.routes.ts';
import type { SpentInPeriods } from './kyc-limits.ts';
import { createKycRepository } from './kyc.repository.ts';
import { createSubmittedDocuments } from '../uploads/index.ts';
import { createEntitySwitchService } from './entity-switch.service.ts';
import { createKycService, type KycStatusObserver, UnknownApplicantError } from './kyc.service.ts';
import { createSharedKycReuse } from './shared-kyc.ts';

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
}) {
  const repository = createKycRepository(deps.db, deps.queue);
  const service = createKycService({
    repository,
    identity: deps.identity.people,
    provider: deps.provider,
    storage: deps.storage,
    clock: deps.clock,
    levelName: deps.levelName,
    flowVersion: deps.flowVersion,
    spentInPeriods: deps.spentInPeriods,
    businessLevelOf: deps.businessLevelOf,
    uploads: createSubmittedDocuments(deps.db),
    transaction: deps.transaction,
    onStatusChange: deps.onStatusChange,
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
  });
  const entitySwitch = createEntitySwitchService({
    repository,
    identity: deps.identity.people,
    refreshSession: deps.identity.refreshSession,
    clock: deps.clock,
  });
  /** Where a person's verification stands, for orders (plain data: no profile row leaves the module). */
  const verificationOf = async (userId: string): Promise<Verification | undefined> => {
    const standing = await repository.findStanding(userId);
    return standing && { kycStatus: standing.kycStatus, kycLevel: standing.kycLevel, country: standing.country };
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
  return { repository, service, entitySwitch, sharedKyc, verificationOf, verifiedNameOf, takeOtherApplicants };
}

export type KycModule = ReturnType<typeof createKycModule>;

/** What other modules may use of KYC: where a person's verification stands, and a merchant's shared KYC reused. */
export interface KycFace {
  verificationOf(userId: string): Promise<Verification | undefined>;
  /** The name the review verified (first then last), once it passed; null before. */
  verifiedNameOf(userId: string): Promise<string | null>;
  /**
   * Has the vendor verify a proved account anew, under our level, from the KYC a merchant shared (its
   * entry's kycShareToken); the review then comes by webhook.
   */
  shareKyc(userId: string, shareToken: string, merchantId: string): Promise<void>;
  /**
   * Hands the vendor's reviews of applicants no account owns to `take` (the business's people, whose
   * applicants the kyb module makes): it answers whether the applicant was its own.
   */
  takeOtherApplicants(take: (review: ApplicantReview) => Promise<boolean>): void;
}

/** A person's verification as orders read it: its status (Pass lets them buy), its level (their limits) and their country. */
export interface Verification {
  kycStatus: string;
  kycLevel: number;
  /** The country of residence (else of the address) the review recorded, ISO alpha-2; null before one did. */
  country: string | null;
}
