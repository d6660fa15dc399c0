import { EDD_MESSAGE_MAX_LENGTH, EDD_PARTS, type EddPart, ErrorCode, RISK_RATINGS, type RiskRating } from '@causeway/contracts';
import type { EddAnswerValue, RiskFactor } from '../../db/schema/edd.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { People } from '../identity/index.ts';
import { choiceLabel } from './edd-options.ts';
import type { EddCaseRow, EddRepository, RiskRatingRow } from './edd.repository.ts';
import { BLOCK_RISK_RATING_EDD, EDD_RFI_DAYS, type EddService } from './edd.service.ts';
import { isAtLeast } from './risk-rating.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const REASON_MAX_LENGTH = 500;
const MAX_PAGE = 100;

/** What an operator's EDD change answers: the subject, who acted, and the values before and after (the desk's audit row). */
export interface EddChange<T> {
  subject: string;
  actor: string;
  before: T | null;
  after: T | null;
}

/** A person's risk rating as an operator reads it (dates as ISO strings, amounts as decimal strings). */
export interface RiskRatingView {
  userId: string;
  rating: RiskRating;
  computedRating: RiskRating;
  factors: RiskFactor[];
  volume12m: string;
  override: { rating: RiskRating; reason: string; by: string | null; at: string | null } | null;
  computedAt: string;
}

/** One part of a case as an operator reads it: the choice with its English label, the text, the files and their hashes. */
export interface EddAnswerView {
  choice: string;
  choiceLabel: string;
  text: string;
  files: Array<{ filePath: string; fileName: string; sha256: string }>;
  committedAt: string;
}

/** An EDD case as an operator reads it. */
export interface EddCaseView {
  id: string;
  userId: string;
  email: string | null;
  status: EddCaseRow['status'];
  trigger: EddCaseRow['trigger'];
  requestedBy: string;
  requestReason: string;
  askedParts: EddPart[];
  sow: EddAnswerView | null;
  sof: EddAnswerView | null;
  rfiMessage: string | null;
  deadlineAt: string;
  submittedAt: string | null;
  decidedAt: string | null;
  decidedBy: string | null;
  decisionNote: string | null;
  createdAt: string;
}

/** A decision on a case: approve (Pass), reject (Fail, AC100004), or a request for more information (RFI). */
export type EddDecision =
  { outcome: 'approve'; note?: string } | { outcome: 'reject'; note?: string } | { outcome: 'rfi'; message: string; parts?: EddPart[] };

const invalid = (field: string, why: string) => new AppError(ErrorCode.EddInputInvalid, `${field}: ${why}`);

function actorOf(actor: unknown): string {
  if (typeof actor !== 'string' || actor.trim() === '' || actor.length > 64) throw invalid('actor', 'the operator id is required');
  return actor;
}

function textOf(field: string, value: unknown, required: boolean, max: number): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (required) throw invalid(field, 'must not be empty');
    return null;
  }
  if (typeof value !== 'string') throw invalid(field, 'must be text');
  if (value.trim().length > max) throw invalid(field, `at most ${max} characters`);
  return value.trim();
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

const answerView = (part: EddPart, value: EddAnswerValue | null): EddAnswerView | null =>
  value && { ...value, choiceLabel: choiceLabel(part, value.choice), files: value.files.map((file) => ({ ...file })) };

export const ratingView = (row: RiskRatingRow | undefined): RiskRatingView | null =>
  row
    ? {
        userId: row.userId,
        rating: row.rating as RiskRating,
        computedRating: row.computedRating as RiskRating,
        factors: row.factors,
        volume12m: row.volume12m,
        override: row.overrideRating
          ? { rating: row.overrideRating as RiskRating, reason: row.overrideReason ?? '', by: row.overrideBy, at: iso(row.overrideAt) }
          : null,
        computedAt: row.computedAt.toISOString(),
      }
    : null;

