import { createHash } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.ts';
import { createJobQueueRepository, type JobQueueRepository } from '../../../jobs/job-queue.repository.ts';
import { createJobWorker, retryDelayMs } from '../../../jobs/job-worker.ts';
import { createManualClock } from '../../../platform/clock.ts';
import { createTestDatabase } from '../../../../test/test-database.ts';
import { CERTIFICATE, companySubmission, EDD_ANSWERS, SOURCE_OF_FUNDS } from '../kyb.test-support.ts';
import { createSandboxKyb } from './sandbox-kyb.ts';
import { createSandboxKybRepository } from './sandbox-kyb.repository.ts';

const WEBHOOK_SECRET = 'sandbox-kyb-test-webhook-secret';
const REVIEW_MS = 2000;
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

interface Delivered {
  body: string;
  headers: Record<string, string>;
}

/** A sandbox reviewer on its own clock and worker; `answer` is what our intake answers each delivery. */
function sandbox(options: { answer?: () => number; queue?: (queue: JobQueueRepository) => JobQueueRepository } = {}) {
  const clock = createManualClock();
  const real = createJobQueueRepository(database.db);
  const worker = createJobWorker({ queue: real, clock, log: pino({ level: 'silent' }), pollMs: 0 });
  const repository = createSandboxKybRepository(database.db);
  const delivered: Delivered[] = [];
  const vendor = createSandboxKyb({
    repository,
    queue: options.queue ? options.queue(real) : real,
    worker,
    clock,
    webhookSecret: WEBHOOK_SECRET,
    reviewMs: REVIEW_MS,
    deliver: async (body, headers) => {
      delivered.push({ body, headers });
      return options.answer?.() ?? 200;
    },
  });
  /** Runs what is due now, then what the review delay made due. */
  const review = async () => {
    await worker.drain();
    clock.advance(REVIEW_MS);
    await worker.drain();
  };
  const events = () => delivered.map(({ body }) => JSON.parse(body) as Record<string, unknown>);
  return { vendor, worker, clock, repository, delivered, events, review };
}

let counter = 0;
const submission = (companyName: string) => companySubmission({ externalId: `usr_kyb_sandbox_${(counter += 1)}`, companyName });

