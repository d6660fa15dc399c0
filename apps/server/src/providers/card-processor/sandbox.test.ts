import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { sandboxCardPayments, sandboxCardTokens } from '../../db/schema/index.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { type CardDetails, CardRefusedError, ProcessorTimeoutError } from './card-processor.ts';
import { createSandboxCardProcessor, type SandboxCardProcessor } from './sandbox.ts';
import { SANDBOX_TEST_CARDS } from './sandbox-cards.ts';
import { createSandboxProcessorRepository } from './sandbox-processor.repository.ts';

// docs/sandbox.md, "Cards", through the provider's public surface on a real database.
let database: DatabaseHandle;
let processor: SandboxCardProcessor;
const clock = createManualClock(new Date('2026-11-21T12:00:00Z'));
beforeAll(async () => {
  database = await createTestDatabase();
  processor = createSandboxCardProcessor({
    repository: createSandboxProcessorRepository(database.db),
    clock,
    publicUrl: 'https://pay.example.test/',
    fingerprintKey: Buffer.alloc(32, 9),
  });
});
afterAll(() => database.close());

const card = (number: string, overrides: Partial<CardDetails> = {}): CardDetails => ({
  number,
  expiryMonth: 12,
  expiryYear: 2030,
  cvv: '737',
  ...overrides,
});
const BILLING = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '1 Analytical Street',
  city: 'Berlin',
  postalCode: '10115',
  country: 'DE',
};
/** The card typed into the sandbox card fields, then saved from their token (what add-card does). */
const saved = async (number: string) =>
  processor.saveCard({ cardToken: (await processor.tokenize(card(number))).token, billingAddress: BILLING });

let sequence = 0;
const order = () => `ord_sandbox_${(sequence += 1)}`;
async function authorize(number: string, options: { amount?: string; reference?: string; key?: string } = {}) {
  const { token } = await saved(number);
  const reference = options.reference ?? order();
  return processor.authorize({
    idempotencyKey: options.key ?? `auth:${reference}`,
    reference,
    cardToken: token,
    amount: options.amount ?? '20.00',
    currency: 'EUR',
    successUrl: '/orders/ok',
    failureUrl: '/orders/failed',
  });
}
const money = (idempotencyKey: string, amount: string, currency = 'EUR') => ({ idempotencyKey, amount, currency });

