import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CardWebhookRefusedError } from './card-processor.ts';
import { createCheckoutCardProcessor } from './checkout.ts';
import { CHECKOUT_SIGNATURE_HEADER, readCheckoutWebhook, signCheckoutWebhook } from './checkout-webhook.ts';
import { stubFetch } from './fixtures/checkout/stub-fetch.ts';

// Checkout.com's workflow webhooks ("Set up your webhook receiver"): Cko-Signature is the hex
// HMAC-SHA256 of the raw body with the webhook action's signature key. The bodies are the
// documented examples of payment_captured and dispute_evidence_required (fixtures/checkout),
// sent as the bytes of their files.
const SECRET = 'whsec-checkout-signature-key-0123456789';
const rawFixture = (name: string) => readFileSync(new URL(`./fixtures/checkout/${name}.json`, import.meta.url));
const PAYMENT_CAPTURED = rawFixture('webhook-payment-captured');
const DISPUTE_EVIDENCE_REQUIRED = rawFixture('webhook-dispute-evidence-required');
const signed = (body: Buffer, signature = signCheckoutWebhook(body, SECRET)) => ({ [CHECKOUT_SIGNATURE_HEADER]: signature });

const refusalOf = (read: () => unknown): Error => {
  try {
    read();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the webhook to be refused');
};

describe('Checkout.com webhooks: the signature', () => {
  it('reads a signed payment event: its event id, type, payment id and our reference', () => {
    expect(readCheckoutWebhook(PAYMENT_CAPTURED, signed(PAYMENT_CAPTURED), SECRET)).toEqual({
      eventId: 'evt_fkfqht6yonme7bk7jawrgzbbxq',
      type: 'payment_captured',
      paymentId: 'pay_vti5layihapu5bhbn5tjtk6eem',
      reference: 'ORD-5023-4E89',
      disputeId: null,
    });
  });

  it("reads a signed dispute event: the dispute, its payment and that payment's reference", () => {
    expect(readCheckoutWebhook(DISPUTE_EVIDENCE_REQUIRED, signed(DISPUTE_EVIDENCE_REQUIRED), SECRET)).toEqual({
      eventId: 'evt_b6anegml5j6u7kwzuzdg6r4sem',
      type: 'dispute_evidence_required',
      paymentId: 'pay_cnhuomagalglgozxy5zm',
      reference: 'Disputes QA',
      disputeId: 'dsp_9rjdlsd4epepfjyyf9vl',
    });
  });

  it('takes the hex signature in either case and the header given twice (the first one counts)', () => {
    const signature = signCheckoutWebhook(PAYMENT_CAPTURED, SECRET);
    expect(readCheckoutWebhook(PAYMENT_CAPTURED, signed(PAYMENT_CAPTURED, signature.toUpperCase()), SECRET)?.eventId).toBe(
      'evt_fkfqht6yonme7bk7jawrgzbbxq',
    );
    expect(readCheckoutWebhook(PAYMENT_CAPTURED, { [CHECKOUT_SIGNATURE_HEADER]: [signature, 'ff'] }, SECRET)?.type).toBe(
      'payment_captured',
    );
  });

  it.each([
    ['no Cko-Signature header', {}],
    ['an empty Cko-Signature', { [CHECKOUT_SIGNATURE_HEADER]: '' }],
    ['a signature made with another key', signed(PAYMENT_CAPTURED, signCheckoutWebhook(PAYMENT_CAPTURED, `${SECRET}-old`))],
    ['a signature of another body', signed(PAYMENT_CAPTURED, signCheckoutWebhook(DISPUTE_EVIDENCE_REQUIRED, SECRET))],
    ['a signature cut short', signed(PAYMENT_CAPTURED, signCheckoutWebhook(PAYMENT_CAPTURED, SECRET).slice(0, 32))],
    ['a signature that is not hex', signed(PAYMENT_CAPTURED, 'z'.repeat(64))],
    ['a base64 signature', signed(PAYMENT_CAPTURED, Buffer.from(signCheckoutWebhook(PAYMENT_CAPTURED, SECRET), 'hex').toString('base64'))],
  ])('refuses %s with a CardWebhookRefusedError', (_name, headers) => {
    expect(refusalOf(() => readCheckoutWebhook(PAYMENT_CAPTURED, headers, SECRET))).toBeInstanceOf(CardWebhookRefusedError);
  });

  it('refuses a body changed after signing, even by one byte', () => {
    const headers = signed(PAYMENT_CAPTURED);
    const changed = Buffer.from(PAYMENT_CAPTURED.toString('utf8').replace('"amount": 20,', '"amount": 2000,'));
    expect(changed.equals(PAYMENT_CAPTURED)).toBe(false);
    expect(refusalOf(() => readCheckoutWebhook(changed, headers, SECRET))).toBeInstanceOf(CardWebhookRefusedError);
  });

  it('signs the raw bytes: a signature of the body parsed and serialised again fails where the raw one holds ("©", escaped or not)', () => {
    // A sender that escapes non-ASCII characters, and one that sends them as UTF-8: both bodies say "© Gotham".
    for (const description of ['\\u00a9 Gotham', '© Gotham']) {
      const raw = Buffer.from(
        `{"id":"evt_6aznipgxbuaure3qen5qbzyswy","type":"payment_captured","data":{"id":"pay_waji5li3mqtetnaor77xmow4bq","reference":"ORD-5023-4E89","description":"${description}","amount":10000}}`,
        'utf8',
      );
      const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString('utf8'))), 'utf8');
      if (description.startsWith('\\')) expect(reserialised.equals(raw)).toBe(false);
      const pretty = Buffer.from(JSON.stringify(JSON.parse(raw.toString('utf8')), null, 2), 'utf8');
      for (const reshaped of [reserialised, pretty].filter((body) => !body.equals(raw))) {
        expect(refusalOf(() => readCheckoutWebhook(raw, signed(raw, signCheckoutWebhook(reshaped, SECRET)), SECRET))).toBeInstanceOf(
          CardWebhookRefusedError,
        );
      }
      expect(readCheckoutWebhook(raw, signed(raw), SECRET)).toMatchObject({ paymentId: 'pay_waji5li3mqtetnaor77xmow4bq' });
    }
  });

  it('signs bytes, not a re-encoded string: a signature over the latin-1 text of a UTF-8 body fails', () => {
    const raw = Buffer.from(
      '{"id":"evt_6aznipgxbuaure3qen5qbzyswy","type":"payment_captured","data":{"id":"pay_waji5li3mqtetnaor77xmow4bq","description":"©"}}',
    );
    const latin1 = Buffer.from(raw.toString('utf8'), 'latin1');
    expect(latin1.equals(raw)).toBe(false);
    expect(refusalOf(() => readCheckoutWebhook(raw, signed(raw, signCheckoutWebhook(latin1, SECRET)), SECRET))).toBeInstanceOf(
      CardWebhookRefusedError,
    );
    expect(readCheckoutWebhook(raw, signed(raw), SECRET)?.paymentId).toBe('pay_waji5li3mqtetnaor77xmow4bq');
  });
});

