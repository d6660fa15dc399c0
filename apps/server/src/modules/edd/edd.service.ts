import { type EddPartAnswer, type EddDetail, type EddPart, type EddStatus, ErrorCode, type RiskRating } from '@causeway/contracts';
import type { EddAnswerValue, EddFile } from '../../db/schema/edd.ts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { People, Principal } from '../identity/index.ts';
import type { KycRiskFacts } from '../kyc/index.ts';
import type { SubmittedDocuments } from '../uploads/index.ts';
import { assertDistinctFrom, readEvidence } from './edd-evidence.ts';
import type { EddCaseRow, EddRepository, RiskRatingRow } from './edd.repository.ts';
import { isAtLeast, rateRisk, VOLUME_WINDOW_DAYS } from './risk-rating.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** docs/rules/edd.md "The case": answers are due this long after EDD is asked, and after a request for more. */
export const EDD_ANSWER_DAYS = 30;
export const EDD_RFI_DAYS = 14;
/** A passed EDD stands this long: after it, a high rating asks again (the yearly review of a high-risk customer). */
export const EDD_PASS_VALID_DAYS = 365;
/** The limits tier a passed EDD opens on top of a passed KYC (docs/rules/limits.md "Verification tiers"). */
export const ENHANCED_KYC_LEVEL = 2;
/** docs/rules/order-states.md block reasons. */
export const BLOCK_RISK_RATING_EDD = 'AC100004';
export const BLOCK_EXTREME_RISK = 'AC100008';

export const JOB_EDD_RECOMPUTE = 'edd.rating.recompute';
export const JOB_EDD_DEADLINE = 'edd.deadline';

export interface EddServiceDeps {
  repository: EddRepository;
  people: People;
  storage: StorageProvider;
  uploads: SubmittedDocuments;
  queue: JobQueueRepository;
  clock: Clock;
  transaction: RunInTransaction;
  /** The person's verification as the rules read it (the kyc face); undefined before they have a profile. */
  kycFacts: (userId: string) => Promise<KycRiskFacts | undefined>;
  /** Their settled orders since a moment, in EUR (the orders face), a decimal string. */
  settledVolumeSince: (userId: string, since: Date) => Promise<string>;
}

const NOTHING_ASKED: EddDetail = { eddStatus: null, deadline: null, askedParts: [], rfiMessage: null, sow: null, sof: null };

const isClosed = (person: Pick<Principal, 'accountStatus'>) => person.accountStatus === 'Blocked' || person.accountStatus === 'Terminated';
const isOpen = (row: Pick<EddCaseRow, 'status'>) => row.status === 'Initial' || row.status === 'RFI' || row.status === 'Pending';

/** A case's status as the person sees it: an unanswered case that expired is a Fail; a withdrawn one is no EDD. */
export function shownStatusOf(row: Pick<EddCaseRow, 'status'> | undefined): EddStatus | null {
  if (!row || row.status === 'Withdrawn') return null;
  return row.status === 'Expired' ? 'Fail' : (row.status as EddStatus);
}

const answerOf = (value: EddAnswerValue | null): EddPartAnswer | null =>
  value && {
    choice: value.choice,
    text: value.text,
    files: value.files.map(({ filePath, fileName }) => ({ filePath, fileName })),
    committedAt: value.committedAt,
  };

/**
 * Enhanced due diligence of individuals (docs/rules/edd.md): the risk rating and what it leads to, the person's
 * answers, the deadline, and the enhanced tier a passed EDD opens. The operator's side is edd-review.ts.
 */
