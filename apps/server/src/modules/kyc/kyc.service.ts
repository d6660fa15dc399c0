import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { type ApplicantReview, type DocumentSubmission, type KycProvider, VendorInputError } from '../../providers/kyc/kyc-provider.ts';
import type { People, Principal } from '../identity/index.ts';
import { ErrorCode, type DocsVerificationSubmit, type EddStatus, isAdult, type KycInfo, type KycStatus } from '@causeway/contracts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { checkDocument, checkStoredDocument, fileNameOfKey, keyBelongsTo } from '../uploads/index.ts';
import type { SubmittedDocuments } from '../uploads/index.ts';
import type { KycProfileRow, KycRepository } from './kyc.repository.ts';
import { type LimitTier, limitsFor, type SpentInPeriods } from './kyc-limits.ts';
import { overviewOf } from './overview.ts';

/** The shared-KYC outcomes a person is told of (not-recorded: their own verification went first, nothing to say). */
const SHARED_KYC_SHOWN = ['reused', 'refused'] as const;
import { outcomeOf } from './review-mapping.ts';

export interface KycAddress {
  addressLine: string;
  city: string;
  postalCode: string;
  country: string;
}

/**
 * The account info's kycInfo with enhanced due diligence (docs/rules/edd.md): its stage, its deadline, and EDD as the
 * step to take while answers are asked (after the address, when that is still to give).
 */
function withEdd(kycInfo: KycInfo, edd: { eddStatus: EddStatus | null; eddDeadline: string | null }): KycInfo {
  const asked = edd.eddStatus === 'Initial' || edd.eddStatus === 'RFI';
  const steps = !asked
    ? {}
    : kycInfo.currentKycStep === null
      ? { currentKycStep: 'EDD' as const }
      : kycInfo.nextKycStep === null
        ? { nextKycStep: 'EDD' as const }
        : {};
  return { ...kycInfo, ...steps, eddStatus: edd.eddStatus, eddDeadline: edd.eddDeadline };
}

/** How long the vendor's hosted step may stay open with one access token. */
export const ACCESS_TOKEN_TTL_SECONDS = 600;
/** A vendor review of an applicant no profile of ours knows (another app or level on the same vendor account): retrying cannot help. */
export class UnknownApplicantError extends Error {
  constructor(readonly applicantId: string) {
    super(`no KYC profile for applicant ${applicantId}`);
    this.name = 'UnknownApplicantError';
  }
}

/** A blocked or terminated account: its verification data no longer changes. */
const isClosedAccount = (user: Pick<Principal, 'accountStatus'>) => user.accountStatus === 'Blocked' || user.accountStatus === 'Terminated';

export type VerificationBlocker = 'ACCOUNT_BLOCKED' | 'ALREADY_VERIFIED' | 'UNDER_REVIEW';

/**
 * Why verification may not (re)start now, or null when it may: only before a decision that
 * stands (not Pass, not under review) on an account that is not blocked. The one rule behind
 * pre-check, get-access-token and docsverification.
 */
export function verificationBlocker(
  user: Pick<Principal, 'accountStatus'>,
  profile: Pick<KycProfileRow, 'kycStatus'>,
): VerificationBlocker | null {
  if (isClosedAccount(user)) return 'ACCOUNT_BLOCKED';
  if (profile.kycStatus === 'Pass') return 'ALREADY_VERIFIED';
  if (profile.kycStatus === 'Pending') return 'UNDER_REVIEW';
  return null;
}

/** Verification of individuals: the profile, the vendor's hosted step, and the reviews the vendor reports. */
export type KycStatusObserver = (
  userId: string,
  change: { kycStatus: KycStatus; kycLevel: number; updatedAt: string },
  reviewKey: string,
) => Promise<void>;

