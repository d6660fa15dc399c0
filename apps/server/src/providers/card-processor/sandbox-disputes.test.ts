import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createJobQueueRepository } from '../../jobs/job-queue.repository.ts';
import { createJobWorker, retryDelayMs } from '../../jobs/job-worker.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { CardWebhookRefusedError } from './card-processor.ts';
import { readCheckoutWebhook } from './checkout-webhook.ts';
import { createSandboxCardProcessor, type SandboxCardProcessor } from './sandbox.ts';
import { SANDBOX_DISPUTE_EVIDENCE_MS } from './sandbox-cards.ts';
import { SandboxDisputeActionError } from './sandbox-disputes.ts';
import { createSandboxProcessorRepository } from './sandbox-processor.repository.ts';

// docs/sandbox.md, "Disputes (chargebacks)" and the sandbox processor's webhooks, on a real database:
// what the sandbox queues is delivered by the outbox worker to a stand-in of our intake.
const SECRET = 'sandbox-card-test-webhook-secret';
const DAY_MS = 24 * 60 * 60 * 1000;
const clock = createManualClock(new Date('2026-11-21T12:00:00Z'));
let database: DatabaseHandle;
let processor: SandboxCardProcessor;
let worker: ReturnType<typeof createJobWorker>;

interface Delivery {
  body: string;
  headers: Record<string, string>;
}
/** What our intake stand-in was sent, and what it answers next. */
let deliveries: Delivery[] = [];
let intakeAnswers: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const queue = createJobQueueRepository(database.db);
  worker = createJobWorker({ queue, clock, log: pino({ level: 'silent' }), pollMs: 0 });
  processor = createSandboxCardProcessor({
    repository: createSandboxProcessorRepository(database.db),
    clock,
    publicUrl: 'https://pay.example.test',
    fingerprintKey: Buffer.alloc(32, 3),
    webhooks: {
      queue,
      worker,
      secret: SECRET,
      deliver: async (body, headers) => {
        deliveries.push({ body, headers });
        return intakeAnswers.shift() ?? 200;
      },
    },
  });
});
afterAll(() => database.close());
beforeEach(() => {
  deliveries = [];
  intakeAnswers = [];
});

interface Event {
  id: string;
  type: string;
  version: string;
  created_on: string;
  data: Record<string, unknown>;
}
/**
 * The events delivered so far about a payment (its own, and its dispute's), each checked as our
 * intake checks it. Events queued together go out in no set order (as Checkout.com promises none).
 */
async function eventsAbout(paymentId: string): Promise<Event[]> {
  await worker.drain();
  return deliveries
    .map(({ body, headers }) => {
      const notice = readCheckoutWebhook(Buffer.from(body), headers, SECRET);
      expect(processor.readWebhook({ rawBody: Buffer.from(body), headers })).toEqual(notice);
      return JSON.parse(body) as Event;
    })
    .filter((event) => event.data.id === paymentId || event.data.payment_id === paymentId);
}
/** Their types, sorted: what was sent, whatever the order. */
const typesOf = (events: Event[]) => events.map((event) => event.type).sort();
const ofType = (events: Event[], type: string) => events.find((event) => event.type === type);

const BILLING = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '1 Analytical Street',
  city: 'London',
  postalCode: 'N1 9GU',
  country: 'GB',
};
let sequence = 0;
async function authorize(number: string, amount = '20.00') {
  const fields = await processor.tokenize({ number, expiryMonth: 12, expiryYear: 2030, cvv: '123' });
  const { token } = await processor.saveCard({ cardToken: fields.token, billingAddress: BILLING });
  const reference = `ord_dispute_${(sequence += 1)}`;
  return processor.authorize({
    idempotencyKey: `auth:${reference}`,
    reference,
    cardToken: token,
    amount,
    currency: 'EUR',
    successUrl: '/orders/ok',
    failureUrl: '/orders/failed',
  });
}
const money = (idempotencyKey: string, amount: string) => ({ idempotencyKey, amount, currency: 'EUR' });
async function captured(number = '4242424242424242', amount = '20.00') {
  const payment = await authorize(number, amount);
  await processor.capture(payment.paymentId, money(`capture:${payment.paymentId}`, amount));
  return payment;
}

