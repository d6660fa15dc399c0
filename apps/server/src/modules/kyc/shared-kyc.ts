import type { FastifyBaseLogger } from 'fastify';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import {
  type ApplicantInfo,
  type ApplicantReview,
  type KycProvider,
  type SharedKycRefusal,
  SharedKycRefusedError,
} from '../../providers/kyc/kyc-provider.ts';
import type { People } from '../identity/index.ts';
import type { KycProfileRow, KycRepository } from './kyc.repository.ts';
import type { KycService } from './kyc.service.ts';

/** The job kind keeps its first name ("import"): jobs already queued under it must still find their handler. */
export const JOB_REUSE_SHARED_KYC = 'kyc.import-shared';

/**
 * The vendor's applicants made only to compare a shared person with a verified account carry this prefix
 * in their externalUserId: never the account's own id, which names its own applicant (Sumsub would reuse
 * the shared data INTO an applicant of that externalUserId).
 */
export const SHARE_COMPARISON_PREFIX = 'kycshare_';

/** A merchant's shared KYC found not to be the verified account's own person: its open transactions must say so. */
export interface SharedKycMismatch {
  userId: string;
  merchantId: string;
  /** The merchant's id for its customer, from the entry that carried the token (null: none given). */
  merchantUserId: string | null;
  at: Date;
}

/** A name as compared: no accents or other marks, no case, no spaces, hyphens, apostrophes or dots. */
export const comparableName = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

type Person = Pick<ApplicantInfo, 'firstName' | 'lastName' | 'dob'>;
const isComplete = (person: Person): person is Required<Person> => Boolean(person.firstName && person.lastName && person.dob);

/**
 * Whether two people are the same for a shared KYC: first and last name together (so a middle name written
 * in either field still counts) and the date of birth. Both complete (isComplete).
 */
export function isSamePerson(own: Required<Person>, shared: Required<Person>): boolean {
  const name = (person: Required<Person>) => comparableName(person.firstName) + comparableName(person.lastName);
  return own.dob === shared.dob && name(own) !== '' && name(own) === name(shared);
}

