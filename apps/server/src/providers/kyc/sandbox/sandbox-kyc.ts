import { createHash } from 'node:crypto';
import type { JobQueueRepository } from '../../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../../jobs/job-worker.ts';
import type { Clock } from '../../../platform/clock.ts';
import { newId } from '../../../platform/crypto.ts';
import { createSignedClaims } from '../../../platform/signed-claims.ts';
import { type ApplicantReview, type KycProvider, SharedKycRefusedError } from '../kyc-provider.ts';
import { parseSumsubWebhook } from '../sumsub.ts';
import { sumsubReuseRefusal } from '../sumsub-reuse-errors.ts';
import { signPayload } from '../webhook-digest.ts';
import { decideSandboxReview, type SandboxApplicantInfo } from './sandbox-decision.ts';
import type { SandboxApplicantRow, SandboxKycRepository } from './sandbox-kyc.repository.ts';

/** Sends a signed webhook to our intake; answers the HTTP status (the real vendor POSTs over HTTPS). */
export type WebhookDelivery = (body: string, headers: Record<string, string>) => Promise<number>;

/** The sandbox page's address: the access token names the applicant. */
export const SANDBOX_KYC_PAGE = '/sandbox/kyc/verify';

const JOB_DECIDE = 'sandbox-kyc.decide';
const JOB_DELIVER = 'sandbox-kyc.deliver';

interface AccessClaims {
  externalUserId: string;
  levelName: string;
  expiresAt: number;
}

/** A Reusable KYC share token: what the donor (a merchant) verified, for one import. */
interface ShareClaims {
  id: string;
  info: SandboxApplicantInfo;
  expiresAt: number;
}

/** Sumsub's default share-token lifetime (20 minutes), and its most. */
export const SHARE_TOKEN_TTL_SECONDS = 1200;

/** Sumsub writes event times as `2020-02-21 13:23:19.321` (UTC); so does the sandbox. */
const sumsubTimestamp = (date: Date): string => date.toISOString().replace('T', ' ').replace('Z', '');

/**
 * One webhook to send. Its correlationId and time are fixed when it is queued, so a retried
 * delivery resends the same event (our intake then drops it as a duplicate), as a vendor's resend does.
 */
interface DeliveryPayload {
  applicantId: string;
  type: string;
  correlationId: string;
  createdAtMs: string;
}

const deliveryJob = (applicantId: string, type: string, now: Date) => {
  const payload: DeliveryPayload = { applicantId, type, correlationId: newId('req'), createdAtMs: sumsubTimestamp(now) };
  return { kind: JOB_DELIVER, payload, runAt: now };
};

/**
 * The sandbox KYC vendor: it behaves like Sumsub seen from our server. It keeps applicants on
 * its own table, has its own verification page (modules/sandbox/kyc-verification.routes.ts),
 * decides as docs/sandbox.md says, and reports through webhooks in Sumsub's format and signature,
 * delivered by the outbox worker (retried like a vendor's resends when our intake does not
 * answer 2xx).
 */
