import type { FastifyBaseLogger } from 'fastify';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import { type WebhookIntake, WebhookRefusedError } from '../../platform/webhook-intake.ts';
import type { KybProvider, KybWebhookEvent } from '../../providers/kyb/kyb-provider.ts';
import { WebhookSignatureError } from '../../providers/kyc/kyc-provider.ts';
import { mustVerify } from './kyb-rules.ts';
import { companyReviewOf, kybStatusOf, type PersonStanding, thresholdOf } from './kyb-status.ts';
import type { KybRepository } from './kyb.repository.ts';

const JOB_APPLY_COMPANY_REVIEW = 'kyb.apply-review';
/** The webhook intake's name for the KYB vendor: its events arrive at POST /webhooks/kyb. */
export const KYB_WEBHOOK_PROVIDER = 'kyb';

/**
 * The business's status, kept by one function (kybStatusOf) from the vendor's last word on the company
 * and its people's verification; the vendor's webhooks go through the one intake and are applied by an
 * outbox job that re-reads the company's review (newer reviews win by the vendor's own time).
 */
export function createKybReview(deps: {
  repository: KybRepository;
  provider: KybProvider;
  worker: JobWorker;
  clock: Clock;
  transaction: RunInTransaction;
  log: FastifyBaseLogger;
}) {
  const { repository, clock, transaction } = deps;

  /** Recomputes kybInfo from what we hold; call inside the business's transaction after any change it depends on. */
  async function recompute(userId: string): Promise<void> {
    const application = await repository.applicationOf(userId, clock.now());
    const [individuals, people, companies] = await Promise.all([
      repository.individualsOf(userId),
      repository.peopleOf(userId),
      repository.companiesOf(userId),
    ]);
    const threshold = thresholdOf(application);
    const standings: PersonStanding[] = people.flatMap((person) => {
      const roles = individuals.filter((row) => row.personId === person.id);
      const first = roles[0];
      if (!first) return [];
      return [
        {
          name: `${first.firstName} ${first.lastName}`,
          kycStatus: person.kycStatus,
          mustVerify: roles.some((role) => mustVerify(role, companies, threshold)),
        },
      ];
    });
    await repository.updateStatus(userId, { ...kybStatusOf(application, standings), updatedAt: clock.now() });
  }

  deps.worker.register(JOB_APPLY_COMPANY_REVIEW, async (payload) => {
    const { applicantId, eventKey } = payload as { applicantId: string; eventKey: string };
    const application = await repository.findApplicationByApplicant(applicantId);
    if (!application) {
      deps.log.warn({ applicantId }, 'KYB webhook about a company we do not know: ignored');
    } else {
      const review = await deps.provider.getReview(applicantId); // an outage throws: the job is retried
      await transaction(async () => {
        const locked = (await repository.lockApplication(application.userId))!;
        if (locked.reviewedAt && review.reviewedAt && review.reviewedAt < locked.reviewedAt) return;
        await repository.updateApplication(locked.userId, {
          ...companyReviewOf(review),
          reviewedAt: review.reviewedAt ?? clock.now(),
          updatedAt: clock.now(),
        });
        await recompute(locked.userId);
      });
    }
    await repository.markEventProcessed(eventKey, clock.now());
  });

  return {
    recompute,
    /** The vendor's webhooks: `/webhooks/kyb` on the one intake, its signature checked over the raw bytes. */
    registerWebhook(intake: WebhookIntake): void {
      intake.add<KybWebhookEvent & { eventId: string }>(KYB_WEBHOOK_PROVIDER, {
        async verify({ rawBody, headers }) {
          try {
            const event = deps.provider.parseWebhook({ rawBody, headers });
            return { ...event, eventId: event.eventKey };
          } catch (error) {
            if (error instanceof WebhookSignatureError) throw new WebhookRefusedError(error.message);
            throw error;
          }
        },
        store: (event, rawBody, receivedAt) =>
          repository.recordWebhookEvent(
            {
              eventKey: event.eventKey,
              provider: deps.provider.kind,
              type: event.type,
              applicantId: event.applicantId,
              rawBody: rawBody.toString('utf8'),
              receivedAt,
            },
            JOB_APPLY_COMPANY_REVIEW,
          ),
      });
    },
  };
}

export type KybReview = ReturnType<typeof createKybReview>;