describe('sandbox card processor: the test cards', () => {
  it.each([
    ['4242 4242 4242 4242', 'VISA', { status: 'AUTHORIZED', authorizedAmount: '20.00', declineReason: null }],
    ['5555 5555 5555 4444', 'MASTER', { status: 'AUTHORIZED', authorizedAmount: '20.00' }],
    ['4000 0000 0000 3220', 'VISA', { status: 'CHALLENGE_REQUIRED', authorizedAmount: null }],
    ['4000 0000 0000 0002', 'VISA', { status: 'DECLINED', declineReason: 'DECLINED', authorizedAmount: null }],
    ['4000 0000 0000 9995', 'VISA', { status: 'DECLINED', declineReason: 'INSUFFICIENT_FUNDS' }],
    ['5200 0000 0000 0007', 'MASTER', { status: 'PARTIALLY_AUTHORIZED', authorizedAmount: '10.00' }],
    ['4111 1111 1111 1111', 'VISA', { status: 'AUTHORIZED', authorizedAmount: '20.00' }],
    ['2223 0031 2200 3222', 'MASTER', { status: 'AUTHORIZED' }],
  ] as const)('%s (%s) answers %o', async (number, network, expected) => {
    const tokenized = await saved(number);
    const digits = number.replace(/ /g, '');
    expect(tokenized).toMatchObject({
      cardBin: digits.slice(0, 6),
      cardLast4: digits.slice(-4),
      cardProcessor: network,
      issuerBank: 'Causeway Sandbox Bank',
      country: 'DE',
      expiryMonth: 12,
      expiryYear: 2030,
    });
    const payment = await authorize(number);
    expect(payment).toMatchObject({ ...expected, amount: '20.00', currency: 'EUR' });
    expect(payment.paymentId).toMatch(/^pay_/);
  });

  it('gives a challenge its page under the public URL', async () => {
    const payment = await authorize('4000000000003220');
    expect(payment.challengeUrl).toBe(`https://pay.example.test/sandbox/3ds/${payment.paymentId}`);
  });

  it('authorises half of the amount, rounded down to the cent, for 5200 0000 0000 0007', async () => {
    expect(await authorize('5200000000000007', { amount: '20.01' })).toMatchObject({
      status: 'PARTIALLY_AUTHORIZED',
      amount: '20.01',
      authorizedAmount: '10.00',
    });
    expect(await authorize('5200000000000007', { amount: '0.03' })).toMatchObject({ authorizedAmount: '0.01' });
  });

  it('times out on 4000 0000 0000 0119 and records no payment, however often it is retried', async () => {
    const reference = order();
    await expect(authorize('4000000000000119', { reference })).rejects.toBeInstanceOf(ProcessorTimeoutError);
    await expect(authorize('4000000000000119', { reference })).rejects.toBeInstanceOf(ProcessorTimeoutError);
    expect(await processor.findPayment(reference)).toBeNull();
    expect(await processor.paymentsFor(reference)).toBe(0);
  });

  it.each([
    ['a number failing Luhn', card('4242424242424241'), 'INVALID_NUMBER'],
    ['American Express', card('378282246310005'), 'UNSUPPORTED_NETWORK'],
    ['last month', card('4242424242424242', { expiryMonth: 10, expiryYear: 2026 }), 'EXPIRED'],
    ['month 13', card('4242424242424242', { expiryMonth: 13, expiryYear: 2030 }), 'EXPIRED'],
    ['a 2-digit CVV', card('4242424242424242', { cvv: '12' }), 'INVALID_CVV'],
    ['a 4-digit CVV', card('4242424242424242', { cvv: '1234' }), 'INVALID_CVV'],
  ])('refuses %s', async (_name, details, reason) => {
    await expect(processor.tokenize(details)).rejects.toEqual(new CardRefusedError(reason as CardRefusedError['reason']));
  });

  it('takes a card through the last day of its expiry month', async () => {
    await expect(processor.tokenize(card('4242424242424242', { expiryMonth: 11, expiryYear: 2026 }))).resolves.toMatchObject({
      last4: '4242',
    });
  });
});

describe('sandbox card processor: card-fields tokens', () => {
  it('answers a single-use tok_ with display facts only, valid 15 minutes, and keeps no number', async () => {
    const fields = await processor.tokenize(card('4242 4242 4242 4242'));
    expect(fields).toEqual({
      token: expect.stringMatching(/^tok_[a-z0-9]+$/),
      expiresOn: new Date(clock.now().getTime() + 15 * 60 * 1000).toISOString(),
      scheme: 'VISA',
      bin: '424242',
      last4: '4242',
      expiryMonth: 12,
      expiryYear: 2030,
    });
    const rows = JSON.stringify(await database.db.select().from(sandboxCardTokens));
    expect(rows).not.toContain('4242424242424242');
    // The CVV as a value, or under any key: a bare "737" also turns up in random ids and timestamps' milliseconds.
    // Keys only: a random token or a base64url fingerprint may hold the letters "cvc" by chance.
    expect(rows).not.toMatch(/"737"|"(cvv|cvc)"\s*:/i);
  });

  it('spends a token once, even when 6 saves race for it', async () => {
    const { token } = await processor.tokenize(card('5555555555554444'));
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => processor.saveCard({ cardToken: token, billingAddress: BILLING })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((r) => r.status === 'rejected'))
      expect((result as PromiseRejectedResult).reason).toEqual(new CardRefusedError('TOKEN_INVALID'));
  });

  it('refuses a token 15 minutes old, and clears expired tokens away at the next tokenisation', async () => {
    const { token } = await processor.tokenize(card('4242424242424242'));
    clock.advance(15 * 60 * 1000);
    await expect(processor.saveCard({ cardToken: token, billingAddress: BILLING })).rejects.toEqual(new CardRefusedError('TOKEN_INVALID'));
    await processor.tokenize(card('4242424242424242'));
    expect((await database.db.select().from(sandboxCardTokens)).map((row) => row.token)).not.toContain(token);
  });

  it("never spends a saved card's reusable token", async () => {
    const { token } = await saved('4242424242424242');
    await expect(processor.saveCard({ cardToken: token, billingAddress: BILLING })).rejects.toEqual(new CardRefusedError('TOKEN_INVALID'));
    expect((await authorize('4242424242424242')).status).toBe('AUTHORIZED');
  });
});