describe('the dispute card, 4000 0000 0000 0259', () => {
  it('is authorised like 4242, and its capture opens a fraudulent dispute for the captured amount, told by a signed webhook', async () => {
    const payment = await authorize('4000000000000259', '30.00');
    expect(payment).toMatchObject({ status: 'AUTHORIZED', authorizedAmount: '30.00', declineReason: null });
    expect(await processor.disputeOfPayment(payment.paymentId)).toBeNull();

    await processor.capture(payment.paymentId, money('capture:1', '25.00'));
    // The retry of the same capture neither captures nor disputes twice.
    await processor.capture(payment.paymentId, money('capture:1', '25.00'));
    const dispute = await processor.disputeOfPayment(payment.paymentId);
    const dueBy = new Date(clock.now().getTime() + 7 * DAY_MS);
    expect(dispute).toEqual({
      id: expect.stringMatching(/^dsp_[a-z0-9]+$/),
      paymentId: payment.paymentId,
      reference: payment.reference,
      status: 'evidence_required',
      amount: '25.00',
      currency: 'EUR',
      category: 'fraudulent',
      evidenceRequiredBy: dueBy,
    });

    const events = await eventsAbout(payment.paymentId);
    expect(typesOf(events)).toEqual(['dispute_evidence_required', 'payment_captured']);
    expect(ofType(events, 'payment_captured')).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'payment_captured',
      version: '1.0.0',
      created_on: clock.now().toISOString(),
      data: { id: payment.paymentId, reference: payment.reference, amount: 2500, currency: 'EUR' },
    });
    const opened = ofType(events, 'dispute_evidence_required')!;
    expect(opened.data).toEqual({
      id: dispute!.id,
      payment_id: payment.paymentId,
      payment_reference: payment.reference,
      amount: 2500,
      currency: 'EUR',
      category: 'fraudulent',
      status: 'evidence_required',
      evidence_required_by: dueBy.toISOString(),
    });
    const raw = deliveries.find((delivery) => delivery.body.includes('dispute_evidence_required'))!;
    expect(processor.readWebhook({ rawBody: Buffer.from(raw.body), headers: raw.headers })).toEqual({
      eventId: opened.id,
      type: 'dispute_evidence_required',
      paymentId: payment.paymentId,
      reference: payment.reference,
      disputeId: dispute!.id,
    });

    // getDispute answers it through Checkout.com's mapping, as the Checkout.com adapter does: like
    // Checkout.com's GET /disputes/{id}, without the payment's reference (the order is found by the payment).
    expect(await processor.getDispute(dispute!.id)).toEqual({
      disputeId: dispute!.id,
      paymentId: payment.paymentId,
      reference: null,
      status: 'EVIDENCE_REQUIRED',
      amount: '25.00',
      currency: 'EUR',
      reason: 'fraudulent',
      evidenceDueBy: dueBy,
    });
  });

  it('leaves any other card undisputed at capture', async () => {
    const payment = await captured('4242424242424242');
    expect(await processor.disputeOfPayment(payment.paymentId)).toBeNull();
    expect(typesOf(await eventsAbout(payment.paymentId))).toEqual(['payment_captured']);
  });
});

describe('the sandbox action that opens a dispute', () => {
  it('disputes what is left of a captured payment, once', async () => {
    const payment = await captured('4242424242424242', '20.00');
    await processor.refund(payment.paymentId, money('refund:part', '5.00'));
    const dispute = await processor.openDispute(payment.paymentId, 'product_service_not_received');
    expect(dispute).toMatchObject({ status: 'evidence_required', amount: '15.00', category: 'product_service_not_received' });
    expect(await processor.getDispute(dispute.id)).toMatchObject({
      status: 'EVIDENCE_REQUIRED',
      amount: '15.00',
      reason: 'product_service_not_received',
    });
    const events = await eventsAbout(payment.paymentId);
    expect(typesOf(events)).toEqual(['dispute_evidence_required', 'payment_captured', 'payment_refunded']);
    expect(ofType(events, 'payment_refunded')!.data).toMatchObject({ amount: 500 });
    expect(ofType(events, 'dispute_evidence_required')!.data).toMatchObject({ amount: 1500, category: 'product_service_not_received' });

    await expect(processor.openDispute(payment.paymentId)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining(dispute.id),
    });
    expect(await processor.disputeOfPayment(payment.paymentId)).toMatchObject({ id: dispute.id });
  });

  it('opens one dispute when two open at once', async () => {
    const payment = await captured();
    const results = await Promise.allSettled([processor.openDispute(payment.paymentId), processor.openDispute(payment.paymentId)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { status: 409 } });
    expect((await eventsAbout(payment.paymentId)).filter((event) => event.type === 'dispute_evidence_required')).toHaveLength(1);
  });

  it('refuses a payment that is unknown, not captured or refunded, and changes nothing', async () => {
    await expect(processor.openDispute('pay_unknown')).rejects.toMatchObject({ status: 404 });
    const authorised = await authorize('4242424242424242');
    await expect(processor.openDispute(authorised.paymentId)).rejects.toThrow(SandboxDisputeActionError);
    await expect(processor.openDispute(authorised.paymentId)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('only a captured payment can be disputed'),
    });
    const refunded = await captured();
    await processor.refund(refunded.paymentId, money('refund:all', '20.00'));
    await expect(processor.openDispute(refunded.paymentId)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('a refunded payment cannot be disputed'),
    });
    for (const payment of [authorised, refunded]) expect(await processor.disputeOfPayment(payment.paymentId)).toBeNull();
    expect(typesOf(await eventsAbout(refunded.paymentId))).toEqual(['payment_captured', 'payment_refunded']);
  });
});

