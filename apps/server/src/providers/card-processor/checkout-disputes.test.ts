import { describe, expect, it } from 'vitest';
import { type DisputeStatus, ProcessorUnavailableError } from './card-processor.ts';
import { type CheckoutCardProcessorOptions, createCheckoutCardProcessor } from './checkout.ts';
import { disputeFromCheckout } from './checkout-dispute.ts';
import { CheckoutApiError } from './checkout-http.ts';
import { checkoutFixture } from './fixtures/checkout/fake-checkout.ts';
import { failureOf, type Reply, stubFetch } from './fixtures/checkout/stub-fetch.ts';

// Disputes through Checkout.com's Disputes API (risk-management/disputes/disputes-api): GET
// /disputes/{id} answers the documented dispute object (fixtures/checkout/dispute-details.response,
// the API reference's example), PUT then POST /disputes/{id}/evidence answer 204 without a body.
const SECRET_KEY = 'sk_sbox_m73dzbpy7cf3gfd46xr4yj5xo4e';
const PUBLIC_KEY = 'pk_sbox_xg66bnn6tpspd6pt3psc7otrqa=';
const DISPUTE_ID = 'dsp_rbhwd2qrg13uhrp2newf';

function setup(replies: Reply[], overrides: Partial<CheckoutCardProcessorOptions> = {}) {
  const { fetchImpl, calls } = stubFetch(replies);
  const processor = createCheckoutCardProcessor({ secretKey: SECRET_KEY, publicKey: PUBLIC_KEY, fetchImpl, ...overrides });
  return { processor, calls };
}
const documented = () => checkoutFixture<Record<string, unknown>>('dispute-details.response');

describe('Checkout.com: getDispute', () => {
  it('asks GET /disputes/{id} with the secret key and reads the documented dispute', async () => {
    const { processor, calls } = setup([{ status: 200, body: documented() }]);
    const dispute = await processor.getDispute(DISPUTE_ID);
    expect(calls).toEqual([
      {
        url: `https://api.sandbox.checkout.com/disputes/${DISPUTE_ID}`,
        method: 'GET',
        headers: { authorization: `Bearer ${SECRET_KEY}`, accept: 'application/json' },
        body: undefined,
      },
    ]);
    expect(dispute).toEqual({
      disputeId: DISPUTE_ID,
      paymentId: 'pay_mbabizu24mvu3mela5njyhpit4',
      // The dispute object names the payment, not its reference.
      reference: null,
      status: 'EVIDENCE_REQUIRED',
      amount: '9.99',
      currency: 'GBP',
      reason: 'fraudulent',
      evidenceDueBy: new Date('2018-08-21T00:00:00Z'),
    });
  });

  it('reads the amount in minor units as a decimal string of the currency', async () => {
    for (const [amount, currency, expected] of [
      [8150, 'GBP', '81.50'],
      [20020, 'USD', '200.20'],
      [1, 'EUR', '0.01'],
      [0, 'EUR', '0.00'],
    ] as const) {
      const dispute = disputeFromCheckout({ ...documented(), amount, currency });
      expect(dispute.amount).toBe(expected);
      expect(typeof dispute.amount).toBe('string');
    }
  });

  it.each<[string, DisputeStatus]>([
    ['evidence_required', 'EVIDENCE_REQUIRED'],
    ['evidence_under_review', 'UNDER_REVIEW'],
    ['arbitration_under_review', 'UNDER_REVIEW'],
    ['arbitration_sent_to_scheme', 'UNDER_REVIEW'],
    ['won', 'WON'],
    ['arbitration_won', 'WON'],
    // The issuer withdrew the dispute: the amount is credited back.
    ['canceled', 'WON'],
    ['lost', 'LOST'],
    ['arbitration_lost', 'LOST'],
    // No evidence in time, or we gave in: the money stays with the cardholder.
    ['expired', 'LOST'],
    ['accepted', 'LOST'],
    // Refunded before the dispute: no money moved.
    ['resolved', 'RESOLVED'],
    // A status Checkout.com adds later: still under review, read again later.
    ['pre_arbitration_pending', 'UNDER_REVIEW'],
  ])('reads status %s as %s', async (status, ours) => {
    const { processor } = setup([{ status: 200, body: { ...documented(), status } }]);
    expect((await processor.getDispute(DISPUTE_ID)).status).toBe(ours);
  });

  it('reads the payment id and reference where the webhook shape puts them (payment_id, payment_reference)', () => {
    const { payment: _payment, ...flat } = documented();
    expect(
      disputeFromCheckout({ ...flat, payment_id: 'pay_cnhuomagalglgozxy5zm', payment_reference: 'ORD-5023-4E89', category: undefined }),
    ).toMatchObject({ paymentId: 'pay_cnhuomagalglgozxy5zm', reference: 'ORD-5023-4E89', reason: '10.4' });
  });

  it('leaves the due date out when there is none or it is no date', () => {
    const { evidence_required_by: _due, ...withoutDue } = documented();
    expect(disputeFromCheckout(withoutDue).evidenceDueBy).toBeNull();
    expect(disputeFromCheckout({ ...documented(), evidence_required_by: 'by Friday' }).evidenceDueBy).toBeNull();
  });

  it('refuses a dispute without its id, payment, amount or currency', () => {
    const { payment: _payment, ...withoutPayment } = documented();
    for (const broken of [
      { ...documented(), id: undefined },
      withoutPayment,
      { ...documented(), amount: '9.99' },
      { ...documented(), amount: 9.99 },
      { ...documented(), currency: undefined },
    ]) {
      expect(() => disputeFromCheckout(broken)).toThrow('Checkout.com answered a dispute without id, payment, amount or currency');
    }
  });

  it('answers an unknown dispute (404) with an error naming neither key', async () => {
    const error = await failureOf(setup([{ status: 404 }]).processor.getDispute(DISPUTE_ID));
    expect(error.message).toContain('HTTP 404');
    for (const key of [SECRET_KEY, PUBLIC_KEY]) expect(error.message).not.toContain(key);
  });
});