describe('the sandbox KYB reviewer decides by company name', () => {
  it('passes an ordinary company after the review delay, in review until then', async () => {
    const { vendor, worker, clock, events } = sandbox();
    const { applicantId } = await vendor.submitCompany(submission('Acme Trading UAB'));
    await worker.drain();
    expect(await vendor.getReview(applicantId)).toMatchObject({ reviewStatus: 'pending', reviewAnswer: null, edd: null });
    clock.advance(REVIEW_MS - 1);
    await worker.drain();
    expect((await vendor.getReview(applicantId)).reviewStatus).toBe('pending');
    clock.advance(1);
    await worker.drain();
    expect(await vendor.getReview(applicantId)).toMatchObject({
      reviewStatus: 'completed',
      reviewAnswer: 'GREEN',
      reviewRejectType: null,
      rejectLabels: [],
      rejectedFields: [],
      moderationComment: null,
      edd: null,
      reviewedAt: clock.now(),
    });
    expect(events().map((event) => event.type)).toEqual(['applicantPending', 'applicantReviewed']);
  });

  it('refuses a "reject" company for good, with a Sumsub label and a reason the business can read', async () => {
    const { vendor, review } = sandbox();
    const { applicantId } = await vendor.submitCompany(submission('Rejectable Holdings'));
    await review();
    const decided = await vendor.getReview(applicantId);
    expect(decided).toMatchObject({
      reviewAnswer: 'RED',
      reviewRejectType: 'FINAL',
      rejectLabels: ['REGULATIONS_VIOLATIONS'],
      rejectedFields: [],
    });
    expect(decided.moderationComment).toMatch(/cannot accept it as a client/);
  });

  it('sends a "resubmit" company back once, naming the fields to correct, and passes the corrected submission', async () => {
    const { vendor, review, repository, events } = sandbox();
    const first = submission('Resubmit Partners');
    const { applicantId } = await vendor.submitCompany(first);
    await review();
    const sentBack = await vendor.getReview(applicantId);
    expect(sentBack).toMatchObject({
      reviewStatus: 'completed',
      reviewAnswer: 'RED',
      reviewRejectType: 'RETRY',
      rejectedFields: ['GeneralData.registrationNumber', 'BusinessData.documents.CERTIFICATE_OF_INCORPORATION'],
    });
    expect(sentBack.moderationComment).toMatch(/registration number/);
    expect(sentBack.moderationComment).toMatch(/certificate of incorporation/);
    // The webhook carries the same decision, as Sumsub's does.
    expect(events().at(-1)).toMatchObject({
      type: 'applicantReviewed',
      reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'RETRY', moderationComment: sentBack.moderationComment },
    });

    const again = await vendor.submitCompany({ ...first, registrationNumber: '304567892' });
    expect(again.applicantId).toBe(applicantId);
    expect(await repository.findById(applicantId)).toMatchObject({ submissions: 2, submission: { registrationNumber: '304567892' } });
    expect(await vendor.getReview(applicantId)).toMatchObject({ reviewStatus: 'pending', reviewAnswer: null, rejectedFields: [] });
    await review();
    expect(await vendor.getReview(applicantId)).toMatchObject({ reviewAnswer: 'GREEN', rejectedFields: [], moderationComment: null });
  });

  it('holds a "pending" company in review: on hold, and no decision comes', async () => {
    const { vendor, review, clock, worker, events } = sandbox();
    const { applicantId } = await vendor.submitCompany(submission('Pending Logistics'));
    await review();
    clock.advance(60 * 60 * 1000);
    await worker.drain();
    expect(await vendor.getReview(applicantId)).toMatchObject({ reviewStatus: 'onHold', reviewAnswer: null });
    expect(events().map((event) => event.type)).toEqual(['applicantPending', 'applicantOnHold']);
  });

  it('passes an "edd" company, asks for EDD, and passes the answers after the review delay', async () => {
    const { vendor, review, events } = sandbox();
    const { applicantId } = await vendor.submitCompany(submission('Edda Shipping'));
    await review();
    expect(await vendor.getReview(applicantId)).toMatchObject({ reviewAnswer: 'GREEN', edd: { status: 'required', comment: null } });

    await vendor.submitEdd({ applicantId, answers: EDD_ANSWERS, documents: [SOURCE_OF_FUNDS] });
    expect((await vendor.getReview(applicantId)).edd).toEqual({ status: 'pending', comment: null });
    await review();
    expect(await vendor.getReview(applicantId)).toMatchObject({ reviewAnswer: 'GREEN', edd: { status: 'passed', comment: null } });
    expect(events().map((event) => event.type)).toEqual([
      'applicantPending',
      'applicantReviewed',
      'applicantActionPending',
      'applicantActionReviewed',
    ]);
    expect(events().at(-1)).toMatchObject({ applicantId, externalApplicantActionId: 'edd-1', reviewResult: { reviewAnswer: 'GREEN' } });
  });

  it('"edd resubmit": sends the first EDD answers back with a comment, passes the next ones', async () => {
    const { vendor, review } = sandbox();
    const { applicantId } = await vendor.submitCompany(submission('Northwind EDD Resubmit Ltd'));
    await review();
    expect(await vendor.getReview(applicantId)).toMatchObject({ reviewAnswer: 'GREEN', edd: { status: 'required' } });

    await vendor.submitEdd({ applicantId, answers: EDD_ANSWERS, documents: [SOURCE_OF_FUNDS] });
    await review();
    const sentBack = (await vendor.getReview(applicantId)).edd;
    expect(sentBack?.status).toBe('resubmit');
    expect(sentBack?.comment).toMatch(/bank statements/);

    await vendor.submitEdd({ applicantId, answers: EDD_ANSWERS, documents: [SOURCE_OF_FUNDS] });
    await review();
    expect((await vendor.getReview(applicantId)).edd).toEqual({ status: 'passed', comment: null });
  });
});