describe('evidence and the decision', () => {
  it('takes evidence only while it is required, then the scheme decides: won', async () => {
    const payment = await captured('4000000000000259');
    const { id } = (await processor.disputeOfPayment(payment.paymentId))!;
    // The scheme decides only on evidence.
    await expect(processor.decideDispute(id, 'won')).rejects.toMatchObject({ status: 409 });
    await expect(processor.submitDisputeEvidence(id, { text: '   ' })).rejects.toThrow('needs a text');
    await expect(processor.submitDisputeEvidence(id, { text: 'x'.repeat(4001) })).rejects.toThrow('at most 4000 characters');
    expect(await processor.getDispute(id)).toMatchObject({ status: 'EVIDENCE_REQUIRED' });

    await processor.submitDisputeEvidence(id, { text: 'x'.repeat(4000) });
    expect(await processor.getDispute(id)).toMatchObject({ status: 'UNDER_REVIEW' });
    await expect(processor.submitDisputeEvidence(id, { text: 'again' })).rejects.toThrow(
      'takes no evidence now: it is evidence_under_review',
    );

    expect(await processor.decideDispute(id, 'won')).toMatchObject({ id, status: 'won' });
    expect(await processor.getDispute(id)).toMatchObject({ status: 'WON' });
    await expect(processor.decideDispute(id, 'lost')).rejects.toMatchObject({ status: 409, message: expect.stringContaining('is won') });
    // Evidence is our own move: Checkout.com tells of it by no webhook.
    expect(typesOf(await eventsAbout(payment.paymentId))).toEqual(['dispute_evidence_required', 'dispute_won', 'payment_captured']);
  });

  it('lost', async () => {
    const payment = await captured('4000000000000259');
    const { id } = (await processor.disputeOfPayment(payment.paymentId))!;
    await processor.submitDisputeEvidence(id, { text: 'Bought and delivered: BTC to the address the cardholder gave, tx 1a2b.' });
    expect(await processor.decideDispute(id, 'lost')).toMatchObject({ status: 'lost' });
    expect(await processor.getDispute(id)).toMatchObject({ status: 'LOST' });
    expect(ofType(await eventsAbout(payment.paymentId), 'dispute_lost')).toMatchObject({ data: { id, status: 'lost', amount: 2000 } });
  });

  it('refuses an unknown dispute', async () => {
    await expect(processor.getDispute('dsp_unknown')).rejects.toThrow('does not exist');
    await expect(processor.decideDispute('dsp_unknown', 'won')).rejects.toMatchObject({ status: 404 });
    await expect(processor.submitDisputeEvidence('dsp_unknown', { text: 'evidence' })).rejects.toThrow('does not exist');
  });
});