describe('Checkout.com webhooks: what a verified body says', () => {
  const body = (event: unknown) => Buffer.from(JSON.stringify(event));
  const read = (event: unknown) => readCheckoutWebhook(body(event), signed(body(event)), SECRET);

  it.each(['card_verified', 'workflow_test', 'instrument_updated', 'payments_captured', 'disputes'])(
    'acknowledges a verified %s event with nothing to act on (null)',
    (type) => {
      expect(read({ id: 'evt_b6anegml5j6u7kwzuzdg6r4sem', type, data: { id: 'pay_vti5layihapu5bhbn5tjtk6eem' } })).toBeNull();
    },
  );

  it('leaves out a reference too long to be one of ours', () => {
    expect(
      read({
        id: 'evt_fkfqht6yonme7bk7jawrgzbbxq',
        type: 'payment_captured',
        data: { id: 'pay_vti5layihapu5bhbn5tjtk6eem', reference: 'r'.repeat(65) },
      }),
    ).toMatchObject({ paymentId: 'pay_vti5layihapu5bhbn5tjtk6eem', reference: null });
  });

  it.each([
    ['a body that is not JSON', Buffer.from('{"id": "evt_fkfqht6yonme7bk7jawrgzbbxq", "type": ')],
    ['a JSON array', body([{ id: 'evt_fkfqht6yonme7bk7jawrgzbbxq', type: 'payment_captured' }])],
    ['a JSON string', body('payment_captured')],
    ['an event without an id', body({ type: 'payment_captured', data: {} })],
    ['an event without a type', body({ id: 'evt_fkfqht6yonme7bk7jawrgzbbxq', data: {} })],
  ])('answers %s, signed, with a plain Error (a broken body, not a refused signature)', (_name, raw) => {
    const error = refusalOf(() => readCheckoutWebhook(raw, signed(raw), SECRET));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(CardWebhookRefusedError);
  });

  it('checks the signature before reading anything: a broken body with a wrong signature is refused', () => {
    const raw = Buffer.from('not json');
    expect(
      refusalOf(() => readCheckoutWebhook(raw, signed(raw, signCheckoutWebhook(raw, 'another-key-0123456789')), SECRET)),
    ).toBeInstanceOf(CardWebhookRefusedError);
  });
});

describe("the Checkout.com adapter's readWebhook", () => {
  const keys = { secretKey: 'sk_sbox_m73dzbpy7cf3gfd46xr4yj5xo4e', publicKey: 'pk_sbox_xg66bnn6tpspd6pt3psc7otrqa=' };
  const adapter = (webhookSecret?: string) =>
    createCheckoutCardProcessor({ ...keys, ...(webhookSecret ? { webhookSecret } : {}), fetchImpl: stubFetch([]).fetchImpl });

  it('reads webhooks signed with CHECKOUT_WEBHOOK_SECRET', () => {
    expect(adapter(SECRET).readWebhook({ rawBody: PAYMENT_CAPTURED, headers: signed(PAYMENT_CAPTURED) })).toMatchObject({
      eventId: 'evt_fkfqht6yonme7bk7jawrgzbbxq',
      paymentId: 'pay_vti5layihapu5bhbn5tjtk6eem',
    });
  });

  it('refuses every webhook without CHECKOUT_WEBHOOK_SECRET, even one signed with an empty key', () => {
    for (const headers of [signed(PAYMENT_CAPTURED), signed(PAYMENT_CAPTURED, signCheckoutWebhook(PAYMENT_CAPTURED, ''))]) {
      const error = refusalOf(() => adapter().readWebhook({ rawBody: PAYMENT_CAPTURED, headers }));
      expect(error).toBeInstanceOf(CardWebhookRefusedError);
      expect(error.message).toContain('CHECKOUT_WEBHOOK_SECRET is not set');
    }
  });

  it('names no secret in a refusal', () => {
    const error = refusalOf(() =>
      adapter(SECRET).readWebhook({
        rawBody: PAYMENT_CAPTURED,
        headers: signed(PAYMENT_CAPTURED, signCheckoutWebhook(PAYMENT_CAPTURED, 'x')),
      }),
    );
    expect(error).toBeInstanceOf(CardWebhookRefusedError);
    for (const secret of [SECRET, keys.secretKey, keys.publicKey]) expect(error.message).not.toContain(secret);
  });
});