describe('sandbox card processor: idempotency and lookups', () => {
  it('makes one payment of 8 concurrent authorisations with one key', async () => {
    const { token } = await saved('4242424242424242');
    const reference = order();
    const input = {
      idempotencyKey: `auth:${reference}`,
      reference,
      cardToken: token,
      amount: '35.50',
      currency: 'EUR',
      successUrl: '/ok',
      failureUrl: '/failed',
    };
    const payments = await Promise.all(Array.from({ length: 8 }, () => processor.authorize(input)));
    expect(new Set(payments.map((payment) => payment.paymentId)).size).toBe(1);
    expect(await processor.paymentsFor(reference)).toBe(1);
    const rows = await database.db.select().from(sandboxCardPayments);
    expect(rows.filter((row) => row.reference === reference)).toHaveLength(1);
  });

  it('finds the newest payment of a reference', async () => {
    const reference = order();
    await authorize('4000000000000002', { reference, key: `${reference}:1` });
    clock.advance(1_000);
    const second = await authorize('4242424242424242', { reference, key: `${reference}:2` });
    expect(await processor.findPayment(reference)).toEqual(second);
    expect(await processor.paymentsFor(reference)).toBe(2);
  });

  it('refuses an unknown token, an unknown payment and a return URL to another scheme', async () => {
    const base = {
      idempotencyKey: 'k-unknown',
      reference: order(),
      amount: '1.00',
      currency: 'EUR',
      successUrl: '/ok',
      failureUrl: '/failed',
    };
    await expect(processor.authorize({ ...base, cardToken: 'tok_nope' })).rejects.toThrow('unknown sandbox card token');
    await expect(processor.getPayment('pay_nope')).rejects.toThrow('does not exist');
    // A card-fields token is for saving the card, not for paying with it.
    const { token: fieldsToken } = await processor.tokenize(card('4242424242424242'));
    await expect(processor.authorize({ ...base, cardToken: fieldsToken })).rejects.toThrow('unknown sandbox card token');
    const { token } = await saved('4242424242424242');
    await expect(processor.authorize({ ...base, cardToken: token, successUrl: 'javascript:alert(1)' })).rejects.toThrow('successUrl');
    await expect(processor.authorize({ ...base, cardToken: token, amount: '1.001' })).rejects.toThrow('decimals');
  });

  it('declines a challenge nobody answers within 15 minutes', async () => {
    const payment = await authorize('4000000000003220');
    clock.advance(15 * 60 * 1000);
    expect(await processor.getPayment(payment.paymentId)).toMatchObject({
      status: 'DECLINED',
      declineReason: 'THREE_DS_EXPIRED',
      challengeUrl: null,
    });
  });
});