/** An account's own verification as compared: Pass, with a full name and a date of birth its review recorded. */
const ownPersonOf = (profile: KycProfileRow | undefined): Required<Person> | undefined => {
  if (profile?.kycStatus !== 'Pass') return undefined;
  const own = { firstName: profile.firstName ?? undefined, lastName: profile.lastName ?? undefined, dob: profile.dob ?? undefined };
  return isComplete(own) ? own : undefined;
};

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
 *
 * An account verified already (Pass, with a name and date of birth) is compared instead: the same reuse
 * makes a separate applicant (SHARE_COMPARISON_PREFIX), never the account's; its review arrives by webhook
 * like any other and only the person it names is read (takeComparisonReview): first and last name and date of
 * birth, against the account's own. A mismatch is told to the merchant module (`onMismatch`: its open
 * transactions for this account then carry ACCOUNT_SUCCESS_SHARE_KYC_NOT_MATCH_USER_KYC and the link is undone); a
 * match changes nothing. The
 * account's own verification is never written either way.
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
  /** Groups the comparison's outcome with what the mismatch records elsewhere (the unit of work). */
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
  /** A shared KYC that is not the verified account's person (the merchant module records it on the transactions). */
  onMismatch?: (mismatch: SharedKycMismatch) => Promise<void>;
}) {
  const { repository, provider, clock, log } = deps;
  /**
   * Only a person who never began verifying here takes a shared applicant: no review yet, and no
   * applicant of their own (one made by opening the vendor's step must not be replaced).
   */
  const mayReuse = (profile: { kycStatus: string; applicantId: string | null } | undefined) =>
    profile === undefined || (profile.kycStatus === 'Initial' && profile.applicantId === null);
  /**
   * A verified account is compared with the shared person, unless this merchant's customer was compared with it
   * already and matched (or is being compared): no second vendor check for what is known.
   */
  const mayCompare = async (profile: KycProfileRow | undefined, userId: string, merchantId: string | null, merchantUserId: string | null) =>
    ownPersonOf(profile) !== undefined && !(await repository.hasShareComparison(userId, merchantId, merchantUserId));

  /**
   * The outcome, kept for the person's page and the merchant's console (kyc_share_outcomes). The
   * token itself is a bearer secret: only a digest of it, the one the job's dedupe key uses.
   */
  async function refused(
    userId: string,
    merchant: { merchantId: string | null; merchantUserId: string | null },
    shareToken: string,
    refusal: SharedKycRefusal,
    detail: string,
  ) {
    await repository.recordShareOutcome({
      shareTokenSha256: sha256Hex(shareToken),
      userId,
      ...merchant,
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
    // merchantId and merchantUserId: absent from jobs queued before they were kept.
    const {
      userId,
      shareToken,
      merchantId = null,
      merchantUserId = null,
    } = payload as { userId: string; shareToken: string; merchantId?: string | null; merchantUserId?: string | null };
    const user = await deps.identity.findById(userId);
    if (!user) return;
    const profile = await deps.service.profileOf(user);
    const merchant = { merchantId, merchantUserId };
    const compare = !mayReuse(profile);
    if (compare && !(await mayCompare(profile, userId, merchantId, merchantUserId))) return;
    // The vendor's applicant: the account's own (its externalUserId is ours), or a separate one only to compare.
    const externalUserId = compare ? `${SHARE_COMPARISON_PREFIX}${sha256Hex(shareToken).slice(0, 32)}` : userId;
    let applicantId: string;
    try {
      ({ applicantId } = await provider.reuseSharedApplicant({ shareToken, externalUserId, levelName: profile.levelName }));
    } catch (error) {
      // A refusal of the merchant's token or the person's data will not change by retrying: done.
      if (error instanceof SharedKycRefusedError) {
        // Our own account's fault (reuse disabled, credentials): the operator can fix it, so the
        // person's token is not thrown away: logged at error level and tried again with the worker's backoff.
        if (error.refusal.party === 'operator') {
          logRefusal(userId, shareToken, error.refusal, error.message);
          throw error;
        }
        return refused(userId, merchant, shareToken, error.refusal, error.message);
      }
      throw error; // an outage: the worker retries with backoff
    }
    const outcome = { shareTokenSha256: sha256Hex(shareToken), userId, ...merchant, applicantId, createdAt: clock.now() };
    if (compare) {
      // Nothing of the account is touched: the shared person is read from this applicant's review, by webhook.
      await repository.recordShareOutcome({ ...outcome, outcome: 'comparing' });
      log.info(
        { userId, applicantId, shareTokenSha256: sha256Hex(shareToken), outcome: 'comparing' },
        "shared KYC for a verified account: the vendor's review of the shared person is awaited, to compare it with the account's own",
      );
      return;
    }
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

  /**
   * The vendor's review of a comparison's applicant (the webhook job hands over reviews no account owns):
   * false when the applicant is no comparison of ours. The first review that names the shared person in full
   * decides; a completed one that does not closes it uncompared; later reviews change nothing.
   */
  async function takeComparisonReview(review: ApplicantReview): Promise<boolean> {
    const row = await repository.findShareComparison(review.applicantId);
    if (!row) return false;
    if (row.outcome !== 'comparing') return true;
    const own = ownPersonOf(await repository.findProfile(row.userId));
    const shared = review.info;
    if (own && !isComplete(shared) && review.reviewStatus !== 'completed') return true; // named in full later, if at all
    const decision = !own || !isComplete(shared) ? 'uncompared' : isSamePerson(own, shared) ? 'matched' : 'mismatch';
    const { merchantId, merchantUserId, userId } = row;
    const decided = await deps.transaction(async () => {
      if (!(await repository.decideShareComparison(row, decision))) return false;
      if (decision === 'mismatch' && merchantId) await deps.onMismatch?.({ userId, merchantId, merchantUserId, at: clock.now() });
      return true;
    });
    if (!decided) return true;
    const fields = { userId, applicantId: review.applicantId, shareTokenSha256: row.shareTokenSha256, outcome: decision };
    if (decision === 'mismatch')
      log.warn(fields, "shared KYC: the merchant's shared person is not this account's own; its open transactions for the account say so");
    else if (decision === 'matched') log.info(fields, "shared KYC: the merchant's shared person is this account's own");
    else log.info(fields, 'shared KYC: the shared person could not be compared (no full name and date of birth on one side)');
    return true;
  }

  return {
    /**
     * After a merchant sign-in proved the account: queue the reuse when the account never verified, or the
     * comparison when it verified already.
     */
    async request(
      userId: string,
      shareToken: string,
      merchantId: string | null = null,
      merchantUserId: string | null = null,
    ): Promise<void> {
      const profile = await repository.findProfile(userId);
      if (!mayReuse(profile) && !(await mayCompare(profile, userId, merchantId, merchantUserId))) return;
      await deps.queue.enqueue({
        kind: JOB_REUSE_SHARED_KYC,
        payload: { userId, shareToken, merchantId, merchantUserId },
        runAt: clock.now(),
        dedupeKey: `kyc-share:${sha256Hex(shareToken)}`,
      });
    },
    takeComparisonReview,
  };
}

export type SharedKycReuse = ReturnType<typeof createSharedKycReuse>;
