import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createJobQueueRepository } from '../../jobs/job-queue.repository.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { createManualClock } from '../../platform/clock.ts';
import { type FakeSumsub, startFakeSumsub } from '../../../test/fake-sumsub.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { type KycProvider, SharedKycRefusedError, VendorInputError, WebhookSignatureError } from './kyc-provider.ts';
import { createSandboxKyc } from './sandbox/sandbox-kyc.ts';
import { createSandboxKycRepository } from './sandbox/sandbox-kyc.repository.ts';
import { createSumsubKyc } from './sumsub.ts';
import { signPayload } from './webhook-digest.ts';

const WEBHOOK_SECRET = 'contract-webhook-secret';
let database: DatabaseHandle;
let fake: FakeSumsub;
beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeSumsub({ appToken: 'sbx:contract', secretKey: 'contract-secret' });
});
afterAll(async () => {
  await fake.close();
  await database.close();
});

function sandbox() {
  const clock = createManualClock();
  const queue = createJobQueueRepository(database.db);
  return createSandboxKyc({
    repository: createSandboxKycRepository(database.db),
    queue,
    worker: createJobWorker({ queue, clock, log: pino({ level: 'silent' }), pollMs: 0 }),
    clock,
    webhookSecret: WEBHOOK_SECRET,
    accessTokenKey: Buffer.alloc(32, 7),
    shareTokenKey: Buffer.alloc(32, 8),
    passDelayMs: 0,
    deliver: async () => 200,
  });
}

const sumsub = (): KycProvider =>
  createSumsubKyc({ appToken: 'sbx:contract', secretKey: 'contract-secret', webhookSecret: WEBHOOK_SECRET, baseUrl: fake.baseUrl });

/** A webhook as each vendor sends it: Sumsub's JSON, signed with the webhook secret. */
function signedWebhook(applicantId: string, externalUserId: string) {
  const rawBody = Buffer.from(
    JSON.stringify({
      applicantId,
      externalUserId,
      type: 'applicantReviewed',
      correlationId: 'req-1',
      reviewStatus: 'completed',
      createdAtMs: '2026-11-21 12:00:00.000',
      reviewResult: { reviewAnswer: 'GREEN' },
    }),
  );
  return {
    rawBody,
    headers: { 'x-payload-digest': signPayload(rawBody, WEBHOOK_SECRET, 'HMAC_SHA512_HEX'), 'x-payload-digest-alg': 'HMAC_SHA512_HEX' },
  };
}

/** A donor's single-use share token (Reusable KYC), made the way each vendor makes them. */
const sandboxShareToken = async () =>
  sandbox().issueShareToken({ firstName: 'Mia', lastName: 'Berg', dob: '1990-04-01', nationality: 'SE', residenceCountry: 'SE' });
const sumsubShareToken = async () => {
  const donor = await sumsub().createApplicant({
    externalUserId: `donor-${Math.random()}`,
    email: 'donor@example.test',
    levelName: 'donor-level',
  });
  // Approved at the donor: a reuse must still not come out approved without our own recheck.
  fake.setReview(donor.applicantId, { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } });
  return fake.issueShareToken(donor.applicantId);
};

