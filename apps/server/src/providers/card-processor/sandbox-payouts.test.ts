import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { sandboxCardPayouts } from '../../db/schema/index.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { ProcessorTimeoutError } from './card-processor.ts';
import { createSandboxCardProcessor, type SandboxCardProcessor } from './sandbox.ts';
import { DEFAULT_SANDBOX_SLOW_PAYOUT_MS, SANDBOX_PAYOUT_CARDS, SANDBOX_PAYOUT_SETTLE_MS } from './sandbox-cards.ts';
import { createSandboxProcessorRepository } from './sandbox-processor.repository.ts';

// docs/sandbox.md, "Payouts (selling to a card)", through the provider's public surface on a real database.
let database: DatabaseHandle;
const clock = createManualClock(new Date('2026-11-21T12:00:00Z'));
const processorWith = (slowPayoutMs?: number): SandboxCardProcessor =>
  createSandboxCardProcessor({
    repository: createSandboxProcessorRepository(database.db),
    clock,
    publicUrl: 'https://pay.example.test',
    fingerprintKey: Buffer.alloc(32, 7),
    ...(slowPayoutMs === undefined ? {} : { slowPayoutMs }),
  });
let processor: SandboxCardProcessor;
beforeAll(async () => {
  database = await createTestDatabase();
  processor = processorWith();
});
afterAll(() => database.close());

const BILLING = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '1 Analytical Street',
  city: 'Berlin',
  postalCode: '10115',
  country: 'DE',
};
const savedCard = async (number: string, on = processor) =>
  (
    await on.saveCard({
      cardToken: (await on.tokenize({ number, expiryMonth: 12, expiryYear: 2030, cvv: '737' })).token,
      billingAddress: BILLING,
    })
  ).token;

let sequence = 0;
const order = () => `ord_payout_${(sequence += 1)}`;
const input = (cardToken: string, reference = order(), amount = '40.00') => ({
  idempotencyKey: `payout:${reference}`,
  reference,
  cardToken,
  amount,
  currency: 'EUR',
});

describe('sandbox card processor: payouts to the test cards', () => {
  it.each([
    ['4242 4242 4242 4242', 'PAID', null],
    ['5555 5555 5555 4444', 'PAID', null],
    ['4000 0000 0000 9995', 'PAID', null],
    ['4000 0000 0000 0002', 'DECLINED', 'DECLINED'],
    ['4151 5127 3630 5999', 'DECLINED', 'CARD_NOT_ELIGIBLE'],
    ['4556 2945 9375 7189', 'DECLINED', 'LIMIT_EXCEEDED'],
  ] as const)('%s: PENDING, then %s (%s) once SANDBOX_PAYOUT_SETTLE_MS has passed', async (number, status, declineReason) => {
    const payout = await processor.payout(input(await savedCard(number.replace(/ /g, ''))));
    expect(payout).toMatchObject({ status: 'PENDING', amount: '40.00', currency: 'EUR', declineReason: null });
    clock.advance(SANDBOX_PAYOUT_SETTLE_MS - 1);
    expect((await processor.getPayout(payout.payoutId)).status).toBe('PENDING');
    clock.advance(1);
    expect(await processor.getPayout(payout.payoutId)).toEqual({ ...payout, status, declineReason });
  });

  it('keeps 4000 0000 0000 0077 PENDING for SANDBOX_SLOW_PAYOUT_MS (2 minutes by default), or as configured', async () => {
    const slow = await processor.payout(input(await savedCard('4000000000000077')));
    clock.advance(DEFAULT_SANDBOX_SLOW_PAYOUT_MS - 1);
    expect((await processor.getPayout(slow.payoutId)).status).toBe('PENDING');
    clock.advance(1);
    expect((await processor.getPayout(slow.payoutId)).status).toBe('PAID');

    const quick = processorWith(10_000);
    const configured = await quick.payout(input(await savedCard('4000000000000077', quick)));
    clock.advance(10_000);
    expect((await quick.getPayout(configured.payoutId)).status).toBe('PAID');
    expect(() => processorWith(-1)).toThrow('SANDBOX_SLOW_PAYOUT_MS');
  });

  it('makes the payout on 4000 0000 0000 0119 but loses every answer; findPayout finds the one payout', async () => {
    const request = input(await savedCard('4000000000000119'));
    await expect(processor.payout(request)).rejects.toBeInstanceOf(ProcessorTimeoutError);
    await expect(processor.payout(request)).rejects.toBeInstanceOf(ProcessorTimeoutError);
    expect(await processor.payoutsFor(request.reference)).toBe(1);
    clock.advance(SANDBOX_PAYOUT_SETTLE_MS);
    expect(await processor.findPayout(request.reference)).toMatchObject({ reference: request.reference, status: 'PAID', amount: '40.00' });
  });
});