export function createEddService(deps: EddServiceDeps) {
  const { repository, people, clock, transaction } = deps;

  const deadlineJob = (row: EddCaseRow) =>
    deps.queue.enqueue({
      kind: JOB_EDD_DEADLINE,
      payload: { caseId: row.id },
      runAt: row.deadlineAt,
      dedupeKey: `${JOB_EDD_DEADLINE}:${row.id}:${row.deadlineAt.toISOString()}`,
    });

  /** Blocks an account not closed already (a block is never replaced by another). */
  async function block(userId: string, reasonCode: string): Promise<void> {
    const person = await people.findById(userId);
    if (person && !isClosed(person)) await people.block(userId, reasonCode);
  }

  /**
   * Opens a case unless one is open, or one passed within EDD_PASS_VALID_DAYS (inside the caller's transaction).
   * Answers the open case, or undefined when none was needed.
   */
  async function ensureCase(
    userId: string,
    request: { trigger: EddCaseRow['trigger']; by: string; reason: string },
    evenIfPassed = false,
  ): Promise<EddCaseRow | undefined> {
    const open = await repository.lockOpenCase(userId);
    if (open) return open;
    const now = clock.now();
    if (!evenIfPassed) {
      const passed = await repository.latestPassed(userId);
      if (passed?.decidedAt && now.getTime() - passed.decidedAt.getTime() < EDD_PASS_VALID_DAYS * DAY_MS) return undefined;
    }
    const row = await repository.insertCase({
      id: newId('edd'),
      userId,
      status: 'Initial',
      trigger: request.trigger,
      requestedBy: request.by,
      requestReason: request.reason,
      askedParts: ['SOW', 'SOF'],
      deadlineAt: new Date(now.getTime() + EDD_ANSWER_DAYS * DAY_MS),
      createdAt: now,
      updatedAt: now,
    });
    if (row) await deadlineJob(row);
    return row ?? (await repository.lockOpenCase(userId));
  }

  /**
   * What a rating leads to (inside the caller's transaction): extreme blocks the account (AC100008); high asks for
   * EDD once identity verification passed. A closed account is left as it is.
   */
  async function applyRating(userId: string, rating: RiskRating, reason: string, by: string, known?: Principal): Promise<void> {
    const person = known ?? (await people.findById(userId));
    if (!person || isClosed(person)) return;
    if (rating === 'extreme') {
      await people.block(userId, BLOCK_EXTREME_RISK);
      return;
    }
    if (isAtLeast(rating, 'high') && (await deps.kycFacts(userId))?.kycStatus === 'Pass')
      await ensureCase(userId, { trigger: 'rating', by, reason });
  }

  /** An unanswered case past its deadline expires and blocks the account (AC100004); answers whether it did. */
  async function expireIfDue(caseId: string): Promise<boolean> {
    return transaction(async () => {
      const row = await repository.lockCase(caseId);
      const now = clock.now();
      if (!row || (row.status !== 'Initial' && row.status !== 'RFI') || row.deadlineAt > now) return false;
      await repository.updateCase(row.id, { status: 'Expired', decidedAt: now, decidedBy: 'deadline', updatedAt: now });
      await block(row.userId, BLOCK_RISK_RATING_EDD);
      return true;
    });
  }

  async function detailOf(userId: string): Promise<EddDetail> {
    const latest = await repository.latestCase(userId);
    if (
      latest &&
      (latest.status === 'Initial' || latest.status === 'RFI') &&
      latest.deadlineAt <= clock.now() &&
      (await expireIfDue(latest.id))
    )
      return detailOf(userId);
    const status = shownStatusOf(latest);
    if (!latest || status === null) return NOTHING_ASKED;
    const waiting = latest.status === 'Initial' || latest.status === 'RFI';
    return {
      eddStatus: status,
      deadline: waiting ? latest.deadlineAt.toISOString() : null,
      askedParts: waiting ? latest.askedParts : [],
      rfiMessage: latest.status === 'RFI' ? latest.rfiMessage : null,
      sow: answerOf(latest.sow),
      sof: answerOf(latest.sof),
    };
  }

  /** commit/sow and commit/sof: the files read and checked first, then the answer saved under the case's lock. */
  async function commit(user: Principal, part: EddPart, body: { choice: string; text: string; files: string[] }): Promise<EddDetail> {
    if (user.userType !== 'Individual' || isClosed(user)) throw new AppError(ErrorCode.EddNotRequested);
    const latest = await repository.latestCase(user.id);
    if (latest && latest.deadlineAt <= clock.now()) await expireIfDue(latest.id);
    const files: EddFile[] = await readEvidence(deps.storage, user.id, body.files);
    await transaction(async () => {
      const open = await repository.lockOpenCase(user.id);
      const now = clock.now();
      if (!open || open.status === 'Pending' || open.deadlineAt <= now) throw new AppError(ErrorCode.EddNotRequested);
      const other = part === 'SOW' ? open.sof : open.sow;
      if (other) assertDistinctFrom(part, files, other.files);
      await deps.uploads.markSubmitted(
        user.id,
        files.map(({ filePath }) => ({ filePath, purpose: 'kyc' })),
        now,
      );
      const answer: EddAnswerValue = { choice: body.choice, text: body.text, files, committedAt: now.toISOString() };
      const askedParts = open.askedParts.filter((asked) => asked !== part);
      const complete = askedParts.length === 0;
      await repository.updateCase(open.id, {
        ...(part === 'SOW' ? { sow: answer } : { sof: answer }),
        askedParts,
        ...(complete ? { status: 'Pending' as const, submittedAt: now } : {}),
        updatedAt: now,
      });
    });
    return detailOf(user.id);
  }

  return {
    ensureCase,
    applyRating,
    /** Whether the person's identity verification passed (EDD follows it). */
    identityVerified: async (userId: string) => (await deps.kycFacts(userId))?.kycStatus === 'Pass',
    expireIfDue,
    deadlineJob,

    /** edd-detail/query/detail. A business's due diligence is its KYB: nothing is asked here. */
    async detail(user: Principal): Promise<EddDetail> {
      return user.userType === 'Individual' ? detailOf(user.id) : NOTHING_ASKED;
    },

    commitSow: (user: Principal, body: { choice: string; text: string; files: string[] }) => commit(user, 'SOW', body),
    commitSof: (user: Principal, body: { choice: string; text: string; files: string[] }) => commit(user, 'SOF', body),

    /**
     * The rating from the data we hold now (docs/rules/edd.md "Risk rating"), stored with its findings, and what it
     * leads to. Run after each settled order and each KYC review (through JOB_EDD_RECOMPUTE); an operator's
     * override holds over the rules' rating. Individuals only. Answers the rating before and after.
     */
    async recompute(userId: string): Promise<{ before: RiskRatingRow | undefined; after: RiskRatingRow } | undefined> {
      const person = await people.findById(userId);
      if (!person || person.userType !== 'Individual') return undefined;
      const now = clock.now();
      const facts = await deps.kycFacts(userId);
      const volume12m = await deps.settledVolumeSince(userId, new Date(now.getTime() - VOLUME_WINDOW_DAYS * DAY_MS));
      const countries = [facts?.residenceCountry, facts?.nationality].filter((country): country is string => Boolean(country));
      const computed = rateRisk({
        residenceCountry: facts?.residenceCountry ?? null,
        nationality: facts?.nationality ?? null,
        countryLevels: await repository.countryLevels(countries.map((country) => country.toUpperCase())),
        reviewLabels: facts?.reviewLabels ?? [],
        volume12m,
      });
      return transaction(async () => {
        const before = await repository.lockRating(userId);
        const rating = (before?.overrideRating as RiskRating | null | undefined) ?? computed.rating;
        const after = await repository.upsertRating({
          userId,
          rating,
          computedRating: computed.rating,
          factors: computed.factors,
          volume12m,
          overrideRating: before?.overrideRating ?? null,
          overrideReason: before?.overrideReason ?? null,
          overrideBy: before?.overrideBy ?? null,
          overrideAt: before?.overrideAt ?? null,
          computedAt: now,
          updatedAt: now,
        });
        const reason = before?.overrideRating
          ? `risk rating ${rating} (operator override)`
          : `risk rating ${rating}: ${computed.factors.map((factor) => factor.code).join(', ')}`;
        await applyRating(userId, rating, reason, 'rules', person);
        return { before, after };
      });
    },

    /** Queues a recomputation of the person's rating (inside the caller's transaction: the outbox). */
    queueRecompute: (userId: string) =>
      deps.queue.enqueue({ kind: JOB_EDD_RECOMPUTE, payload: { userId }, runAt: clock.now(), dedupeKey: `${JOB_EDD_RECOMPUTE}:${userId}` }),

    /** Where the person's EDD stands, for the account info (null: none asked). */
    async eddInfoOf(userId: string): Promise<{ eddStatus: EddStatus | null; eddDeadline: string | null } | null> {
      const latest = await repository.latestCase(userId);
      const eddStatus = shownStatusOf(latest);
      if (!latest || eddStatus === null) return null;
      const waiting = isOpen(latest) && latest.status !== 'Pending';
      return { eddStatus, eddDeadline: waiting ? latest.deadlineAt.toISOString() : null };
    },

    /**
     * The limits tier of a person whose passed review gave `kycLevel`: an EDD passed (at `eddPassedAt`) within
     * EDD_PASS_VALID_DAYS opens the enhanced tier above it (docs/rules/limits.md "Verification tiers"; its row is
     * seeded at every start). Reads nothing: the kyc module's standing brings `eddPassedAt`.
     */
    enhancedLevel(kycLevel: number, eddPassedAt: Date | null): number {
      if (kycLevel !== ENHANCED_KYC_LEVEL - 1 || !eddPassedAt) return kycLevel;
      return clock.now().getTime() - eddPassedAt.getTime() < EDD_PASS_VALID_DAYS * DAY_MS ? ENHANCED_KYC_LEVEL : kycLevel;
    },
  };
}

export type EddService = ReturnType<typeof createEddService>;
