import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { type CardDetails, type CardProcessorProvider, CardRefusedError, ProcessorTimeoutError } from './card-processor.ts';
import { DEFAULT_SANDBOX_SLOW_PAYOUT_MS, SANDBOX_PAYOUT_SETTLE_MS } from './sandbox-cards.ts';
import type { SandboxCardProcessor } from './sandbox.ts';
import { createCheckoutCardProcessor } from './checkout.ts';
import { createFakeCheckout } from './fixtures/checkout/fake-checkout.ts';
import { createCardProcessor } from './index.ts';
import { createSandboxCardProcessor } from './sandbox.ts';
import { createSandboxProcessorRepository } from './sandbox-processor.repository.ts';

// One suite, every adapter: the sandbox on a real database, Checkout.com against a stand-in of
// its documented API (fixtures/checkout/fake-checkout.ts) that answers docs/sandbox.md's test cards.
// Each adapter's card fields give the token: the sandbox's own tokenisation (its card-fields
// endpoint), and for Checkout.com what Flow's card component does in the browser (POST /tokens, public key).
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const KEYS = { secretKey: 'sk_sbox_contract_secret', publicKey: 'pk_sbox_contract_public' };
const clock = createManualClock(new Date('2026-11-21T12:00:00Z'));
const BILLING = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '1 Analytical Street',
  city: 'London',
  postalCode: 'N1 9GU',
  country: 'GB',
};

interface Adapter {
  provider: CardProcessorProvider;
  /** The card typed into this processor's card fields: answers their single-use token. */
  cardFields(card: CardDetails): Promise<string>;
  /** How many payouts the processor holds for a reference. */
  payoutsFor(reference: string): Promise<number>;
}

function sandbox(): Adapter {
  const provider: SandboxCardProcessor = createSandboxCardProcessor({
    repository: createSandboxProcessorRepository(database.db),
    clock,
    publicUrl: 'https://pay.example.test',
    fingerprintKey: Buffer.alloc(32, 5),
  });
  return {
    provider,
    cardFields: async (card) => (await provider.tokenize(card)).token,
    payoutsFor: (reference) => provider.payoutsFor(reference),
  };
}

