import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createJobQueueRepository } from '../../jobs/job-queue.repository.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { VendorInputError, WebhookSignatureError } from '../kyc/kyc-provider.ts';
import { WEBHOOK_SECRET } from '../kyc/sumsub.test-support.ts';
import { signPayload } from '../kyc/webhook-digest.ts';
import type { KybProvider } from './kyb-provider.ts';
import { companySubmission, EDD_ANSWERS, SOURCE_OF_FUNDS } from './kyb.test-support.ts';
import { createSandboxKyb } from './sandbox/sandbox-kyb.ts';
import { createSandboxKybRepository } from './sandbox/sandbox-kyb.repository.ts';
import { createSumsubStandIn, sumsubKyb } from './sumsub-kyb.test-support.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** One adapter, and how its vendor approves a company asking for EDD (the sandbox by name, Sumsub by its reviewer's tag). */
interface Subject {
  provider: KybProvider;
  companyName: string;
  approveAskingEdd(applicantId: string): Promise<void>;
}

function sandboxSubject(): Subject {
  const clock = createManualClock();
  const queue = createJobQueueRepository(database.db);
  const worker = createJobWorker({ queue, clock, log: pino({ level: 'silent' }), pollMs: 0 });
  const provider = createSandboxKyb({
    repository: createSandboxKybRepository(database.db),
    queue,
    worker,
    clock,
    webhookSecret: WEBHOOK_SECRET,
    reviewMs: 0,
    deliver: async () => 200,
  });
  return { provider, companyName: 'Edda Contract Ltd', approveAskingEdd: () => worker.drain() };
}

function sumsubSubject(): Subject {
  const standIn = createSumsubStandIn();
  return {
    provider: sumsubKyb(standIn.fetchImpl, { webhookSecret: WEBHOOK_SECRET }),
    companyName: 'Edda Contract Ltd',
    approveAskingEdd: async (applicantId) => standIn.decide(applicantId, { reviewAnswer: 'GREEN' }, ['EDD']),
  };
}

/** A webhook as each vendor sends it: Sumsub's JSON, signed with the webhook secret. */
function signedWebhook(applicantId: string, externalId: string, algorithm: 'HMAC_SHA256_HEX' | 'HMAC_SHA512_HEX' = 'HMAC_SHA512_HEX') {
  const rawBody = Buffer.from(
    JSON.stringify({
      applicantId,
      applicantType: 'company',
      externalUserId: externalId,
      type: 'applicantReviewed',
      correlationId: 'req-kyb-1',
      reviewStatus: 'completed',
      createdAtMs: '2026-11-22 09:14:27.482',
      reviewResult: { reviewAnswer: 'GREEN' },
    }),
  );
  return { rawBody, headers: { 'x-payload-digest': signPayload(rawBody, WEBHOOK_SECRET, algorithm), 'x-payload-digest-alg': algorithm } };
}

describe.each([
  ['sandbox', sandboxSubject],
  ['sumsub', sumsubSubject],
] as const)('KybProvider contract: %s', (kind, subject) => {
  const externalId = `usr_kyb_contract_${kind}`;

  it('creates one company applicant per externalId: submitting again resubmits it', async () => {
    const { provider, companyName } = subject();
    expect(provider.kind).toBe(kind);
    const first = await provider.submitCompany(companySubmission({ externalId, companyName }));
    const again = await provider.submitCompany(companySubmission({ externalId, companyName, registrationNumber: '304567892' }));
    expect(again.applicantId).toBe(first.applicantId);
  });

  it('answers a submitted company as in review, with nothing asked yet and the vendor\u2019s time of it', async () => {
    const { provider, companyName } = subject();
    const { applicantId } = await provider.submitCompany(companySubmission({ externalId: `${externalId}_review`, companyName }));
    const review = await provider.getReview(applicantId);
    expect(review).toMatchObject({
      applicantId,
      externalId: `${externalId}_review`,
      reviewStatus: 'pending',
      reviewAnswer: null,
      reviewRejectType: null,
      rejectLabels: [],
      rejectedFields: [],
      moderationComment: null,
      edd: null,
    });
    expect(review.reviewedAt).toBeInstanceOf(Date);
  });

  it('puts EDD answers under review once the vendor asked for them', async () => {
    const { provider, companyName, approveAskingEdd } = subject();
    const { applicantId } = await provider.submitCompany(companySubmission({ externalId: `${externalId}_edd`, companyName }));
    await approveAskingEdd(applicantId);
    expect(await provider.getReview(applicantId)).toMatchObject({ reviewAnswer: 'GREEN', edd: { status: 'required' } });
    await provider.submitEdd({ applicantId, answers: EDD_ANSWERS, documents: [SOURCE_OF_FUNDS] });
    expect((await provider.getReview(applicantId)).edd).toEqual({ status: 'pending', comment: null });
  });

  it('refuses a submission it cannot send before anything changes, and an applicant it does not know', async () => {
    const { provider } = subject();
    await expect(provider.submitCompany(companySubmission({ externalId: `${externalId}_bad`, companyName: ' ' }))).rejects.toBeInstanceOf(
      VendorInputError,
    );
    await expect(provider.getReview('66c1a2b3c4d5e6f7a8b9ffff')).rejects.toThrow();
  });

  it('answers its hosted form as a https link, or null when our form is the form', async () => {
    const url = await subject().provider.hostedFormUrl({ externalId, levelName: 'basic-kyb-level' });
    if (url !== null) expect(url).toMatch(/^https:\/\//);
    expect(url === null).toBe(kind === 'sandbox');
  });

  it('accepts its signed webhook and refuses it with one byte changed, or signed with SHA-1', () => {
    const { provider } = subject();
    const { rawBody, headers } = signedWebhook('66c1a2b3c4d5e6f7a8b9c0d1', externalId);
    expect(provider.parseWebhook({ rawBody, headers })).toEqual({
      eventKey: 'applicantReviewed:req-kyb-1',
      type: 'applicantReviewed',
      applicantId: '66c1a2b3c4d5e6f7a8b9c0d1',
      externalId,
      createdAtMs: Date.parse('2026-11-22T09:14:27.482Z'),
    });
    expect(provider.parseWebhook(signedWebhook('66c1a2b3c4d5e6f7a8b9c0d1', externalId, 'HMAC_SHA256_HEX')).type).toBe('applicantReviewed');
    const flipped = Buffer.from(rawBody);
    flipped[10] = flipped[10]! ^ 1;
    expect(() => provider.parseWebhook({ rawBody: flipped, headers })).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook({ rawBody, headers: { ...headers, 'x-payload-digest-alg': 'HMAC_SHA1_HEX' } })).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.parseWebhook({ rawBody, headers: {} })).toThrow(WebhookSignatureError);
  });
});