export function createSandboxKyc(deps: {
  repository: SandboxKycRepository;
  queue: JobQueueRepository;
  worker: JobWorker;
  clock: Clock;
  webhookSecret: string;
  /** SUMSUB_WEBHOOK_ALLOW_SHA1, as for Sumsub: the intake checks this vendor's webhooks with the same rule (it signs SHA-256 itself). */
  webhookAllowSha1?: boolean;
  accessTokenKey: Buffer;
  /** Signs the share tokens the sandbox issues to donors (Reusable KYC). */
  shareTokenKey: Buffer;
  /** docs/sandbox.md: SANDBOX_KYC_DELAY_MS, the wait before a Pass. */
  passDelayMs: number;
  deliver: WebhookDelivery;
}) {
  const { repository, queue, clock } = deps;
  const accessTokens = createSignedClaims<AccessClaims>(deps.accessTokenKey);
  const shareTokens = createSignedClaims<ShareClaims>(deps.shareTokenKey);

  function review(row: SandboxApplicantRow): ApplicantReview {
    return {
      applicantId: row.id,
      externalUserId: row.externalUserId,
      reviewStatus: row.reviewStatus,
      reviewAnswer: (row.reviewAnswer as ApplicantReview['reviewAnswer']) ?? null,
      reviewRejectType: (row.reviewRejectType as ApplicantReview['reviewRejectType']) ?? null,
      rejectLabels: row.rejectLabels,
      info: {
        firstName: row.info.firstName,
        lastName: row.info.lastName,
        dob: row.info.dob,
        nationality: row.info.nationality,
        residenceCountry: row.info.residenceCountry,
      },
      // The sandbox's own clock of the review: the row changes exactly when its review does.
      reviewedAt: row.updatedAt,
    };
  }

  async function deliverEvent({ applicantId, type, correlationId, createdAtMs }: DeliveryPayload) {
    const row = await repository.findById(applicantId);
    if (!row) return;
    const body = JSON.stringify({
      applicantId: row.id,
      inspectionId: row.id,
      correlationId,
      levelName: row.levelName,
      externalUserId: row.externalUserId,
      type,
      sandboxMode: true,
      reviewStatus: row.reviewStatus,
      createdAtMs,
      clientId: 'causeway-sandbox',
      ...(row.reviewStatus === 'completed'
        ? {
            reviewResult: {
              reviewAnswer: row.reviewAnswer,
              reviewRejectType: row.reviewRejectType ?? undefined,
              rejectLabels: row.rejectLabels,
            },
          }
        : {}),
    });
    const status = await deps.deliver(body, {
      'content-type': 'application/json',
      'x-payload-digest': signPayload(Buffer.from(body), deps.webhookSecret, 'HMAC_SHA256_HEX'),
      'x-payload-digest-alg': 'HMAC_SHA256_HEX',
    });
    if (status < 200 || status >= 300) throw new Error(`webhook intake answered ${status}`);
  }

  deps.worker.register(JOB_DELIVER, async (payload) => {
    const job = payload as Partial<DeliveryPayload> & { applicantId: string; type: string };
    // A job queued before its payload carried the event's identity gets one now.
    await deliverEvent({ correlationId: newId('req'), createdAtMs: sumsubTimestamp(clock.now()), ...job });
  });

  deps.worker.register(JOB_DECIDE, async (payload) => {
    const { applicantId, submissionId, reviewAnswer, reviewRejectType, rejectLabels } = payload as {
      applicantId: string;
      submissionId: string;
      reviewAnswer: string;
      reviewRejectType: string | null;
      rejectLabels: string[];
    };
    const now = clock.now();
    await repository.transaction(async () => {
      // Written only while this submission is the latest and still pending: a newer submission gets its own
      // decision, and an operator's decision (decide) that came first stands.
      const values = { reviewStatus: 'completed', reviewAnswer, reviewRejectType, rejectLabels, updatedAt: now };
      if (await repository.decidePending(applicantId, submissionId, values))
        await queue.enqueue(deliveryJob(applicantId, 'applicantReviewed', now));
    });
  });

  const provider: KycProvider = {
    kind: 'sandbox',

    async createApplicant({ externalUserId, email, levelName }) {
      const row = await repository.insertOrGet({
        id: newId('sbx'),
        externalUserId,
        email,
        levelName,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      return { applicantId: row.id };
    },

    async accessToken({ externalUserId, levelName, ttlSeconds }) {
      const token = accessTokens.sign({ externalUserId, levelName, expiresAt: clock.now().getTime() + ttlSeconds * 1000 });
      return { token, url: `${SANDBOX_KYC_PAGE}?token=${encodeURIComponent(token)}` };
    },

    /**
     * Reusable KYC as Sumsub's reuse call does it (sumsub.ts reuseSharedApplicant): what the donor
     * shared becomes a new submission of OUR applicant for the person (their externalUserId, our
     * level), decided by the page's own rules (docs/sandbox.md), and the decision reaches our
     * server only by webhook. The answer is just the applicant id. A token it cannot take is
     * refused as Sumsub refuses one (a 401 "Token is invalid": the token is checked first, then
     * whether it was spent), through the same mapping, so both vendors give the same typed refusal.
     */
    async reuseSharedApplicant({ shareToken, externalUserId, levelName }) {
      const refuse = (why: string): never => {
        const refusal = sumsubReuseRefusal(401, { description: `Token is invalid: ${why}` });
        if (!refusal) throw new Error('a 401 is always a refusal');
        throw new SharedKycRefusedError(refusal, `Sandbox KYC reuse refused: HTTP 401 — Token is invalid: ${why}`);
      };
      const claims = shareTokens.verify(shareToken, clock.now()) ?? refuse('unknown or expired share token');
      if (await repository.findByShareTokenId(claims.id)) refuse('the share token was used already');
      const applicant = await repository.insertOrGet({
        id: newId('sbx'),
        externalUserId,
        email: '',
        levelName,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      await repository.update(applicant.id, { shareTokenId: claims.id });
      await sandboxKyc.submit(applicant, claims.info, Buffer.from(`shared:${claims.id}`));
      return { applicantId: applicant.id };
    },

    async getReview(applicantId) {
      const row = await repository.findById(applicantId);
      if (!row) throw new Error(`sandbox applicant ${applicantId} not found`);
      return review(row);
    },

    /**
     * An operator's decision, as Sumsub's approve, reject and init calls take it (sumsub-decision.ts): the
     * applicant's review changes at once and the vendor's webhook tells our server, like any review. The note
     * and reason stay with the vendor (the sandbox keeps no log of them).
     */
    async decide(applicantId, decision) {
      const row = await repository.findById(applicantId);
      if (!row) throw new Error(`sandbox applicant ${applicantId} not found`);
      const now = clock.now();
      const review =
        decision.kind === 'approve'
          ? { reviewStatus: 'completed', reviewAnswer: 'GREEN', reviewRejectType: null, rejectLabels: [] }
          : decision.kind === 'reject'
            ? { reviewStatus: 'completed', reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['EXTERNAL_DECISION_REJECTION'] }
            : { reviewStatus: 'init', reviewAnswer: null, reviewRejectType: null, rejectLabels: [] };
      await repository.transaction(async () => {
        await repository.update(applicantId, { ...review, updatedAt: now });
        await queue.enqueue(deliveryJob(applicantId, decision.kind === 'askAgain' ? 'applicantReset' : 'applicantReviewed', now));
      });
    },

    async submitDocuments({ externalUserId, info, files }) {
      const applicant = await repository.findByExternalUserId(externalUserId);
      if (!applicant) throw new Error(`sandbox applicant for ${externalUserId} not found`);
      const first = files[0];
      if (!first) throw new Error('no document to submit');
      await sandboxKyc.submit(applicant, info, first.bytes);
    },

    parseWebhook: (input) =>
      parseSumsubWebhook(input, deps.webhookSecret, () => clock.now(), { allowSha1: deps.webhookAllowSha1 === true }),
  };

  const sandboxKyc = {
    ...provider,

    /**
     * The donor side of Reusable KYC, as Sumsub's POST /resources/accessTokens/shareToken: a
     * token a merchant puts in its entry link so the person need not verify again here.
     */
    issueShareToken(info: SandboxApplicantInfo, ttlSeconds = SHARE_TOKEN_TTL_SECONDS): string {
      return shareTokens.sign({
        id: newId('shr'),
        info,
        expiresAt: clock.now().getTime() + Math.min(ttlSeconds, SHARE_TOKEN_TTL_SECONDS) * 1000,
      });
    },

    /** The applicant an access token opens the page for, or undefined when forged or expired. */
    async applicantForToken(token: string): Promise<SandboxApplicantRow | undefined> {
      const claims = accessTokens.verify(token, clock.now());
      return claims ? repository.findByExternalUserId(claims.externalUserId) : undefined;
    },

    /**
     * The page's form (and flow V2's documents): the applicant is pending at once (an
     * applicantPending webhook), and its decision follows, a Pass after the configured delay, as
     * docs/sandbox.md describes. The sandbox keeps only the document's SHA-256, never the image. The
     * change and its jobs commit together.
     */
    async submit(applicant: SandboxApplicantRow, info: SandboxApplicantInfo, document: Buffer): Promise<void> {
      const now = clock.now();
      const submissionId = newId('sub');
      const documentSha256 = createHash('sha256').update(document).digest('hex');
      const decision = decideSandboxReview(info);
      await repository.transaction(async () => {
        await repository.update(applicant.id, {
          info: { ...info, submissionId },
          documentSha256,
          reviewStatus: 'pending',
          reviewAnswer: null,
          reviewRejectType: null,
          rejectLabels: [],
          updatedAt: now,
        });
        await queue.enqueue(deliveryJob(applicant.id, 'applicantPending', now));
        if (decision.kind === 'pending') return;
        const { reviewAnswer, reviewRejectType, rejectLabels } = decision;
        const runAt = new Date(now.getTime() + (decision.afterDelay ? deps.passDelayMs : 0));
        await queue.enqueue({
          kind: JOB_DECIDE,
          payload: { applicantId: applicant.id, submissionId, reviewAnswer, reviewRejectType, rejectLabels },
          runAt,
        });
      });
    },
  };
  return sandboxKyc;
}

export type SandboxKyc = ReturnType<typeof createSandboxKyc>;