describe('sandbox card processor: payout idempotency and lookups', () => {
  it('answers a repeated key with the first payout, even with another amount', async () => {
    const token = await savedCard('4242424242424242');
    const first = await processor.payout(input(token, 'ord_payout_same', '40.00'));
    expect(await processor.payout(input(token, 'ord_payout_same', '41.00'))).toEqual(first);
    expect(await processor.payoutsFor('ord_payout_same')).toBe(1);
  });

  it('settles a payout once when reads race for it', async () => {
    const payout = await processor.payout(input(await savedCard('4000000000000002')));
    clock.advance(SANDBOX_PAYOUT_SETTLE_MS);
    const reads = await Promise.all(Array.from({ length: 6 }, () => processor.getPayout(payout.payoutId)));
    expect(new Set(reads.map((read) => `${read.status}:${read.declineReason}`))).toEqual(new Set(['DECLINED:DECLINED']));
  });

  it('finds the newest payout of a reference', async () => {
    const reference = order();
    const token = await savedCard('4242424242424242');
    await processor.payout({ ...input(token, reference), idempotencyKey: `${reference}:1` });
    clock.advance(1_000);
    const second = await processor.payout({ ...input(token, reference), idempotencyKey: `${reference}:2` });
    expect((await processor.findPayout(reference))?.payoutId).toBe(second.payoutId);
    expect(await processor.payoutsFor(reference)).toBe(2);
  });

  it('refuses an unknown token, a card-fields token, an unknown payout and an amount the currency cannot carry', async () => {
    await expect(processor.payout(input('src_nope'))).rejects.toThrow('unknown sandbox card token');
    const { token: fieldsToken } = await processor.tokenize({ number: '4242424242424242', expiryMonth: 12, expiryYear: 2030, cvv: '737' });
    await expect(processor.payout(input(fieldsToken))).rejects.toThrow('unknown sandbox card token');
    await expect(processor.getPayout('pay_nope')).rejects.toThrow('does not exist');
    await expect(processor.payout(input(await savedCard('4242424242424242'), order(), '1.001'))).rejects.toThrow('decimals');
    await expect(processor.payout(input(await savedCard('4242424242424242'), order(), '0'))).rejects.toThrow('positive');
  });

  it('keeps no card number: no 13 to 19 digit run in any payout column after every payout test card', async () => {
    for (const number of Object.keys(SANDBOX_PAYOUT_CARDS))
      await processor.payout(input(await savedCard(number))).catch((error: unknown) => expect(error).toBeInstanceOf(ProcessorTimeoutError));
    const rows = await database.db.select().from(sandboxCardPayouts);
    expect(rows.length).toBeGreaterThanOrEqual(Object.keys(SANDBOX_PAYOUT_CARDS).length);
    for (const row of rows)
      for (const [column, value] of Object.entries(row))
        if (column !== 'amount') expect(`${column}=${JSON.stringify(value)}`).not.toMatch(/\d{13,19}/);
    const everything = JSON.stringify(rows);
    for (const number of Object.keys(SANDBOX_PAYOUT_CARDS)) expect(everything).not.toContain(number);
  });
});
