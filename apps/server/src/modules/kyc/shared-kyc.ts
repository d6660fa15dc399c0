import type { FastifyBaseLogger } from 'fastify';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { type KycProvider, type SharedKycRefusal, SharedKycRefusedError } from '../../providers/kyc/kyc-provider.ts';
import type { People } from '../identity/index.ts';
import type { KycRepository } from './kyc.repository.ts';
import type { KycService } from './kyc.service.ts';

/** The job kind keeps its first name ("import"): jobs already queued under it must still find their handler. */
export const JOB_REUSE_SHARED_KYC = 'kyc.import-shared';

/**
 * Reusable KYC through a merchant (the "shared-kyc" of kyc/login-with-merchant-shared-kyc): a
 * merchant that verified its customer with the same vendor signs a share token into its entry
 * link; once the person has proved an account here, the vendor verifies them anew under OUR level
 * from what was shared (a recheck, never the merchant's own review taken over). Only the new
 * applicant's id is recorded here: its review arrives by the vendor's webhook like any other and is
 * applied there (kyc.module.ts, JOB_APPLY_REVIEW), never before. Only an account that never
 * verified is touched: a person's own verification always stands. The reuse runs from the outbox,
 * so a vendor outage delays it and never fails the sign-in; a refusal is final, logged with whose
 * side must act, and the person verifies here as anyone else.
 */
export function createSharedKycReuse(deps: {
  repository: KycRepository;
  service: KycService;
  identity: People;
  provider: KycProvider;
  queue: JobQueueRepository;
  worker: JobWorker;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { repository, provider, clock, log } = deps;
  /**
   * Only a person who never began verifying here takes a shared applicant: no review yet, and no
   * applicant of their own (one made by opening the vendor's step must not be replaced).
   */
  const mayReuse = (profile: { kycStatus: string; applicantId: string | null } | undefined) =>
    profile === undefined || (profile.kycStatus === 'Initial' && profile.applicantId === null);

  /**
   * The outcome, structured, for the merchant-facing report to come (no table holds it yet). The
   * token itself is a bearer secret: only a digest of it, the one the job's dedupe key uses.
   */
  async function refused(userId: string, merchantId: string | null, shareToken: string, refusal: SharedKycRefusal, detail: string) {
    await repository.recordShareOutcome({
      shareTokenSha256: sha256Hex(shareToken),
      userId,
      merchantId,
      outcome: 'refused',
      party: refusal.party,
      reason: refusal.reason,
      vendorErrorCode: refusal.vendorErrorCode,
      createdAt: clock.now(),
    });
    logRefusal(userId, shareToken, refusal, detail);
  }

  function logRefusal(userId: string, shareToken: string, refusal: SharedKycRefusal, detail: string) {
    const fields = { userId, shareTokenSha256: sha256Hex(shareToken), outcome: 'refused', ...refusal, detail };
    const then = 'the person verifies here as anyone else';
    if (refusal.party === 'operator') {
      log.error(
        fields,
        `shared KYC cannot work until our KYC vendor account is fixed: ${refusal.operatorAction ?? refusal.reason} (${then})`,
      );
    } else if (refusal.party === 'merchant') {
      log.warn(fields, `shared KYC refused: the merchant's share token is at fault (${refusal.reason}); ${then}`);
    } else {
      log.info(
        fields,
        `shared KYC refused: what the person verified with the merchant cannot serve our level (${refusal.reason}); ${then}`,
      );
    }
  }

  deps.worker.register(JOB_REUSE_SHARED_KYC, async (payload) => {
    // merchantId: absent from jobs queued before outcomes were kept.
    const { userId, shareToken, merchantId = null } = payload as { userId: string; shareToken: string; merchantId?: string | null };
    const user = await deps.identity.findById(userId);
    if (!user) return;
    const profile = await deps.service.profileOf(user);
    if (!mayReuse(profile)) return;
    let applicantId: string;
    try {
      ({ applicantId } = await provider.reuseSharedApplicant({ shareToken, externalUserId: userId, levelName: profile.levelName }));
    } catch (error) {
      // A refusal of the merchant's token or the person's data will not change by retrying: done.
      if (error instanceof SharedKycRefusedError) {
        // Our own account's fault (reuse disabled, credentials): the operator can fix it, so the
        // person's token is not thrown away: logged at error level and tried again with the worker's backoff.
        if (error.refusal.party === 'operator') {
          logRefusal(userId, shareToken, error.refusal, error.message);
          throw error;
        }
        return refused(userId, merchantId, shareToken, error.refusal, error.message);
      }
      throw error; // an outage: the worker retries with backoff
    }
    const outcome = { shareTokenSha256: sha256Hex(shareToken), userId, merchantId, applicantId, createdAt: clock.now() };
    if (await repository.recordSharedApplicant(userId, applicantId, clock.now())) {
      await repository.recordShareOutcome({ ...outcome, outcome: 'reused' });
      log.info(
        { userId, applicantId, shareTokenSha256: sha256Hex(shareToken), outcome: 'reused' },
        "shared KYC: the vendor is rechecking the merchant's data under our level; its review follows by webhook",
      );
      return;
    }
    // The person began their own verification meanwhile (or it is the same applicant): theirs stands.
    const now = await repository.findProfile(userId);
    if (now?.applicantId === applicantId) return;
    await repository.recordShareOutcome({ ...outcome, outcome: 'not-recorded' });
    log.warn(
      { userId, applicantId, outcome: 'not-recorded' },
      'shared KYC: the person began their own verification meanwhile; the reused applicant is left unused',
    );
  });

  return {
    /** After a merchant sign-in proved the account: queue the reuse when the account never verified. */
    async request(userId: string, shareToken: string, merchantId: string | null = null): Promise<void> {
      if (!mayReuse(await repository.findProfile(userId))) return;
      await deps.queue.enqueue({
        kind: JOB_REUSE_SHARED_KYC,
        payload: { userId, shareToken, merchantId },
        runAt: clock.now(),
        dedupeKey: `kyc-share:${sha256Hex(shareToken)}`,
      });
    },
  };
}

export type SharedKycReuse = ReturnType<typeof createSharedKycReuse>;