describe('the payment webhooks', () => {
  it('tells of a void, and of each answer to a 3DS challenge', async () => {
    const voided = await authorize('4242424242424242');
    await processor.void(voided.paymentId, { idempotencyKey: 'void:1' });
    expect(await eventsAbout(voided.paymentId)).toEqual([
      expect.objectContaining({ type: 'payment_voided', data: expect.objectContaining({ amount: 2000 }) }),
    ]);

    const approved = await authorize('4000000000003220');
    await processor.answerChallenge(approved.paymentId, 'complete');
    // A second answer is no answer: no second event.
    await processor.answerChallenge(approved.paymentId, 'fail');
    expect(typesOf(await eventsAbout(approved.paymentId))).toEqual(['payment_approved']);

    const declined = await authorize('4000000000003220');
    await processor.answerChallenge(declined.paymentId, 'fail');
    expect((await eventsAbout(declined.paymentId)).map((event) => event.data)).toEqual([
      { id: declined.paymentId, reference: declined.reference, amount: 2000, currency: 'EUR' },
    ]);
    expect((await eventsAbout(declined.paymentId))[0]!.type).toBe('payment_declined');
  });

  it('resends the very same event while our intake answers 500', async () => {
    intakeAnswers = [500, 503];
    const payment = await captured();
    await worker.drain();
    expect(deliveries).toHaveLength(1);
    clock.advance(retryDelayMs(1));
    await worker.drain();
    clock.advance(retryDelayMs(2));
    await worker.drain();
    expect(deliveries).toHaveLength(3);
    expect(new Set(deliveries.map((delivery) => delivery.body)).size).toBe(1);
    expect(JSON.parse(deliveries[0]!.body)).toMatchObject({ type: 'payment_captured', data: { id: payment.paymentId } });
    // Taken at the third attempt: nothing more is sent.
    clock.advance(retryDelayMs(3));
    await worker.drain();
    expect(deliveries).toHaveLength(3);
  });

  it('refuses a webhook whose body or signature was changed', async () => {
    const payment = await captured();
    await worker.drain();
    const { body, headers } = deliveries.find((delivery) => delivery.body.includes(payment.paymentId))!;
    const tampered = Buffer.from(body.replace('"amount":2000', '"amount":1'));
    expect(() => processor.readWebhook({ rawBody: tampered, headers })).toThrow(CardWebhookRefusedError);
    expect(() => processor.readWebhook({ rawBody: Buffer.from(body), headers: { ...headers, 'cko-signature': '00'.repeat(32) } })).toThrow(
      CardWebhookRefusedError,
    );
    expect(() => processor.readWebhook({ rawBody: Buffer.from(body), headers: {} })).toThrow(CardWebhookRefusedError);
  });

  it('changes nothing when its webhook cannot be queued: the change and its event commit together', async () => {
    const real = createJobQueueRepository(database.db);
    const failing = createSandboxCardProcessor({
      repository: createSandboxProcessorRepository(database.db),
      clock,
      publicUrl: 'https://pay.example.test',
      fingerprintKey: Buffer.alloc(32, 3),
      webhooks: {
        queue: {
          ...real,
          enqueue: async () => {
            throw new Error('queue down');
          },
        },
        worker: createJobWorker({ queue: real, clock, log: pino({ level: 'silent' }), pollMs: 0 }),
        secret: SECRET,
        deliver: async () => 200,
      },
    });
    const payment = await authorize('4000000000000259');
    await expect(failing.capture(payment.paymentId, money('capture:down', '20.00'))).rejects.toThrow('queue down');
    expect(await failing.getPayment(payment.paymentId)).toMatchObject({ status: 'AUTHORIZED' });
    expect(await failing.disputeOfPayment(payment.paymentId)).toBeNull();
  });

  it('without its webhook settings, sends nothing and refuses every webhook', async () => {
    const silent = createSandboxCardProcessor({
      repository: createSandboxProcessorRepository(database.db),
      clock,
      publicUrl: 'https://pay.example.test',
      fingerprintKey: Buffer.alloc(32, 3),
    });
    const payment = await authorize('4000000000000259');
    await silent.capture(payment.paymentId, money('capture:silent', '20.00'));
    expect(await silent.disputeOfPayment(payment.paymentId)).toMatchObject({ status: 'evidence_required' });
    expect(await eventsAbout(payment.paymentId)).toEqual([]);
    expect(() => silent.readWebhook({ rawBody: Buffer.from('{}'), headers: { 'cko-signature': 'ab' } })).toThrow(CardWebhookRefusedError);
  });
});

// Last: it moves the shared clock a week on.
describe('a dispute left without evidence', () => {
  it('expires after its 7 days, once, with a dispute_expired webhook, and takes nothing more', async () => {
    const payment = await captured('4000000000000259');
    const { id, evidenceRequiredBy } = (await processor.disputeOfPayment(payment.paymentId))!;
    clock.advance(SANDBOX_DISPUTE_EVIDENCE_MS);
    expect(clock.now()).toEqual(evidenceRequiredBy);
    expect(await processor.getDispute(id)).toMatchObject({ status: 'EVIDENCE_REQUIRED' });

    clock.advance(1);
    expect(await processor.getDispute(id)).toMatchObject({ status: 'LOST', evidenceDueBy: evidenceRequiredBy });
    expect(await processor.disputeOfPayment(payment.paymentId)).toMatchObject({ status: 'expired' });
    await expect(processor.submitDisputeEvidence(id, { text: 'too late' })).rejects.toThrow('it is expired');
    await expect(processor.decideDispute(id, 'won')).rejects.toMatchObject({ status: 409 });
    const events = await eventsAbout(payment.paymentId);
    expect(typesOf(events)).toEqual(['dispute_evidence_required', 'dispute_expired', 'payment_captured']);
    expect(ofType(events, 'dispute_expired')).toMatchObject({ created_on: clock.now().toISOString(), data: { id, status: 'expired' } });
  });
});