describe('Checkout.com: dispute ids never reach a URL malformed', () => {
  const MALFORMED = [
    '../payments/pay_mbabizu24mvu3mela5njyhpit4',
    'dsp_rbhwd2qrg13uhrp2newf/accept',
    'dsp_rbhwd2qrg13uhrp2newf?status=won',
    'dsp_rbhwd2qrg13uhrp2newf#',
    'dsp_',
    'pay_mbabizu24mvu3mela5njyhpit4',
    ' dsp_rbhwd2qrg13uhrp2newf',
    'dsp_rbhwd2qrg13uhrp2newf\n',
    '',
  ];

  it.each(MALFORMED)('getDispute(%j) is refused without a call', async (disputeId) => {
    const { processor, calls } = setup([]);
    await expect(processor.getDispute(disputeId)).rejects.toThrow('is not a Checkout.com dispute id');
    expect(calls).toEqual([]);
  });

  it.each(MALFORMED)('submitDisputeEvidence(%j) is refused without a call', async (disputeId) => {
    const { processor, calls } = setup([]);
    await expect(processor.submitDisputeEvidence(disputeId, { text: 'Delivered.' })).rejects.toThrow('is not a Checkout.com dispute id');
    expect(calls).toEqual([]);
  });
});

describe('Checkout.com: submitDisputeEvidence', () => {
  const EVIDENCE_URL = `https://api.sandbox.checkout.com/disputes/${DISPUTE_ID}/evidence`;
  const DELIVERED =
    'Order ORD-5023-4E89: 0.0025 BTC sent on 2018-07-06 to bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh, confirmed in block 531234.';

  it('provides the evidence (PUT) and then submits it (POST), in that order, both with the secret key', async () => {
    const { processor, calls } = setup([{ status: 204 }, { status: 204 }]);
    await processor.submitDisputeEvidence(DISPUTE_ID, { text: DELIVERED });
    expect(calls).toEqual([
      {
        url: EVIDENCE_URL,
        method: 'PUT',
        headers: { authorization: `Bearer ${SECRET_KEY}`, accept: 'application/json', 'content-type': 'application/json' },
        body: { proof_of_delivery_or_service_text: DELIVERED },
      },
      {
        url: EVIDENCE_URL,
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET_KEY}`, accept: 'application/json' },
        body: undefined,
      },
    ]);
  });

  it('keeps each text field within 500 characters: a longer text continues as additional evidence', async () => {
    const text = `${'a'.repeat(500)}${'b'.repeat(300)}`;
    const { processor, calls } = setup([{ status: 204 }, { status: 204 }]);
    await processor.submitDisputeEvidence(DISPUTE_ID, { text });
    const sent = calls[0]?.body as Record<string, string>;
    expect(Object.keys(sent).sort()).toEqual(['additional_evidence_text', 'proof_of_delivery_or_service_text']);
    expect(sent.proof_of_delivery_or_service_text).toBe('a'.repeat(500));
    expect(sent.additional_evidence_text).toBe('b'.repeat(300));
    expect(sent.proof_of_delivery_or_service_text! + sent.additional_evidence_text!).toBe(text);
  });

  it('sends exactly 500 characters in the one field, without an empty additional field', async () => {
    const { processor, calls } = setup([{ status: 204 }, { status: 204 }]);
    await processor.submitDisputeEvidence(DISPUTE_ID, { text: 'x'.repeat(500) });
    expect(calls[0]?.body).toEqual({ proof_of_delivery_or_service_text: 'x'.repeat(500) });
  });

  it('never submits when providing the evidence was refused, and says so with a plain Error naming no key', async () => {
    // A 422 of the documented error shape (resources/codes/error-codes); its codes are constructed, and carry the key to show it is cut out.
    const { processor, calls } = setup([
      {
        status: 422,
        body: { request_id: '0HL80RJLS76I7', error_type: `request_invalid ${SECRET_KEY}`, error_codes: ['evidence_invalid'] },
      },
    ]);
    const error = await failureOf(processor.submitDisputeEvidence(DISPUTE_ID, { text: DELIVERED }));
    expect(calls.map((call) => call.method)).toEqual(['PUT']);
    expect(error.constructor).toBe(Error);
    expect(error).not.toBeInstanceOf(CheckoutApiError);
    expect(error.message).toMatch(
      /^cannot submit evidence for Checkout.com dispute dsp_rbhwd2qrg13uhrp2newf: Checkout.com provide dispute evidence: HTTP 422/,
    );
    expect(error.message).toContain('evidence_invalid');
    for (const key of [SECRET_KEY, PUBLIC_KEY]) expect(error.message).not.toContain(key);
  });

  it('answers a refused submission (403: the dispute takes no evidence now) with a plain Error after the PUT', async () => {
    const { processor, calls } = setup([{ status: 204 }, { status: 403 }]);
    const error = await failureOf(processor.submitDisputeEvidence(DISPUTE_ID, { text: DELIVERED }));
    expect(calls.map((call) => call.method)).toEqual(['PUT', 'POST']);
    expect(error.constructor).toBe(Error);
    expect(error.message).toContain('Checkout.com submit dispute evidence: HTTP 403');
    for (const key of [SECRET_KEY, PUBLIC_KEY]) expect(error.message).not.toContain(key);
  });

  it('answers an outage or a refused key as the processor being unavailable (try again), never a key in the message', async () => {
    for (const reply of [{ status: 503 }, { status: 401 }]) {
      const error = await failureOf(setup([reply]).processor.submitDisputeEvidence(DISPUTE_ID, { text: DELIVERED }));
      expect(error).toBeInstanceOf(ProcessorUnavailableError);
      for (const key of [SECRET_KEY, PUBLIC_KEY]) expect(error.message).not.toContain(key);
    }
  });
});
