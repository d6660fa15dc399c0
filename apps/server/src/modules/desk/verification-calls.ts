import {
  CALLS,
  DESK_VERIFICATIONS_LIMIT,
  type DeskVerification,
  ErrorCode,
  type VerificationDecision,
  type VerificationRejectReason,
  type VerificationSubject,
} from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import { type ApplicantDecision, VendorInputError } from '../../providers/kyc/kyc-provider.ts';
import type { DeskFace } from './desk-face.ts';
import type { DeskRepository, VerificationDecisionRow } from './desk.repository.ts';

/** A verification the vendor left for a person to decide, as the module that keeps it sees it. */
export interface WaitingReview {
  userId: string;
  applicantId: string;
  provider: string;
  email: string | null;
  name: string | null;
  country: string | null;
  status: string;
  waitingSince: Date;
  /**
   * The review round: the vendor's time of the review we hold (null before it gave one). A decision is taken
   * once per round; a new review (the webhook's answer, or a new submission) starts another.
   */
  reviewedAt: Date | null;
}

/** What the kyc and kyb modules give the desk of their verifications (their faces' `deskReviews`). */
export interface VerificationReviews {
  /** Those waiting for a decision, oldest first. */
  waiting(limit: number): Promise<WaitingReview[]>;
  /** One account's, when it waits; undefined when it does not (decided, never submitted, or no such account). */
  waitingOf(userId: string): Promise<WaitingReview | undefined>;
  /** Sends an operator's decision to the vendor (its webhook applies the outcome). */
  decide(applicantId: string, decision: ApplicantDecision): Promise<void>;
}

const PERMISSION = 'reviews:decide';
const roundOf = (review: WaitingReview) => review.reviewedAt?.toISOString() ?? 'none';

/**
 * The desk's Verifications screen (docs/rules/operator-desk.md "Verifications"): identity (KYC) and business (KYB)
 * reviews the vendor left for a person, and the operator's decision on one. The decision goes to the vendor (the
 * sandbox's or Sumsub's approve, reject or init call) and nothing of ours changes until the vendor's webhook
 * brings its new review, through the same path as every review: one way a status changes. The decision is
 * recorded once per review round (verification_decisions), in the transaction of its audit row and of the
 * vendor's call, so two operators never both decide one submission, and a vendor refusal records nothing.
 */
export function registerVerificationCalls(deps: {
  desk: DeskFace;
  repository: DeskRepository;
  clock: Clock;
  reviews: Record<VerificationSubject, () => VerificationReviews>;
}): void {
  const { desk, repository, clock, reviews } = deps;

  const decisionView = (row: VerificationDecisionRow, by: string): DeskVerification['decision'] => ({
    decision: row.decision as VerificationDecision,
    reason: (row.reason as VerificationRejectReason | null) ?? null,
    note: row.note,
    by,
    at: row.decidedAt.toISOString(),
  });

  async function listed(subject: VerificationSubject): Promise<DeskVerification[]> {
    const waiting = await reviews[subject]().waiting(DESK_VERIFICATIONS_LIMIT);
    const decided = await repository.verificationDecisionsOf(
      subject,
      waiting.map((review) => ({ applicantId: review.applicantId, round: roundOf(review) })),
    );
    const byRound = new Map(decided.map(({ decision, by }) => [`${decision.applicantId}/${decision.round}`, decisionView(decision, by)]));
    return waiting.map((review) => ({
      subject,
      userId: review.userId,
      applicantId: review.applicantId,
      provider: review.provider,
      email: review.email,
      name: review.name,
      country: review.country,
      status: review.status,
      waitingSince: review.waitingSince.toISOString(),
      decision: byRound.get(`${review.applicantId}/${roundOf(review)}`) ?? null,
    }));
  }

  desk.registerCall(CALLS.deskVerificationsWaiting, { permission: PERMISSION, action: 'verification.list' }, async () => ({
    verifications: [...(await listed('kyc')), ...(await listed('kyb'))],
  }));

  desk.registerCall(CALLS.deskVerificationDecide, { permission: PERMISSION, action: 'verification.decide' }, async (request, actor) => {
    const { subject, userId, decision, reason, note } = request.body;
    const source = reviews[subject]();
    const review = await source.waitingOf(userId);
    if (!review) throw new AppError(ErrorCode.WaitingItemSettled, 'This verification no longer waits for a decision.');
    const vendorDecision: ApplicantDecision =
      decision === 'approve'
        ? { kind: 'approve', note: note ?? null }
        : decision === 'reject'
          ? { kind: 'reject', note: note ?? '', reason: reason ?? null }
          : { kind: 'askAgain', note: note ?? '' };
    const sentAt = clock.now();
    await desk.act(
      actor,
      {
        permission: PERMISSION,
        action: `${subject}.decide`,
        target: { type: subject === 'kyc' ? 'person' : 'business', id: userId },
        details: { applicantId: review.applicantId, provider: review.provider, decision, reason: reason ?? null, note: note ?? null },
      },
      async () => {
        const reserved = await repository.reserveVerificationDecision({
          id: newId('vdc'),
          subject,
          userId,
          applicantId: review.applicantId,
          round: roundOf(review),
          decision,
          reason: reason ?? null,
          note: note ?? null,
          operatorId: actor.operator.id,
          decidedAt: sentAt,
        });
        if (!reserved)
          throw new AppError(
            ErrorCode.ReviewDecisionOnItsWay,
            "Another operator's decision on this verification is with the vendor already.",
          );
        // Inside the transaction: a refusal by the vendor leaves no decision and no audit row of one.
        try {
          await source.decide(review.applicantId, vendorDecision);
        } catch (error) {
          if (error instanceof VendorInputError) throw new AppError(ErrorCode.MalformedRequest, error.message);
          // The adapters' messages carry no secret (they redact them); the operator reads why, e.g. "try again in 10 s".
          request.log.warn({ err: error, subject, applicantId: review.applicantId }, 'the verification vendor did not take a decision');
          throw new AppError(
            ErrorCode.GatewayUnavailable,
            `The verification vendor did not take the decision: ${(error as Error).message}`,
          );
        }
      },
    );
    return { subject, userId, decision, sentAt: sentAt.toISOString() };
  });
}
