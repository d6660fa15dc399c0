import { createHash } from 'node:crypto';
import type { JobQueueRepository } from '../../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../../jobs/job-worker.ts';
import type { Clock } from '../../../platform/clock.ts';
import { newId } from '../../../platform/crypto.ts';
import { VendorInputError } from '../../kyc/kyc-provider.ts';
import type { WebhookDelivery } from '../../kyc/sandbox/sandbox-kyc.ts';
import { signPayload } from '../../kyc/webhook-digest.ts';
import type { CompanyReview, KybCompanySubmission, KybDocument, KybProvider } from '../kyb-provider.ts';
import { parseKybWebhook } from '../kyb-webhook.ts';
import { decideCompanyReview, decideEddReview } from './sandbox-kyb-decision.ts';
import type { SandboxCompanyRow, SandboxKybRepository } from './sandbox-kyb.repository.ts';

/** Where the sandbox reviewer posts its webhooks: the platform's intake, for provider name 'kyb'. */
export const SANDBOX_KYB_WEBHOOK_PATH = '/webhooks/kyb';

const JOB_DECIDE = 'sandbox-kyb.decide';
const JOB_DECIDE_EDD = 'sandbox-kyb.decide-edd';
const JOB_DELIVER = 'sandbox-kyb.deliver';

const EDD_STATUSES = ['required', 'pending', 'passed', 'resubmit'] as const;
type EddStatus = (typeof EDD_STATUSES)[number];
const isEddStatus = (value: string | null): value is EddStatus => (EDD_STATUSES as readonly (string | null)[]).includes(value);

/** Sumsub writes event times as `2020-02-21 13:23:19.321` (UTC); so does the sandbox. */
const sumsubTimestamp = (date: Date): string => date.toISOString().replace('T', ' ').replace('Z', '');

/**
 * One webhook to send, written when it is queued: a retried delivery resends the same event (our
 * intake drops it as a duplicate), as a vendor's resend does, and it says what was true then.
 */
interface WebhookEvent {
  applicantId: string;
  externalUserId: string;
  levelName: string;
  type: string;
  reviewStatus: string;
  reviewResult?: Record<string, unknown>;
  /** EDD answers are reviewed as an applicant action (as sumsub-kyb.ts sends them): its ids. */
  applicantActionId?: string;
  externalApplicantActionId?: string;
  correlationId: string;
  createdAtMs: string;
}

function webhookJob(row: SandboxCompanyRow, type: string, now: Date, extra: Partial<WebhookEvent> = {}) {
  const event: WebhookEvent = {
    applicantId: row.id,
    externalUserId: row.externalId,
    levelName: row.levelName,
    type,
    reviewStatus: row.reviewStatus,
    correlationId: newId('req'),
    createdAtMs: sumsubTimestamp(now),
    ...extra,
  };
  return { kind: JOB_DELIVER, payload: event, runAt: now };
}

/** The company's review result as Sumsub's webhook carries it. */
const companyResult = (row: SandboxCompanyRow): Record<string, unknown> => ({
  reviewAnswer: row.reviewAnswer,
  ...(row.reviewAnswer === 'RED'
    ? { reviewRejectType: row.reviewRejectType, rejectLabels: row.rejectLabels, moderationComment: row.moderationComment }
    : {}),
});

/** What the sandbox keeps of a document: its name, type and SHA-256, never its bytes. */
const describeDocument = ({ type, fileName, contentType, bytes }: KybDocument) => ({
  type,
  fileName,
  contentType,
  sha256: createHash('sha256').update(bytes).digest('hex'),
});

function reviewOf(row: SandboxCompanyRow): CompanyReview {
  return {
    applicantId: row.id,
    externalId: row.externalId,
    reviewStatus: row.reviewStatus,
    reviewAnswer: row.reviewAnswer === 'GREEN' || row.reviewAnswer === 'RED' ? row.reviewAnswer : null,
    reviewRejectType: row.reviewRejectType === 'FINAL' || row.reviewRejectType === 'RETRY' ? row.reviewRejectType : null,
    rejectLabels: row.rejectLabels,
    moderationComment: row.moderationComment,
    rejectedFields: row.rejectedFields,
    edd: isEddStatus(row.eddStatus) ? { status: row.eddStatus, comment: row.eddComment } : null,
    // The sandbox's own clock of the review: the row changes exactly when its review does.
    reviewedAt: row.updatedAt,
  };
}

