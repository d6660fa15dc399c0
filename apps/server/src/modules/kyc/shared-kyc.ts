import type { FastifyBaseLogger } from 'fastify';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { type KycProvider, VendorInputError } from '../../providers/kyc/kyc-provider.ts';
import type { People } from '../identity/index.ts';
import type { KycRepository } from './kyc.repository.ts';
import type { KycService } from './kyc.service.ts';

export const JOB_IMPORT_SHARED_KYC = 'kyc.import-shared';

/**
 * Reusable KYC through a merchant (the "shared-kyc" of kyc/login-with-merchant-shared-kyc): a
 * merchant that verified its customer with the same vendor signs a share token into its entry
 * link; once the person has proved an account here, the vendor imports that applicant and
 * rechecks it against our level, and its review arrives like any other. Only an account that never
 * verified is touched: a person's own verification always stands. The import runs from the outbox,
 * so a vendor outage delays it and never fails the sign-in.
 */
export function createSharedKycImport(deps: {
  repository: KycRepository;
  service: KycService;
  identity: People;
  provider: KycProvider;
  queue: JobQueueRepository;
  worker: JobWorker;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { repository, provider, clock } = deps;
  /**
   * Only a person who never began verifying here takes a shared applicant: no review yet, and no
   * applicant of their own (one made by opening the vendor's step must not be replaced).
   */
  const mayImport = (profile: { kycStatus: string; applicantId: string | null } | undefined) =>
    profile === undefined || (profile.kycStatus === 'Initial' && profile.applicantId === null);

  deps.worker.register(JOB_IMPORT_SHARED_KYC, async (payload) => {
    const { userId, shareToken } = payload as { userId: string; shareToken: string };
    const user = await deps.identity.findById(userId);
    if (!user) return;
    const profile = await deps.service.profileOf(user);
    if (!mayImport(profile)) return;
    let applicantId: string;
    try {
      ({ applicantId } = await provider.importSharedApplicant({ shareToken, externalUserId: userId, levelName: profile.levelName }));
    } catch (error) {
      // A refused token will not become valid: the person verifies here as anyone else does.
      if (error instanceof VendorInputError) {
        deps.log.warn({ userId, reason: error.message }, 'shared KYC refused by the vendor');
        return;
      }
      throw error; // an outage: the worker retries with backoff
    }
    await repository.updateProfile(userId, { applicantId, updatedAt: clock.now() });
    await deps.service.applyReview(await provider.getReview(applicantId));
  });

  return {
    /** After a merchant sign-in proved the account: queue the import when the account never verified. */
    async request(userId: string, shareToken: string): Promise<void> {
      if (!mayImport(await repository.findProfile(userId))) return;
      await deps.queue.enqueue({
        kind: JOB_IMPORT_SHARED_KYC,
        payload: { userId, shareToken },
        runAt: clock.now(),
        dedupeKey: `kyc-share:${sha256Hex(shareToken)}`,
      });
    },
  };
}

export type SharedKycImport = ReturnType<typeof createSharedKycImport>;