function checkout(): Adapter {
  const fake = createFakeCheckout(KEYS, { clock });
  return {
    provider: createCheckoutCardProcessor({
      ...KEYS,
      payoutCurrencyAccountId: 'ca_ux6najg5mnqexjs2jezz6gwseu',
      fetchImpl: fake.fetchImpl,
      timeoutMs: 200,
    }),
    payoutsFor: async (reference) => fake.payoutsFor(reference),
    cardFields: async (card) => {
      const response = await fake.fetchImpl('https://api.sandbox.checkout.com/tokens', {
        method: 'POST',
        headers: { authorization: `Bearer ${KEYS.publicKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'card',
          number: card.number,
          expiry_month: card.expiryMonth,
          expiry_year: card.expiryYear,
          cvv: card.cvv,
        }),
      });
      if (response.status !== 201) throw new CardRefusedError('INVALID_NUMBER');
      return ((await response.json()) as { token: string }).token;
    },
  };
}

const card = (number: string): CardDetails => ({ number, expiryMonth: 12, expiryYear: 2030, cvv: '123' });

let sequence = 0;
const order = () => `ord_contract_${(sequence += 1)}`;
const request = (reference: string, cardToken: string, amount = '20.00') => ({
  idempotencyKey: `auth:${reference}`,
  reference,
  cardToken,
  amount,
  currency: 'EUR',
  successUrl: 'https://pay.example.test/orders/ok',
  failureUrl: 'https://pay.example.test/orders/failed',
});

describe.each([
  ['sandbox', sandbox],
  ['checkout', checkout],
] as const)('CardProcessorProvider contract: %s', (kind, create) => {
  // Made once the database exists (describe bodies run before beforeAll).
  let adapter: Adapter;
  let provider: CardProcessorProvider;
  beforeAll(() => {
    adapter = create();
    provider = adapter.provider;
  });
  const save = async (number: string) => provider.saveCard({ cardToken: await adapter.cardFields(card(number)), billingAddress: BILLING });
  const authorize = async (number: string, amount?: string) => {
    const { token } = await save(number);
    return provider.authorize(request(order(), token, amount));
  };

  it('saves a card from its card-fields token: display facts, and a fingerprint that is the same for the same number', async () => {
    expect(provider.kind).toBe(kind);
    const first = await save('4242424242424242');
    const again = await save('4242424242424242');
    const other = await save('5555555555554444');
    expect(first).toMatchObject({ cardBin: '424242', cardLast4: '4242', cardProcessor: 'VISA', expiryMonth: 12, expiryYear: 2030 });
    expect(first.token).toMatch(/^src_/);
    expect(other).toMatchObject({ cardLast4: '4444', cardProcessor: 'MASTER' });
    expect(again.token).not.toBe(first.token);
    expect(again.fingerprint).toBe(first.fingerprint);
    expect(other.fingerprint).not.toBe(first.fingerprint);
  });

  it('opens its card fields with a session only where the processor needs one (Checkout.com Flow), never the sandbox', async () => {
    const session = await provider.startCardEntry({
      reference: 'cfs_contract1',
      billingCountry: 'GB',
      currency: 'EUR',
      returnUrl: 'https://pay.example.test/add-card',
    });
    if (kind === 'sandbox') expect(session).toBeNull();
    else
      expect(session).toEqual({ id: expect.stringMatching(/^ps_\w+$/), token: expect.any(String), secret: expect.stringMatching(/^pss_/) });
  });

  it('spends a card-fields token once: a second save, or an unknown token, is TOKEN_INVALID', async () => {
    const cardToken = await adapter.cardFields(card('4242424242424242'));
    await provider.saveCard({ cardToken, billingAddress: BILLING });
    await expect(provider.saveCard({ cardToken, billingAddress: BILLING })).rejects.toEqual(new CardRefusedError('TOKEN_INVALID'));
    await expect(provider.saveCard({ cardToken: 'tok_unknown0000000000000000', billingAddress: BILLING })).rejects.toEqual(
      new CardRefusedError('TOKEN_INVALID'),
    );
  });

  it('the card fields refuse a number that fails the Luhn check (no token)', async () => {
    await expect(adapter.cardFields(card('4242424242424241'))).rejects.toEqual(new CardRefusedError('INVALID_NUMBER'));
  });

  it('authorises once per idempotency key and finds the payment by id and by reference', async () => {
    const { token } = await save('4242424242424242');
    const reference = order();
    const payment = await provider.authorize(request(reference, token));
    expect(payment).toMatchObject({
      reference,
      status: 'AUTHORIZED',
      amount: '20.00',
      currency: 'EUR',
      authorizedAmount: '20.00',
      challengeUrl: null,
      declineReason: null,
    });
    expect((await provider.authorize(request(reference, token))).paymentId).toBe(payment.paymentId);
    expect(await provider.getPayment(payment.paymentId)).toEqual(payment);
    expect(await provider.findPayment(reference)).toEqual(payment);
    expect(await provider.findPayment(order())).toBeNull();
  });

  it('declines, with the reason', async () => {
    expect(await authorize('4000000000000002')).toMatchObject({ status: 'DECLINED', declineReason: 'DECLINED', authorizedAmount: null });
    expect(await authorize('4000000000009995')).toMatchObject({ status: 'DECLINED', declineReason: 'INSUFFICIENT_FUNDS' });
  });

  it('asks for a 3DS challenge with a URL to send the person to', async () => {
    const payment = await authorize('4000000000003220');
    expect(payment).toMatchObject({ status: 'CHALLENGE_REQUIRED', amount: '20.00', authorizedAmount: null });
    expect(payment.challengeUrl).toMatch(/^https:\/\/.+/);
  });

  it('answers a partial authorisation with the smaller amount, and voids it', async () => {
    const payment = await authorize('5200000000000007', '20.01');
    expect(payment).toMatchObject({ status: 'PARTIALLY_AUTHORIZED', amount: '20.01', authorizedAmount: '10.00' });
    await provider.void(payment.paymentId, { idempotencyKey: `void:${payment.reference}` });
    expect((await provider.getPayment(payment.paymentId)).status).toBe('VOIDED');
  });

  it('times out without leaving a payment behind', async () => {
    const { token } = await save('4000000000000119');
    const reference = order();
    await expect(provider.authorize(request(reference, token))).rejects.toBeInstanceOf(ProcessorTimeoutError);
    expect(await provider.findPayment(reference)).toBeNull();
  });

  it('captures part, refunds idempotently, and is REFUNDED once the whole capture is back', async () => {
    const payment = await authorize('4242424242424242');
    const money = (idempotencyKey: string, amount: string) => ({ idempotencyKey, amount, currency: 'EUR' });
    await provider.capture(payment.paymentId, money(`cap:${payment.reference}`, '15.00'));
    expect((await provider.getPayment(payment.paymentId)).status).toBe('CAPTURED');
    await provider.refund(payment.paymentId, money(`ref1:${payment.reference}`, '5.00'));
    await provider.refund(payment.paymentId, money(`ref1:${payment.reference}`, '5.00'));
    expect((await provider.getPayment(payment.paymentId)).status).toBe('CAPTURED');
    await expect(provider.refund(payment.paymentId, money(`ref2:${payment.reference}`, '10.01'))).rejects.toThrow();
    await provider.refund(payment.paymentId, money(`ref3:${payment.reference}`, '10.00'));
    expect((await provider.getPayment(payment.paymentId)).status).toBe('REFUNDED');
  });

  it('voids an authorisation once; a voided payment cannot be captured', async () => {
    const payment = await authorize('4242424242424242');
    await provider.void(payment.paymentId, { idempotencyKey: `void:${payment.reference}` });
    await provider.void(payment.paymentId, { idempotencyKey: `void:${payment.reference}` });
    expect((await provider.getPayment(payment.paymentId)).status).toBe('VOIDED');
    await expect(
      provider.capture(payment.paymentId, { idempotencyKey: `cap:${payment.reference}`, amount: '20.00', currency: 'EUR' }),
    ).rejects.toThrow();
  });

  describe('payouts to a card', () => {
    const payoutTo = async (number: string, reference = order(), amount = '25.50') => {
      const { token } = await save(number);
      return { reference, token, input: { idempotencyKey: `payout:${reference}`, reference, cardToken: token, amount, currency: 'EUR' } };
    };

    it('accepts a payout PENDING, once per key, pays it after a moment, and finds it by id and by reference', async () => {
      const { reference, input } = await payoutTo('4242424242424242');
      const payout = await provider.payout(input);
      expect(payout).toEqual({
        payoutId: expect.stringMatching(/^pay_/),
        reference,
        status: 'PENDING',
        amount: '25.50',
        currency: 'EUR',
        declineReason: null,
      });
      expect(await provider.payout(input)).toEqual(payout);
      expect(await provider.getPayout(payout.payoutId)).toEqual(payout);
      clock.advance(SANDBOX_PAYOUT_SETTLE_MS);
      const paid = { ...payout, status: 'PAID' };
      expect(await provider.getPayout(payout.payoutId)).toEqual(paid);
      expect(await provider.findPayout(reference)).toEqual(paid);
      // A repeat is the same payout; Checkout.com replays its first answer (PENDING), so the status is getPayout's word.
      expect((await provider.payout(input)).payoutId).toBe(payout.payoutId);
      expect(await adapter.payoutsFor(reference)).toBe(1);
      expect(await provider.findPayout(order())).toBeNull();
    });

    it('makes one payout of 8 calls racing with one key', async () => {
      const { reference, input } = await payoutTo('5555555555554444');
      const results = await Promise.all(Array.from({ length: 8 }, () => provider.payout(input)));
      expect(new Set(results.map((payout) => payout.payoutId)).size).toBe(1);
      expect(await adapter.payoutsFor(reference)).toBe(1);
    });

    it.each([
      ['4000000000000002', 'DECLINED'],
      ['4151512736305999', 'CARD_NOT_ELIGIBLE'],
      ['4556294593757189', 'LIMIT_EXCEEDED'],
    ] as const)('declines a payout to %s (%s) once its time has come, and never pays it', async (number, reason) => {
      const { input } = await payoutTo(number);
      const payout = await provider.payout(input);
      expect(payout).toMatchObject({ status: 'PENDING', declineReason: null });
      clock.advance(SANDBOX_PAYOUT_SETTLE_MS);
      expect(await provider.getPayout(payout.payoutId)).toEqual({ ...payout, status: 'DECLINED', declineReason: reason });
      clock.advance(DEFAULT_SANDBOX_SLOW_PAYOUT_MS);
      expect((await provider.getPayout(payout.payoutId)).status).toBe('DECLINED');
    });

    it('keeps the slow card PENDING until SANDBOX_SLOW_PAYOUT_MS has passed on the clock, then pays it', async () => {
      const { reference, input } = await payoutTo('4000000000000077');
      const payout = await provider.payout(input);
      clock.advance(DEFAULT_SANDBOX_SLOW_PAYOUT_MS - 1);
      expect((await provider.getPayout(payout.payoutId)).status).toBe('PENDING');
      clock.advance(1);
      expect(await provider.findPayout(reference)).toEqual({ ...payout, status: 'PAID' });
    });

    it('makes the payout whose answer times out, and findPayout finds it; a retry with the key never pays twice', async () => {
      const { reference, input } = await payoutTo('4000000000000119');
      await expect(provider.payout(input)).rejects.toBeInstanceOf(ProcessorTimeoutError);
      const found = await provider.findPayout(reference);
      expect(found).toMatchObject({ reference, status: 'PENDING', amount: '25.50', currency: 'EUR' });
      const retry = await provider.payout(input).catch((error: unknown) => error);
      if (retry instanceof ProcessorTimeoutError) expect(kind).toBe('sandbox');
      else expect(retry).toEqual(found);
      clock.advance(SANDBOX_PAYOUT_SETTLE_MS);
      expect(await provider.getPayout(found!.payoutId)).toMatchObject({ status: 'PAID' });
      expect(await adapter.payoutsFor(reference)).toBe(1);
    });

    it('throws for an unknown payout id', async () => {
      await expect(provider.getPayout('pay_unknown0000000000000000')).rejects.toThrow('no');
    });
  });
});

describe('createCardProcessor (the only place that chooses)', () => {
  const base = { db: {} as DatabaseHandle['db'], clock, publicUrl: 'https://pay.example.test', fingerprintKey: Buffer.alloc(32, 1) };

  it('gives the sandbox twice: as the provider and with its page operations', () => {
    const { provider, sandbox: pages } = createCardProcessor({ ...base, kind: 'sandbox' });
    expect(provider.kind).toBe('sandbox');
    expect(pages).toBe(provider);
  });

  it('gives Checkout.com without sandbox pages, and names the variables it lacks', () => {
    const { provider, sandbox: pages } = createCardProcessor({
      ...base,
      kind: 'checkout',
      checkout: { ...KEYS, baseUrl: undefined, processingChannelId: undefined },
    });
    expect(provider.kind).toBe('checkout');
    expect(pages).toBeNull();
    expect(() => createCardProcessor({ ...base, kind: 'checkout' })).toThrow('CHECKOUT_SECRET_KEY and CHECKOUT_PUBLIC_KEY');
    expect(() => createCardProcessor({ ...base, kind: 'checkout', checkout: { secretKey: '', publicKey: 'pk' } })).toThrow(
      'CHECKOUT_SECRET_KEY',
    );
  });
});
