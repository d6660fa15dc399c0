import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createJobQueueRepository } from '../../jobs/job-queue.repository.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { createManualClock } from '../../platform/clock.ts';
import { readCheckoutWebhook } from '../../providers/card-processor/checkout-webhook.ts';
import { createSandboxCardProcessor, type SandboxCardProcessor } from '../../providers/card-processor/sandbox.ts';
import { createSandboxProcessorRepository } from '../../providers/card-processor/sandbox-processor.repository.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { registerSandboxCardDisputeRoutes } from './card-disputes.routes.ts';

// docs/sandbox.md, "Disputes (chargebacks)": the card scheme's actions, on a small app.
const SECRET = 'sandbox-card-routes-webhook-secret';
const clock = createManualClock();
let database: DatabaseHandle;
let processor: SandboxCardProcessor;
let worker: ReturnType<typeof createJobWorker>;
let app: FastifyInstance;
const sent: Array<{ type: string; data: Record<string, unknown> }> = [];
beforeAll(async () => {
  database = await createTestDatabase();
  const queue = createJobQueueRepository(database.db);
  worker = createJobWorker({ queue, clock, log: pino({ level: 'silent' }), pollMs: 0 });
  processor = createSandboxCardProcessor({
    repository: createSandboxProcessorRepository(database.db),
    clock,
    publicUrl: 'https://pay.example.test',
    fingerprintKey: Buffer.alloc(32, 8),
    webhooks: {
      queue,
      worker,
      secret: SECRET,
      deliver: async (body, headers) => {
        readCheckoutWebhook(Buffer.from(body), headers, SECRET);
        sent.push(JSON.parse(body) as (typeof sent)[number]);
        return 200;
      },
    },
  });
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerSandboxCardDisputeRoutes(app, processor);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

let sequence = 0;
async function payment(options: { capture?: boolean } = {}) {
  const fields = await processor.tokenize({ number: '4242424242424242', expiryMonth: 1, expiryYear: 2031, cvv: '123' });
  const { token } = await processor.saveCard({
    cardToken: fields.token,
    billingAddress: { firstName: 'A', lastName: 'B', address: '1 St', city: 'C', postalCode: '1', country: 'GB' },
  });
  const reference = `ord_routes_${(sequence += 1)}`;
  const authorised = await processor.authorize({
    idempotencyKey: `auth:${reference}`,
    reference,
    cardToken: token,
    amount: '42.50',
    currency: 'GBP',
    successUrl: '/ok',
    failureUrl: '/failed',
  });
  if (options.capture !== false)
    await processor.capture(authorised.paymentId, { idempotencyKey: `capture:${reference}`, amount: '42.50', currency: 'GBP' });
  return authorised;
}

const open = (payload: object) => app.inject({ method: 'POST', url: '/sandbox/card/disputes', payload });
const decide = (disputeId: string, payload: object) =>
  app.inject({ method: 'POST', url: `/sandbox/card/disputes/${disputeId}/decide`, payload });

describe('POST /sandbox/card/disputes', () => {
  it('disputes a captured payment named by our order id, once, and tells our intake', async () => {
    const { paymentId, reference } = await payment();
    const response = await open({ reference, category: 'duplicate' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { dispute } = response.json();
    expect(dispute).toEqual({
      id: expect.stringMatching(/^dsp_/),
      paymentId,
      reference,
      status: 'evidence_required',
      amount: '42.50',
      currency: 'GBP',
      category: 'duplicate',
      evidenceRequiredBy: new Date(clock.now().getTime() + 7 * 24 * 60 * 60 * 1000).toISOString(),
    });
    await worker.drain();
    expect(sent).toContainEqual(
      expect.objectContaining({ type: 'dispute_evidence_required', data: expect.objectContaining({ id: dispute.id, amount: 4250 }) }),
    );

    const again = await open({ paymentId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ reason: 'CONFLICT', message: expect.stringContaining('disputed already') });
  });

  it('answers 404 for a payment it does not know, 409 for one not captured, and 400 for a body that names none or both', async () => {
    expect((await open({ paymentId: 'pay_nothing' })).statusCode).toBe(404);
    expect((await open({ reference: 'ord_nobody' })).json()).toEqual({
      reason: 'NOT_FOUND',
      message: expect.stringContaining('ord_nobody'),
    });
    const authorised = await payment({ capture: false });
    const refused = await open({ paymentId: authorised.paymentId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('only a captured payment can be disputed');
    expect((await open({})).statusCode).toBe(400);
    expect((await open({ paymentId: authorised.paymentId, reference: authorised.reference })).statusCode).toBe(400);
    expect((await open({ paymentId: authorised.paymentId, category: 'bored' })).statusCode).toBe(400);
    expect(await processor.disputeOfPayment(authorised.paymentId)).toBeNull();
  });
});

describe('POST /sandbox/card/disputes/:disputeId/decide', () => {
  it('decides only a dispute under review', async () => {
    const { paymentId } = await payment();
    const { dispute } = (await open({ paymentId })).json();
    const early = await decide(dispute.id, { outcome: 'won' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('only evidence_under_review can be decided');

    await processor.submitDisputeEvidence(dispute.id, { text: 'Delivered to the wallet the cardholder named.' });
    const decided = await decide(dispute.id, { outcome: 'lost' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().dispute).toMatchObject({ id: dispute.id, status: 'lost' });
    expect(await processor.getDispute(dispute.id)).toMatchObject({ status: 'LOST' });
    await worker.drain();
    expect(sent).toContainEqual(expect.objectContaining({ type: 'dispute_lost', data: expect.objectContaining({ id: dispute.id }) }));
    expect((await decide(dispute.id, { outcome: 'won' })).statusCode).toBe(409);
  });

  it('answers 404 for an unknown or malformed id, and 400 for an outcome that is not won or lost', async () => {
    expect((await decide('dsp_unknown', { outcome: 'won' })).json()).toMatchObject({ reason: 'NOT_FOUND' });
    expect((await decide('not-a-dispute', { outcome: 'won' })).statusCode).toBe(404);
    expect((await decide('dsp_unknown', { outcome: 'maybe' })).statusCode).toBe(400);
  });
});