/**
 * The operator's side of EDD (docs/rules/edd.md "The operator's side"), for the desk: the cases waiting for review,
 * one case, a decision, a risk-rating override, asking a person for EDD, and the country risk list. Every change is
 * checked before anything is written (EddInputInvalid naming the field), made in one transaction, and answers
 * before and after. Idempotent only where it says so.
 */
export function createEddReview(deps: {
  repository: EddRepository;
  service: EddService;
  people: People;
  storage: StorageProvider;
  clock: Clock;
  transaction: RunInTransaction;
}) {
  const { repository, service, people, clock, transaction } = deps;

  async function caseView(row: EddCaseRow): Promise<EddCaseView> {
    return {
      id: row.id,
      userId: row.userId,
      email: (await people.findById(row.userId))?.email ?? null,
      status: row.status,
      trigger: row.trigger,
      requestedBy: row.requestedBy,
      requestReason: row.requestReason,
      askedParts: row.askedParts,
      sow: answerView('SOW', row.sow),
      sof: answerView('SOF', row.sof),
      rfiMessage: row.rfiMessage,
      deadlineAt: row.deadlineAt.toISOString(),
      submittedAt: iso(row.submittedAt),
      decidedAt: iso(row.decidedAt),
      decidedBy: row.decidedBy,
      decisionNote: row.decisionNote,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function individual(userId: unknown) {
    if (typeof userId !== 'string' || userId.length === 0 || userId.length > 32) throw invalid('userId', 'an account id is required');
    const person = await people.findById(userId);
    if (!person || person.userType !== 'Individual') throw new AppError(ErrorCode.EddCaseNotFound, `${userId}: no such individual`);
    return person;
  }

  return {
    /** The cases of a status (Pending, the ones waiting for a decision, by default), the longest waiting first. */
    async listCases(filter: { status?: EddCaseRow['status']; offset?: number; limit?: number } = {}) {
      const status = filter.status ?? 'Pending';
      if (!['Initial', 'RFI', 'Pending', 'Pass', 'Fail', 'Expired', 'Withdrawn'].includes(status))
        throw invalid('status', 'not a case status');
      const offset = filter.offset ?? 0;
      const limit = filter.limit ?? 20;
      if (!Number.isInteger(offset) || offset < 0) throw invalid('offset', 'a whole number, 0 or more');
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw invalid('limit', `1 to ${MAX_PAGE}`);
      const { total, rows } = await repository.listCases(status, offset, limit);
      const cases: EddCaseView[] = [];
      for (const row of rows) cases.push(await caseView(row));
      return { total, cases };
    },

    /** One case with the person's rating; EddCaseNotFound otherwise. */
    async readCase(caseId: string): Promise<EddCaseView & { rating: RiskRatingView | null }> {
      const row = typeof caseId === 'string' ? await repository.findCase(caseId) : undefined;
      if (!row) throw new AppError(ErrorCode.EddCaseNotFound);
      return { ...(await caseView(row)), rating: ratingView(await repository.findRating(row.userId)) };
    },

    /** A person's rating (null: never computed). */
    ratingOf: async (userId: string): Promise<RiskRatingView | null> => ratingView(await repository.findRating(userId)),

    /**
     * Decides a case. approve: a Pending case passes (the enhanced tier opens). reject: an open case fails and the
     * account is blocked (AC100004). rfi: a Pending case asks again for the parts named (both by default) with the
     * message, due in EDD_RFI_DAYS. EddDecisionRefused when the case is not at that point.
     */
    async decide(actor: string, caseId: string, decision: EddDecision): Promise<EddChange<EddCaseView>> {
      const by = actorOf(actor);
      const outcome = (decision as { outcome?: unknown })?.outcome;
      if (outcome !== 'approve' && outcome !== 'reject' && outcome !== 'rfi') throw invalid('outcome', 'approve, reject or rfi');
      const message = textOf(
        outcome === 'rfi' ? 'message' : 'note',
        outcome === 'rfi' ? (decision as { message?: unknown }).message : (decision as { note?: unknown }).note,
        outcome === 'rfi',
        EDD_MESSAGE_MAX_LENGTH,
      );
      const rawParts = outcome === 'rfi' ? ((decision as { parts?: unknown }).parts ?? [...EDD_PARTS]) : [];
      if (
        !Array.isArray(rawParts) ||
        (outcome === 'rfi' && rawParts.length === 0) ||
        rawParts.some((part) => !EDD_PARTS.includes(part as EddPart))
      )
        throw invalid('parts', 'SOW, SOF or both');
      const parts = [...new Set(rawParts as EddPart[])];
      return transaction(async () => {
        const row = typeof caseId === 'string' ? await repository.lockCase(caseId) : undefined;
        if (!row) throw new AppError(ErrorCode.EddCaseNotFound);
        const allowed = outcome === 'reject' ? ['Initial', 'RFI', 'Pending'].includes(row.status) : row.status === 'Pending';
        if (!allowed)
          throw new AppError(
            ErrorCode.EddDecisionRefused,
            `The case is ${row.status}: it cannot be ${outcome === 'rfi' ? 'asked for more' : `${outcome}d`}`,
          );
        const now = clock.now();
        const before = await caseView(row);
        let after: EddCaseRow;
        if (outcome === 'rfi') {
          after = await repository.updateCase(row.id, {
            status: 'RFI',
            rfiMessage: message,
            askedParts: parts,
            deadlineAt: new Date(now.getTime() + EDD_RFI_DAYS * DAY_MS),
            updatedAt: now,
          });
          await service.deadlineJob(after);
        } else {
          after = await repository.updateCase(row.id, {
            status: outcome === 'approve' ? 'Pass' : 'Fail',
            decidedAt: now,
            decidedBy: by,
            decisionNote: message,
            updatedAt: now,
          });
          if (outcome === 'reject') {
            const person = await people.findById(row.userId);
            if (person && person.accountStatus !== 'Blocked' && person.accountStatus !== 'Terminated')
              await people.block(row.userId, BLOCK_RISK_RATING_EDD);
          }
        }
        return { subject: `edd.case.${row.id}`, actor: by, before, after: await caseView(after) };
      });
    },

    /**
     * Sets (or, with rating null, lifts) an operator's override of a person's rating, with its reason: the override
     * holds over the rules until lifted. Extreme blocks (AC100008); high asks for EDD; below high, an open case is
     * withdrawn. Lifting it recomputes the rules' rating and applies that.
     */
    async setRiskOverride(
      actor: string,
      userId: string,
      input: { rating: RiskRating | null; reason: string },
    ): Promise<EddChange<RiskRatingView>> {
      const by = actorOf(actor);
      const rating = (input as { rating?: unknown })?.rating;
      if (rating !== null && !RISK_RATINGS.includes(rating as RiskRating)) throw invalid('rating', `${RISK_RATINGS.join(', ')} or null`);
      const reason = textOf('reason', (input as { reason?: unknown }).reason, true, REASON_MAX_LENGTH)!;
      await individual(userId);
      if (rating === null) {
        const lifted = await transaction(async () => {
          const before = await repository.lockRating(userId);
          if (!before?.overrideRating) return { before, changed: false };
          await repository.upsertRating({
            ...before,
            rating: before.computedRating,
            overrideRating: null,
            overrideReason: null,
            overrideBy: null,
            overrideAt: null,
            updatedAt: clock.now(),
          });
          return { before, changed: true };
        });
        const after = lifted.changed ? ((await service.recompute(userId))?.after ?? (await repository.findRating(userId))) : lifted.before;
        return { subject: `edd.rating.${userId}`, actor: by, before: ratingView(lifted.before), after: ratingView(after) };
      }
      return transaction(async () => {
        const before = await repository.lockRating(userId);
        const now = clock.now();
        const after = await repository.upsertRating({
          userId,
          rating: rating as RiskRating,
          computedRating: before?.computedRating ?? 'low',
          factors: before?.factors ?? [],
          volume12m: before?.volume12m ?? '0',
          overrideRating: rating as RiskRating,
          overrideReason: reason,
          overrideBy: by,
          overrideAt: now,
          computedAt: before?.computedAt ?? now,
          updatedAt: now,
        });
        if (isAtLeast(rating as RiskRating, 'high'))
          await service.applyRating(userId, rating as RiskRating, `risk rating ${rating} (operator override: ${reason})`, by);
        else {
          const open = await repository.lockOpenCase(userId);
          if (open)
            await repository.updateCase(open.id, {
              status: 'Withdrawn',
              decidedAt: now,
              decidedBy: by,
              decisionNote: `rating set to ${rating}: ${reason}`,
              updatedAt: now,
            });
        }
        return { subject: `edd.rating.${userId}`, actor: by, before: ratingView(before), after: ratingView(after) };
      });
    },

    /**
     * Asks a person (an individual whose identity verification passed) for EDD, whatever their rating: an open case
     * is answered as it is (idempotent). `trigger` operator (the desk) or sandbox (the sandbox tool).
     */
    async requestEdd(
      actor: string,
      userId: string,
      input: { reason: string },
      trigger: 'operator' | 'sandbox' = 'operator',
    ): Promise<EddChange<EddCaseView>> {
      const by = actorOf(actor);
      const reason = textOf('reason', (input as { reason?: unknown })?.reason, true, REASON_MAX_LENGTH)!;
      const person = await individual(userId);
      if (person.accountStatus === 'Blocked' || person.accountStatus === 'Terminated') throw invalid('userId', 'the account is closed');
      if (!(await service.identityVerified(userId))) throw invalid('userId', "the person's identity verification has not passed");
      return transaction(async () => {
        const open = await repository.lockOpenCase(userId);
        if (open) return { subject: `edd.case.${open.id}`, actor: by, before: await caseView(open), after: await caseView(open) };
        const row = await service.ensureCase(userId, { trigger, by, reason }, true);
        if (!row) throw invalid('userId', 'no case could be opened');
        return { subject: `edd.case.${row.id}`, actor: by, before: null, after: await caseView(row) };
      });
    },

    /** The country risk list (docs/rules/edd.md "Countries"). */
    listRiskCountries: async () =>
      (await repository.listCountries()).map((row) => ({
        country: row.country,
        level: row.level,
        updatedAt: iso(row.updatedAt),
        updatedBy: row.updatedBy,
      })),

    /** Puts a country on the risk list at a level, or (level null) takes it off. Applies from each person's next recomputation. */
    async setCountryRisk(
      actor: string,
      country: string,
      level: 'medium' | 'high' | 'extreme' | null,
    ): Promise<EddChange<{ country: string; level: string }>> {
      const by = actorOf(actor);
      if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country)) throw invalid('country', 'an ISO 3166 alpha-2 code in capitals');
      if (level !== null && !['medium', 'high', 'extreme'].includes(level)) throw invalid('level', 'medium, high, extreme or null');
      return transaction(async () => {
        const row = await repository.findCountry(country);
        const before = row ? { country, level: row.level } : null;
        if (level === null) {
          if (row) await repository.deleteCountry(country);
          return { subject: `edd.country.${country}`, actor: by, before, after: null };
        }
        await repository.upsertCountry({ country, level, updatedAt: clock.now(), updatedBy: by });
        return { subject: `edd.country.${country}`, actor: by, before, after: { country, level } };
      });
    },

    /** The bytes of one of a case's files, for an operator to look at; EddCaseNotFound for a file the case does not hold. */
    async evidenceFile(caseId: string, filePath: string): Promise<{ fileName: string; bytes: Buffer }> {
      const row = await repository.findCase(caseId);
      const file = [...(row?.sow?.files ?? []), ...(row?.sof?.files ?? [])].find((candidate) => candidate.filePath === filePath);
      const bytes = file ? await deps.storage.read(file.filePath) : undefined;
      if (!file || !bytes) throw new AppError(ErrorCode.EddCaseNotFound, 'No such file in this case');
      return { fileName: file.fileName, bytes };
    },
  };
}

export type EddReview = ReturnType<typeof createEddReview>;