/**
 * The sandbox KYB reviewer: it behaves like Sumsub's company applicants seen from our server. It keeps
 * the companies on its own table, decides as docs/sandbox.md says after `reviewMs`, and reports through
 * webhooks in Sumsub's format and signature, posted to our own intake by the outbox worker (retried
 * like a vendor's resends when the intake does not answer 2xx). It has no form of its own: ours is the form.
 */
export function createSandboxKyb(deps: {
  repository: SandboxKybRepository;
  queue: JobQueueRepository;
  worker: JobWorker;
  clock: Clock;
  webhookSecret: string;
  /** SUMSUB_WEBHOOK_ALLOW_SHA1, as for Sumsub: the intake checks this reviewer's webhooks with the same rule (it signs SHA-256 itself). */
  webhookAllowSha1?: boolean;
  /** docs/sandbox.md: SANDBOX_KYB_REVIEW_MS, how long a review takes. */
  reviewMs: number;
  deliver: WebhookDelivery;
}): KybProvider {
  const { repository, queue, clock } = deps;
  const decideAt = (now: Date) => new Date(now.getTime() + deps.reviewMs);

  deps.worker.register(JOB_DELIVER, async (payload) => {
    const { correlationId, createdAtMs, ...event } = payload as WebhookEvent;
    const body = JSON.stringify({
      ...event,
      inspectionId: event.applicantId,
      applicantType: 'company',
      correlationId,
      sandboxMode: true,
      createdAtMs,
      clientId: 'causeway-sandbox',
    });
    const status = await deps.deliver(body, {
      'content-type': 'application/json',
      'x-payload-digest': signPayload(Buffer.from(body), deps.webhookSecret, 'HMAC_SHA256_HEX'),
      'x-payload-digest-alg': 'HMAC_SHA256_HEX',
    });
    if (status < 200 || status >= 300) throw new Error(`KYB webhook intake answered ${status}`);
  });

  deps.worker.register(JOB_DECIDE, async (payload) => {
    const { applicantId, submission } = payload as { applicantId: string; submission: number };
    const current = await repository.findById(applicantId);
    if (!current) return;
    const decision = decideCompanyReview({ companyName: current.companyName, submissions: submission });
    const now = clock.now();
    await repository.transaction(async () => {
      if (decision.kind === 'onHold') {
        const held = await repository.decideCompany(applicantId, submission, { reviewStatus: 'onHold', updatedAt: now });
        if (held) await queue.enqueue(webhookJob(held, 'applicantOnHold', now));
        return;
      }
      const { reviewAnswer, reviewRejectType, rejectLabels, rejectedFields, moderationComment, eddRequired } = decision;
      const decided = await repository.decideCompany(applicantId, submission, {
        reviewStatus: 'completed',
        reviewAnswer,
        reviewRejectType,
        rejectLabels,
        rejectedFields,
        moderationComment,
        // EDD asked once stays where its own review took it across later company reviews.
        ...(eddRequired && current.eddStatus === null ? { eddStatus: 'required', eddComment: null } : {}),
        updatedAt: now,
      });
      if (decided) await queue.enqueue(webhookJob(decided, 'applicantReviewed', now, { reviewResult: companyResult(decided) }));
    });
  });

  deps.worker.register(JOB_DECIDE_EDD, async (payload) => {
    const { applicantId, eddSubmission } = payload as { applicantId: string; eddSubmission: number };
    const current = await repository.findById(applicantId);
    if (!current) return;
    const { status, comment } = decideEddReview({ companyName: current.companyName, eddSubmissions: eddSubmission });
    const now = clock.now();
    await repository.transaction(async () => {
      const decided = await repository.decideEdd(applicantId, eddSubmission, { eddStatus: status, eddComment: comment, updatedAt: now });
      if (!decided) return;
      const reviewResult =
        status === 'passed'
          ? { reviewAnswer: 'GREEN' }
          : { reviewAnswer: 'RED', reviewRejectType: 'RETRY', rejectLabels: ['INCOMPLETE_DOCUMENT'], moderationComment: comment };
      await queue.enqueue(
        webhookJob(decided, 'applicantActionReviewed', now, {
          ...eddAction(decided.id, eddSubmission),
          reviewStatus: 'completed',
          reviewResult,
        }),
      );
    });
  });

  return {
    kind: 'sandbox',

    async submitCompany(submission: KybCompanySubmission) {
      if (!submission.externalId || !submission.companyName.trim())
        throw new VendorInputError('sandbox KYB submitCompany: the externalId and the company name are required');
      const now = clock.now();
      const { documents, ...company } = submission;
      const record = { ...company, documents: documents.map(describeDocument) };
      const freshReview = {
        levelName: submission.levelName,
        companyName: submission.companyName,
        submission: record,
        reviewStatus: 'pending',
        reviewAnswer: null,
        reviewRejectType: null,
        rejectLabels: [],
        rejectedFields: [],
        moderationComment: null,
        updatedAt: now,
      };
      return repository.transaction(async () => {
        // The same externalId again is a resubmission: the stored submission is replaced, counted, and reviewed afresh.
        const row =
          (await repository.insertNew({ id: newId('sbkyb'), externalId: submission.externalId, createdAt: now, ...freshReview })) ??
          (await repository.resubmit(submission.externalId, freshReview));
        await queue.enqueue(webhookJob(row, 'applicantPending', now));
        await queue.enqueue({ kind: JOB_DECIDE, payload: { applicantId: row.id, submission: row.submissions }, runAt: decideAt(now) });
        return { applicantId: row.id };
      });
    },

    async submitEdd({ applicantId, answers, documents }) {
      const now = clock.now();
      await repository.transaction(async () => {
        const current = await repository.findById(applicantId);
        if (!current) throw new Error(`sandbox company applicant ${applicantId} not found`);
        const edd = { answers, documents: documents.map(describeDocument) };
        const row = await repository.submitEdd(applicantId, {
          submission: { ...current.submission, edd },
          eddStatus: 'pending',
          eddComment: null,
          updatedAt: now,
        });
        if (!row) throw new Error(`sandbox company applicant ${applicantId} not found`);
        await queue.enqueue(
          webhookJob(row, 'applicantActionPending', now, { ...eddAction(row.id, row.eddSubmissions), reviewStatus: 'pending' }),
        );
        await queue.enqueue({ kind: JOB_DECIDE_EDD, payload: { applicantId, eddSubmission: row.eddSubmissions }, runAt: decideAt(now) });
      });
    },

    /**
     * An operator's decision, as Sumsub's approve and reject calls take it: the company's review changes at once
     * (a review still queued then decides nothing: decideCompany takes only a pending one) and the webhook tells
     * our server. A rejection carries no comment for the business: the operator's note stays with the vendor.
     */
    async decide(applicantId, decision) {
      if (decision.kind !== 'approve' && decision.kind !== 'reject')
        throw new VendorInputError('sandbox KYB decide: a company is approved or rejected, never asked again');
      const now = clock.now();
      const review =
        decision.kind === 'approve'
          ? { reviewAnswer: 'GREEN', reviewRejectType: null, rejectLabels: [] }
          : { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['EXTERNAL_DECISION_REJECTION'] };
      await repository.transaction(async () => {
        const decided = await repository.decideByOperator(applicantId, {
          reviewStatus: 'completed',
          ...review,
          rejectedFields: [],
          moderationComment: null,
          updatedAt: now,
        });
        if (!decided) throw new Error(`sandbox company applicant ${applicantId} not found`);
        await queue.enqueue(webhookJob(decided, 'applicantReviewed', now, { reviewResult: companyResult(decided) }));
      });
    },

    async getReview(applicantId) {
      const row = await repository.findById(applicantId);
      if (!row) throw new Error(`sandbox company applicant ${applicantId} not found`);
      return reviewOf(row);
    },

    // Our own onboarding form is the sandbox's form: there is no hosted one.
    hostedFormUrl: async () => null,

    parseWebhook: (input) => parseKybWebhook(input, deps.webhookSecret, () => clock.now(), { allowSha1: deps.webhookAllowSha1 === true }),
  };
}

/** The applicant action one EDD submission is, in the webhook's terms. */
const eddAction = (applicantId: string, eddSubmission: number) => ({
  applicantActionId: `${applicantId}-edd-${eddSubmission}`,
  externalApplicantActionId: `edd-${eddSubmission}`,
});