describe('the sandbox KYB reviewer as a vendor', () => {
  it('keeps the documents\u2019 names, types and SHA-256, never their bytes', async () => {
    const { vendor, repository, review } = sandbox();
    const { applicantId } = await vendor.submitCompany(submission('Acme Records'));
    await vendor.submitEdd({ applicantId, answers: EDD_ANSWERS, documents: [SOURCE_OF_FUNDS] });
    const stored = (await repository.findById(applicantId))?.submission;
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(stored?.documents).toEqual([
      { type: CERTIFICATE.type, fileName: CERTIFICATE.fileName, contentType: 'pdf', sha256: sha256(CERTIFICATE.bytes) },
      expect.objectContaining({ type: 'REGISTER_OF_SHAREHOLDERS', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    ]);
    expect(stored?.edd).toMatchObject({ documents: [{ type: 'SOURCE_OF_FUNDS', sha256: sha256(SOURCE_OF_FUNDS.bytes) }] });
    expect(JSON.stringify(stored)).not.toContain('"bytes"');
    expect(await vendor.hostedFormUrl({ externalId: 'usr_any', levelName: 'basic-kyb-level' })).toBeNull();
    await review();
  });

  it('decides only the latest submission: one resubmitted before its review gets one decision', async () => {
    const { vendor, review, events } = sandbox();
    const first = submission('Resubmit Early Ltd');
    const { applicantId } = await vendor.submitCompany(first);
    await vendor.submitCompany(first);
    await review();
    // The first review never happened: the second submission is the one reviewed, and it passes.
    expect(events().filter((event) => event.type === 'applicantReviewed')).toEqual([
      expect.objectContaining({ reviewResult: { reviewAnswer: 'GREEN' } }),
    ]);
    expect((await vendor.getReview(applicantId)).reviewAnswer).toBe('GREEN');
  });

  it('sends Sumsub-format webhooks it can verify itself, resent unchanged while our intake fails', async () => {
    let failures = 1;
    const { vendor, worker, clock, delivered } = sandbox({ answer: () => (failures-- > 0 ? 503 : 200) });
    const company = submission('Acme Webhooks');
    const { applicantId } = await vendor.submitCompany(company);
    await worker.drain();
    expect(delivered).toHaveLength(1);
    clock.advance(retryDelayMs(1));
    await worker.drain();
    expect(delivered).toHaveLength(2);
    expect(delivered[1]?.body).toBe(delivered[0]?.body);
    const [{ body, headers }] = delivered as [Delivered];
    expect(headers['x-payload-digest-alg']).toBe('HMAC_SHA256_HEX');
    expect(JSON.parse(body)).toMatchObject({
      applicantType: 'company',
      sandboxMode: true,
      reviewStatus: 'pending',
      levelName: 'basic-kyb-level',
    });
    expect(vendor.parseWebhook({ rawBody: Buffer.from(body), headers })).toMatchObject({
      type: 'applicantPending',
      applicantId,
      externalId: company.externalId,
      createdAtMs: Date.parse('2026-11-21T12:00:00Z'),
    });
    clock.advance(REVIEW_MS);
    await worker.drain();
  });

  it('changes nothing when the review cannot be queued (one transaction)', async () => {
    const { vendor, repository } = sandbox({
      queue: (real) => ({
        ...real,
        enqueue: async (job) => {
          if (job.kind === 'sandbox-kyb.decide') throw new Error('queue down');
          await real.enqueue(job);
        },
      }),
    });
    const company = submission('Acme Outage');
    await expect(vendor.submitCompany(company)).rejects.toThrow('queue down');
    expect(await repository.findByExternalId(company.externalId)).toBeUndefined();
  });

  it('answers an unknown applicant with an error, and refuses a company without a name', async () => {
    const { vendor } = sandbox();
    await expect(vendor.getReview('sbkyb_unknown')).rejects.toThrow(/not found/);
    await expect(vendor.submitEdd({ applicantId: 'sbkyb_unknown', answers: [], documents: [] })).rejects.toThrow(/not found/);
    await expect(vendor.submitCompany(submission('  '))).rejects.toThrow(/company name/);
  });
});
