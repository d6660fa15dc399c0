import { createHash } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.ts';
import { createJobQueueRepository, type JobQueueRepository } from '../../../jobs/job-queue.repository.ts';
import { createJobWorker, retryDelayMs } from '../../../jobs/job-worker.ts';
import { createManualClock } from '../../../platform/clock.ts';
import { createTestDatabase } from '../../../../test/test-database.ts';
import { parseSumsubWebhook } from '../sumsub.ts';
import { createSandboxKyc, type WebhookDelivery } from './sandbox-kyc.ts';
import { createSandboxKycRepository } from './sandbox-kyc.repository.ts';

const WEBHOOK_SECRET = 'sandbox-test-webhook-secret';
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const ANN = { firstName: 'Ann', lastName: 'Smith', dob: '1990-04-01', nationality: 'DE', residenceCountry: 'DE' };

function sandbox(options: { deliver: WebhookDelivery; queue?: (queue: JobQueueRepository) => JobQueueRepository }) {
  const clock = createManualClock();
  const real = createJobQueueRepository(database.db);
  const worker = createJobWorker({ queue: real, clock, log: pino({ level: 'silent' }), pollMs: 0 });
  const repository = createSandboxKycRepository(database.db);
  const vendor = createSandboxKyc({
    repository,
    queue: options.queue ? options.queue(real) : real,
    worker,
    clock,
    webhookSecret: WEBHOOK_SECRET,
    accessTokenKey: Buffer.alloc(32, 9),
    shareTokenKey: Buffer.alloc(32, 10),
    passDelayMs: 0,
    deliver: options.deliver,
  });
  return { vendor, worker, clock, repository };
}

let counter = 0;
const nextUser = () => `usr_sandbox_${(counter += 1)}`;

describe('the sandbox vendor', () => {
  it('resends the same event when our intake failed: same body, so the intake drops the second as a duplicate', async () => {
    const bodies: string[] = [];
    const eventKeys: string[] = [];
    let failures = 1;
    const { vendor, worker, clock, repository } = sandbox({
      deliver: async (body, headers) => {
        bodies.push(body);
        eventKeys.push(parseSumsubWebhook({ rawBody: Buffer.from(body), headers }, WEBHOOK_SECRET, () => clock.now()).eventKey);
        if (failures > 0) {
          failures -= 1;
          return 500;
        }
        return 200;
      },
    });
    const externalUserId = nextUser();
    await vendor.createApplicant({ externalUserId, email: 'a@example.test', levelName: 'basic-kyc-level' });
    const applicant = await repository.findByExternalUserId(externalUserId);
    await vendor.submit(applicant!, { ...ANN, lastName: 'Pendington' }, Buffer.from('document'));
    await worker.drain();
    expect(bodies).toHaveLength(1);
    clock.advance(retryDelayMs(1));
    await worker.drain();
    expect(bodies).toHaveLength(2);
    // The retry, a second later, still carries the event's first correlationId and time.
    expect(bodies[1]).toBe(bodies[0]);
    expect(eventKeys[1]).toBe(eventKeys[0]);
    expect(JSON.parse(bodies[1]!)).toMatchObject({
      type: 'applicantPending',
      correlationId: expect.any(String),
      createdAtMs: '2026-11-21 12:00:00.000',
    });
  });

  it('changes nothing when the jobs of a submission cannot be queued (one transaction)', async () => {
    const { vendor, repository } = sandbox({
      deliver: async () => 200,
      queue: (real) => ({
        ...real,
        enqueue: async (job) => {
          if (job.kind === 'sandbox-kyc.decide') throw new Error('queue down');
          await real.enqueue(job);
        },
      }),
    });
    const externalUserId = nextUser();
    await vendor.createApplicant({ externalUserId, email: 'b@example.test', levelName: 'basic-kyc-level' });
    const applicant = await repository.findByExternalUserId(externalUserId);
    await expect(vendor.submit(applicant!, ANN, Buffer.from('document'))).rejects.toThrow('queue down');
    expect(await repository.findByExternalUserId(externalUserId)).toMatchObject({ reviewStatus: 'init', documentSha256: null, info: {} });
  });

  it('keeps only the SHA-256 of the document, and dates its review by its own clock', async () => {
    const { vendor, clock, repository } = sandbox({ deliver: async () => 200 });
    const externalUserId = nextUser();
    const { applicantId } = await vendor.createApplicant({ externalUserId, email: 'c@example.test', levelName: 'basic-kyc-level' });
    clock.advance(5_000);
    await vendor.submit((await repository.findById(applicantId))!, ANN, Buffer.from('document'));
    expect((await repository.findById(applicantId))?.documentSha256).toBe(createHash('sha256').update('document').digest('hex'));
    expect((await vendor.getReview(applicantId)).reviewedAt).toEqual(clock.now());
  });
});