export function createKycService(deps: {
  repository: KycRepository;
  identity: People;
  provider: KycProvider;
  storage: StorageProvider;
  clock: Clock;
  levelName: string;
  /** The flow version new profiles get (V2: our own document step). */
  flowVersion: 'V1' | 'V2';
  /** What the person spent since a moment, in the limit currency (from their orders). */
  spentInPeriods: SpentInPeriods;
  /** The tiers' limits as they stand (limit-settings.ts, cached). */
  limitTiers: () => Promise<readonly LimitTier[]>;
  /** A business's limits tier: its KYB (the kyb module), not a person's review. */
  businessLevelOf: (userId: string) => Promise<number>;
  /** The registry of signed uploads: a submitted file is kept, the others are deleted after a day. */
  uploads: SubmittedDocuments;
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * Told of a review that changed the person's status, inside the transaction that wrote it (the merchants
   * that know the person record their webhook there). `reviewKey` names the review, so it is told once.
   */
  onStatusChange?: KycStatusObserver | undefined;
  /** Whether a questionnaire is asked of the person (the questionnaire module): the account info's requireDynamicQuestionnaire. */
  questionnaireAsked?: ((userId: string) => Promise<boolean>) | undefined;
  /**
   * The country rules (docs/rules/uk-and-countries.md), asked as a review's data arrives: AC100001 for a
   * residence not accepted, AC100011 for a nationality not accepted, null when both are.
   */
  countryRefusal?: ((data: { nationality: string | null; residenceCountry: string | null }) => Promise<string | null>) | undefined;
  /** Where the person's enhanced due diligence stands (the edd module, docs/rules/edd.md), for the account info. */
  eddOf?: ((userId: string) => Promise<{ eddStatus: EddStatus | null; eddDeadline: string | null } | null>) | undefined;
  /** Told after a review was applied: the edd module recomputes the person's risk rating. */
  onReviewApplied?: ((userId: string) => Promise<void>) | undefined;
  /** An individual's limits tier as orders read it (a passed EDD opens the one above the review's). */
  individualLevelOf?: ((userId: string) => Promise<number>) | undefined;
}) {
  const { repository, identity, provider, clock, levelName } = deps;

  const profileOf = (user: Principal) =>
    repository.ensureProfile({
      userId: user.id,
      provider: provider.kind,
      levelName,
      kycFlowVersion: deps.flowVersion,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });

  /**
   * A call to the vendor on a person's request: an outage becomes GAT9000001, which sends the
   * web app to services-unavailable (docs/rules/errors.md), instead of a bare 999999. What the adapter refused
   * to send (VendorInputError) is the request's fault: REQ0000400 with the adapter's reason.
   */
  async function fromVendor<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof VendorInputError) throw new AppError(ErrorCode.MalformedRequest, error.message);
      throw new AppError(ErrorCode.GatewayUnavailable, 'The identity verification service is unavailable: try again in a few minutes');
    }
  }

  /** The vendor's applicant of the person, created the first time. */
  async function applicantOf(user: Principal, profile: KycProfileRow): Promise<string> {
    if (profile.applicantId) return profile.applicantId;
    const { applicantId } = await fromVendor(() =>
      provider.createApplicant({ externalUserId: user.id, email: user.email, levelName: profile.levelName }),
    );
    await repository.updateProfile(user.id, { applicantId, updatedAt: clock.now() });
    return applicantId;
  }

  /** KYC0000001 unless verification may (re)start now (verificationBlocker). */
  function assertMayVerify(user: Principal, profile: KycProfileRow) {
    if (verificationBlocker(user, profile) !== null) throw new AppError(ErrorCode.VerificationCannotStart);
  }

  const addressOf = (profile: {
    addressLine: string | null;
    city: string | null;
    postalCode: string | null;
    addressCountry: string | null;
  }): KycAddress | null =>
    profile.addressLine && profile.city && profile.postalCode && profile.addressCountry
      ? { addressLine: profile.addressLine, city: profile.city, postalCode: profile.postalCode, country: profile.addressCountry }
      : null;

  /** An individual's limits tier: the review's, or the one a passed EDD opens above it. */
  async function individualLevel(user: Principal): Promise<number> {
    const profile = await profileOf(user);
    return deps.individualLevelOf ? deps.individualLevelOf(user.id) : profile.kycLevel;
  }

  const service = {
    profileOf,

    /** docs/rules/entities.md account info: KYC for individuals, KYB for corporate accounts. `profile`: the individual's, when already loaded. */
    async overview(user: Principal, profile?: KycProfileRow) {
      const now = clock.now();
      // docs/rules/questionnaire.md: asked of individuals and businesses alike, by the questionnaire module.
      const requireDynamicQuestionnaire = (await deps.questionnaireAsked?.(user.id)) ?? false;
      if (user.userType === 'Corporate')
        return { ...overviewOf(user, undefined, await repository.ensureKybProfile(user.id, now), now), requireDynamicQuestionnaire };
      const individual = profile ?? (await profileOf(user));
      // A merchant's shared verification matters only until the person is verified here: no read after that.
      const shared = ['Initial', 'Pending'].includes(individual.kycStatus) ? await repository.latestShareOutcome(user.id) : undefined;
      const outcome = SHARED_KYC_SHOWN.find((shown) => shown === shared?.outcome);
      const sharedKyc = outcome ? { outcome, merchantName: shared?.merchantName ?? '' } : null;
      const overview = { ...overviewOf(user, individual, undefined, now, sharedKyc), requireDynamicQuestionnaire };
      // Never asked: the account info carries no EDD fields at all.
      const edd = overview.kycInfo ? await deps.eddOf?.(user.id) : null;
      return edd && overview.kycInfo ? { ...overview, kycInfo: withEdd(overview.kycInfo, edd) } : overview;
    },

    async basicInfo(user: Principal) {
      const profile = await profileOf(user);
      return {
        firstName: profile.firstName,
        lastName: profile.lastName,
        dob: profile.dob,
        nationality: profile.nationality,
        residentCountry: profile.residentCountry,
        address: addressOf(profile),
        kycStatus: profile.kycStatus,
        kycLevel: profile.kycLevel,
      };
    },

    /**
     * kyc-sync-task-check, polled after the vendor's step: synced once the vendor has reported on
     * the person (the status left Initial) and every event it sent is applied.
     */
    async syncCheck(user: Principal) {
      const profile = await profileOf(user);
      const waiting = profile.applicantId ? await repository.countUnprocessedEvents(profile.applicantId) : 0;
      return { synced: waiting === 0 && profile.kycStatus !== 'Initial', kycStatus: profile.kycStatus };
    },

    /** pre-check: whether verification may start now (the region comes from the request's IP). */
    async preCheck(user: Principal, regionBlocked: boolean) {
      const profile = await profileOf(user);
      const reason: VerificationBlocker | 'REGION_NOT_SUPPORTED' | null =
        verificationBlocker(user, profile) ?? (regionBlocked ? 'REGION_NOT_SUPPORTED' : null);
      return { canStart: reason === null, reason, kycStatus: profile.kycStatus };
    },

    /** check-address: the address step (kycAddress) is needed once identity passed and no address is known. */
    async checkAddress(user: Principal) {
      // A business's registered address is part of its KYB form: no personal address step.
      if (user.userType === 'Corporate') return { required: false, address: null };
      const profile = await profileOf(user);
      const address = addressOf(profile);
      return { required: address === null, address };
    },

    async updateAddress(user: Principal, address: KycAddress) {
      // Not USER0000001: that code means "sign in again" to the web app, and a closed account is signed in.
      if (isClosedAccount(user)) throw new AppError(ErrorCode.VerificationCannotStart);
      await profileOf(user);
      await repository.updateProfile(user.id, {
        addressLine: address.addressLine,
        city: address.city,
        postalCode: address.postalCode,
        addressCountry: address.country,
        updatedAt: clock.now(),
      });
      return { required: false, address };
    },

    /**
     * docsverification (flow V2): the person's own uploads (their keys, checked again now: with S3
     * the bytes could only be judged after upload) go to the vendor with the typed details, and
     * the vendor's review is read at once (Pending), its decision following by webhook. Answers
     * the account info as it is after the review (a block it applied shows).
     */
    async submitDocuments(user: Principal, body: DocsVerificationSubmit) {
      const profile = await profileOf(user);
      assertMayVerify(user, profile);
      if (!isAdult(body.dob, clock.now())) throw new AppError(ErrorCode.MalformedRequest, 'body.dob: you must be 18 or older');
      const files: DocumentSubmission['files'] = [];
      for (const file of body.files) if (!keyBelongsTo(file.filePath, user.id, 'kyc')) throw new AppError(ErrorCode.DocumentFileUnknown);
      // Claimed before they are read: the hourly deletion of unsubmitted uploads leaves them alone now.
      const claimedAt = clock.now();
      const filePaths = body.files.map((file) => file.filePath);
      await deps.uploads.markSubmitted(
        user.id,
        filePaths.map((filePath) => ({ filePath, purpose: 'kyc' })),
        claimedAt,
      );
      try {
        for (const file of body.files) {
          // The size and head first, so an oversized object (S3 takes any size) is never read whole.
          const stored = await checkStoredDocument(deps.storage, file.filePath);
          if (!stored.ok) throw new AppError(stored.errorName, stored.message);
          const bytes = await deps.storage.read(file.filePath);
          if (!bytes) throw new AppError(ErrorCode.DocumentFileUnknown);
          // Then the bytes that go to the vendor themselves (the file may have changed since).
          const fileName = fileNameOfKey(file.filePath);
          const check = checkDocument(fileName, bytes.length, bytes);
          if (!check.ok) throw new AppError(check.errorName, check.message);
          files.push({ fileName, bytes, type: check.type, side: file.side });
        }
      } catch (error) {
        // A refused file is no submission: without the claim, the hourly deletion takes it (and
        // its partner) after their day, instead of keeping whatever was uploaded for ever.
        if (error instanceof AppError) await deps.uploads.releaseSubmitted(user.id, filePaths, claimedAt);
        throw error;
      }
      const applicantId = await applicantOf(user, profile);
      const { firstName, lastName, dob, nationality, residenceCountry } = body;
      await fromVendor(() =>
        provider.submitDocuments({
          applicantId,
          externalUserId: user.id,
          info: { firstName, lastName, dob, nationality, residenceCountry },
          documentType: body.documentType,
          files,
        }),
      );
      await service.applyReview(await fromVendor(() => provider.getReview(applicantId)));
      return service.overview((await identity.findById(user.id)) ?? user);
    },

    /** upd-kyc-status: the person finished the vendor's step; read the vendor's review now instead of waiting for its webhook. */
    async refreshStatus(user: Principal) {
      const profile = await profileOf(user);
      const applicantId = profile.applicantId;
      if (!applicantId) return service.overview(user, profile);
      await service.applyReview(await fromVendor(() => provider.getReview(applicantId)));
      return service.overview((await identity.findById(user.id)) ?? user);
    },

    /** close-remediation: the person went through remediation (Pop → Closed). */
    async closeRemediation(user: Principal) {
      const profile = await profileOf(user);
      if (profile.remediationStatus === 'Pop')
        await repository.updateProfile(user.id, { remediationStatus: 'Closed', updatedAt: clock.now() });
      return null;
    },

    /** The limits of every tier with what the person used (their orders whose money moved or may still move). */
    async limits(user: Principal) {
      const kycLevel = user.userType === 'Corporate' ? await deps.businessLevelOf(user.id) : await individualLevel(user);
      const userKycLimitVos = await limitsFor({
        userId: user.id,
        kycLevel,
        now: clock.now(),
        spentInPeriods: deps.spentInPeriods,
        tiers: await deps.limitTiers(),
      });
      return { kycLevel, userKycLimitVos };
    },

    /** An access token for the vendor's step, creating the vendor's applicant the first time. */
    async startVerification(user: Principal) {
      const profile = await profileOf(user);
      assertMayVerify(user, profile);
      const applicantId = await applicantOf(user, profile);
      const { token, url } = await fromVendor(() =>
        provider.accessToken({ externalUserId: user.id, levelName: profile.levelName, ttlSeconds: ACCESS_TOKEN_TTL_SECONDS }),
      );
      return { token, url, applicantId, provider: provider.kind, expiresInSeconds: ACCESS_TOKEN_TTL_SECONDS };
    },

    /**
     * Applies the vendor's current review: status, tier, what the person entered, the UK flag, and
     * a block with its reason code when the review calls for one, or when the country rules refuse the
     * residence (AC100001) or the nationality (AC100011) the review records: the verification then fails,
     * whatever the vendor answered or is still deciding, and the account is blocked with that reason. Applying the same review again
     * changes nothing, and blocks are never lifted here (only an operator does that). A review
     * older (by the vendor's time) than the one applied already changes nothing either: a request
     * that read "pending" may finish after the webhook's job applied the decision.
     */
    async applyReview(review: ApplicantReview): Promise<void> {
      const byApplicant = await repository.findProfileByApplicant(review.applicantId);
      const profile = byApplicant ?? (await repository.findProfile(review.externalUserId));
      if (!profile) throw new UnknownApplicantError(review.applicantId);
      // Found only by the person: the review is of another applicant than theirs (a merchant's shared KYC
      // reused after they began their own verification). Their own verification stands: nothing is applied.
      if (!byApplicant && profile.applicantId !== null && profile.applicantId !== review.applicantId)
        throw new UnknownApplicantError(review.applicantId);
      const { info } = review;
      const nationality = info.nationality ?? profile.nationality;
      const residenceCountry = info.residenceCountry ?? profile.residentCountry;
      const vendorOutcome = outcomeOf(review);
      // As soon as a review records a residence or a nationality (under review or decided, whatever the answer), our
      // country rules judge them; the vendor's own block (sanctions, a duplicate) comes first.
      const countryRefusal =
        review.reviewStatus !== 'init' && vendorOutcome.blockReasonCode === null && (nationality || residenceCountry)
          ? ((await deps.countryRefusal?.({ nationality, residenceCountry })) ?? null)
          : null;
      const outcome = countryRefusal
        ? { kycStatus: 'Fail' as const, kycLevel: 0 as const, blockReasonCode: countryRefusal }
        : vendorOutcome;
      const now = clock.now();
      const write = () =>
        repository.applyReviewValues(profile.userId, review.reviewedAt, {
          applicantId: review.applicantId,
          kycStatus: outcome.kycStatus,
          kycLevel: outcome.kycLevel,
          rejectLabels: review.rejectLabels,
          firstName: info.firstName ?? profile.firstName,
          lastName: info.lastName ?? profile.lastName,
          dob: info.dob ?? profile.dob,
          nationality,
          residentCountry: residenceCountry,
          ukFlag: residenceCountry === 'GB',
          updatedAt: now,
        });
      const changed = outcome.kycStatus !== profile.kycStatus || outcome.kycLevel !== profile.kycLevel;
      const applied = await deps.transaction(async () => {
        if (!(await write())) return false;
        if (changed && deps.onStatusChange) {
          const reviewKey = `${review.applicantId}:${review.reviewedAt?.toISOString() ?? now.toISOString()}:${outcome.kycStatus}`;
          await deps.onStatusChange(
            profile.userId,
            { kycStatus: outcome.kycStatus, kycLevel: outcome.kycLevel, updatedAt: now.toISOString() },
            reviewKey,
          );
        }
        return true;
      });
      if (!applied) return;
      if (outcome.blockReasonCode) {
        const user = await identity.findById(profile.userId);
        if (user && !isClosedAccount(user)) {
          await identity.block(user.id, outcome.blockReasonCode);
        }
      }
      // The review changed what the risk rating reads (status, residence, nationality, screening): docs/rules/edd.md.
      // A review read again unchanged (the status page polls while Pending) asks for nothing.
      const ratingInputsChanged =
        outcome.kycStatus !== profile.kycStatus ||
        nationality !== profile.nationality ||
        residenceCountry !== profile.residentCountry ||
        review.rejectLabels.join(',') !== profile.rejectLabels.join(',');
      if (ratingInputsChanged) await deps.onReviewApplied?.(profile.userId);
    },
  };
  return service;
}

export type KycService = ReturnType<typeof createKycService>;