describe('sandbox card processor: capture, refund and void', () => {
  it('captures part of an authorisation once per key, never more than authorised, only from AUTHORIZED', async () => {
    const payment = await authorize('4242424242424242');
    await expect(processor.capture(payment.paymentId, money('c0', '20.01'))).rejects.toThrow('only 20.00 EUR is authorised');
    await expect(processor.capture(payment.paymentId, money('c0', '20.00', 'GBP'))).rejects.toThrow('in EUR, not GBP');
    await processor.capture(payment.paymentId, money('c1', '12.50'));
    await processor.capture(payment.paymentId, money('c1', '12.50'));
    expect((await processor.getPayment(payment.paymentId)).status).toBe('CAPTURED');
    await expect(processor.capture(payment.paymentId, money('c2', '7.50'))).rejects.toThrow('it is CAPTURED (only AUTHORIZED)');
  });

  it('lets exactly one of two concurrent captures with different keys through', async () => {
    const payment = await authorize('4242424242424242');
    const results = await Promise.allSettled([
      processor.capture(payment.paymentId, money('a', '20.00')),
      processor.capture(payment.paymentId, money('b', '20.00')),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('refunds only what was captured, once per key, and is REFUNDED when all of it is back', async () => {
    const payment = await authorize('4242424242424242');
    await expect(processor.refund(payment.paymentId, money('r0', '1.00'))).rejects.toThrow('it is AUTHORIZED (only CAPTURED)');
    await processor.capture(payment.paymentId, money('c', '15.00'));
    await processor.refund(payment.paymentId, money('r1', '5.00'));
    await processor.refund(payment.paymentId, money('r1', '5.00'));
    await expect(processor.refund(payment.paymentId, money('r2', '10.01'))).rejects.toThrow('only 10.00 EUR of the capture is left');
    expect((await processor.getPayment(payment.paymentId)).status).toBe('CAPTURED');
    await processor.refund(payment.paymentId, money('r3', '10.00'));
    expect((await processor.getPayment(payment.paymentId)).status).toBe('REFUNDED');
    const [row] = (await database.db.select().from(sandboxCardPayments)).filter((r) => r.id === payment.paymentId);
    expect(Number(row?.refundedAmount)).toBe(15);
  });

  it.each([
    ['AUTHORIZED', '4242424242424242'],
    ['PARTIALLY_AUTHORIZED', '5200000000000007'],
    ['CHALLENGE_REQUIRED', '4000000000003220'],
  ])('voids a %s payment, once per key', async (_status, number) => {
    const payment = await authorize(number);
    await processor.void(payment.paymentId, { idempotencyKey: 'v1' });
    await processor.void(payment.paymentId, { idempotencyKey: 'v1' });
    expect((await processor.getPayment(payment.paymentId)).status).toBe('VOIDED');
    await expect(processor.void(payment.paymentId, { idempotencyKey: 'v2' })).rejects.toThrow('it is VOIDED');
  });

  it('does not void a declined or captured payment', async () => {
    const declined = await authorize('4000000000000002');
    await expect(processor.void(declined.paymentId, { idempotencyKey: 'v' })).rejects.toThrow('it is DECLINED');
    const captured = await authorize('4242424242424242');
    await processor.capture(captured.paymentId, money('c', '20.00'));
    await expect(processor.void(captured.paymentId, { idempotencyKey: 'v' })).rejects.toThrow('it is CAPTURED');
  });
});

describe('sandbox card processor: what it keeps', () => {
  it('never stores a card number or CVV: no 13 to 19 digit run in any column after every test card', async () => {
    for (const number of Object.keys(SANDBOX_TEST_CARDS))
      await authorize(number).catch((error: unknown) => expect(error).toBeInstanceOf(ProcessorTimeoutError));
    const tokens = await database.db.select().from(sandboxCardTokens);
    const payments = await database.db.select().from(sandboxCardPayments);
    expect(tokens.length).toBeGreaterThanOrEqual(Object.keys(SANDBOX_TEST_CARDS).length);
    const texts = (rows: object[], skip: string[] = []) =>
      rows.flatMap((row) =>
        Object.entries(row)
          .filter(([column]) => !skip.includes(column))
          .map(([column, value]) => `${column}=${JSON.stringify(value)}`),
      );
    // Amount columns are numeric(38,18): "20.000000000000000000" holds a run of zeros, not a number; they are checked on their own.
    const amountColumns = ['amount', 'authorizedAmount', 'capturedAmount', 'refundedAmount'];
    for (const text of [...texts(tokens), ...texts(payments, amountColumns)]) expect(text).not.toMatch(/\d{13,19}/);
    for (const row of payments)
      for (const column of amountColumns) expect(String(row[column as keyof typeof row] ?? '0')).toMatch(/^\d{1,20}(\.\d+)?$/);
    const everything = JSON.stringify([tokens, payments]);
    for (const number of Object.keys(SANDBOX_TEST_CARDS)) expect(everything).not.toContain(number);
    expect(everything).not.toContain('"737"');
  });
});