describe.each([
  ['sandbox', sandbox as () => KycProvider, sandboxShareToken],
  ['sumsub', sumsub, sumsubShareToken],
])('KycProvider contract: %s', (kind, create, shareToken) => {
  const externalUserId = `usr_contract_${kind}`;

  it('creates one applicant per externalUserId, however often it is asked', async () => {
    const provider = create();
    expect(provider.kind).toBe(kind);
    const first = await provider.createApplicant({ externalUserId, email: 'contract@example.test', levelName: 'basic-kyc-level' });
    const again = await provider.createApplicant({ externalUserId, email: 'contract@example.test', levelName: 'basic-kyc-level' });
    expect(again.applicantId).toBe(first.applicantId);
  });

  it('answers a new applicant as not reviewed yet', async () => {
    const provider = create();
    const { applicantId } = await provider.createApplicant({
      externalUserId,
      email: 'contract@example.test',
      levelName: 'basic-kyc-level',
    });
    const review = await provider.getReview(applicantId);
    expect(review).toMatchObject({ applicantId, externalUserId, reviewStatus: 'init', reviewAnswer: null, rejectLabels: [] });
    // Every review carries the vendor's own time of it, so an older one never overwrites a newer one.
    expect(review.reviewedAt).toBeInstanceOf(Date);
  });

  it('issues an access token for the hosted step', async () => {
    const token = await create().accessToken({ externalUserId, levelName: 'basic-kyc-level', ttlSeconds: 600 });
    expect(token.token.length).toBeGreaterThan(10);
  });

  it('takes the documents of our own step and puts the applicant under review', async () => {
    const provider = create();
    const { applicantId } = await provider.createApplicant({
      externalUserId,
      email: 'contract@example.test',
      levelName: 'basic-kyc-level',
    });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(12 * 1024, 1)]);
    await provider.submitDocuments({
      applicantId,
      externalUserId,
      info: { firstName: 'Ada', lastName: 'Smith', dob: '1990-01-01', nationality: 'DE', residenceCountry: 'DE' },
      documentType: 'ID_CARD',
      files: [
        { fileName: 'front.png', bytes: png, type: 'png', side: 'FRONT_SIDE' },
        { fileName: 'back.png', bytes: png, type: 'png', side: 'BACK_SIDE' },
      ],
    });
    expect((await provider.getReview(applicantId)).reviewStatus).toBe('pending');
  });

  it('reuses a shared applicant as a recheck under our level: a new applicant of ours under review, answered by its id only', async () => {
    const provider = create();
    const token = await shareToken();
    const person = `usr_shared_${kind}`;
    const answer = await provider.reuseSharedApplicant({ shareToken: token, externalUserId: person, levelName: 'basic-kyc-level' });
    // Nothing to conclude from the answer: the vendor's own review comes later, by webhook.
    expect(Object.keys(answer)).toEqual(['applicantId']);
    // Ours (our person's externalUserId, so its webhooks find them), and not decided yet even though the donor was approved.
    expect(await provider.getReview(answer.applicantId)).toMatchObject({
      applicantId: answer.applicantId,
      externalUserId: person,
      reviewStatus: 'pending',
      reviewAnswer: null,
    });
  });

  it("refuses a spent or made-up token the same typed way: the merchant's token at fault", async () => {
    const provider = create();
    const token = await shareToken();
    await provider.reuseSharedApplicant({ shareToken: token, externalUserId: `usr_spent_${kind}`, levelName: 'basic-kyc-level' });
    for (const refused of [token, '_act-made-up-token']) {
      const failure = await provider
        .reuseSharedApplicant({ shareToken: refused, externalUserId: `usr_refused_${kind}`, levelName: 'basic-kyc-level' })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SharedKycRefusedError);
      expect(failure).toBeInstanceOf(VendorInputError);
      expect((failure as SharedKycRefusedError).refusal).toEqual({
        party: 'merchant',
        reason: 'token-invalid',
        vendorErrorCode: null,
        operatorAction: null,
      });
      expect((failure as Error).message).not.toContain(refused);
    }
  });

  it('accepts its signed webhook and refuses the same body with one byte changed', () => {
    const provider = create();
    const { rawBody, headers } = signedWebhook('applicant-1', externalUserId);
    expect(provider.parseWebhook({ rawBody, headers })).toMatchObject({
      type: 'applicantReviewed',
      applicantId: 'applicant-1',
      externalUserId,
      eventKey: 'applicantReviewed:req-1',
    });
    const flipped = Buffer.from(rawBody);
    flipped[10] = flipped[10]! ^ 1;
    expect(() => provider.parseWebhook({ rawBody: flipped, headers })).toThrow(WebhookSignatureError);
  });
});
