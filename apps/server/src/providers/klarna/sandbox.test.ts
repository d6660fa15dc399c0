import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { KlarnaRefusedError } from './klarna-provider.ts';
import {
  createSandboxKlarna,
  KLARNA_AUTHORIZATION_TTL_MS,
  type SandboxFraudDecision,
  type SandboxKlarna,
  SANDBOX_KLARNA_REVIEW_MS,
  SANDBOX_KLARNA_SESSION_TTL_MS,
} from './sandbox.ts';
import { createSandboxKlarnaRepository } from './sandbox-klarna.repository.ts';

// What only the sandbox plays (docs/sandbox.md "Klarna"): its widget's answers, expiry on the
// clock, the fraud check chosen on Approve. What it shares with Klarna is klarna.contract.test.ts.
const clock = createManualClock(new Date('2026-11-21T12:00:00Z'));
let database: DatabaseHandle;
let klarna: SandboxKlarna;
beforeAll(async () => {
  database = await createTestDatabase();
  klarna = createSandboxKlarna({ repository: createSandboxKlarnaRepository(database.db), clock, publicUrl: 'https://pay.example.test/' });
});
afterAll(() => database.close());

let sequence = 0;
async function session() {
  const bought = {
    reference: `ord_sbx_${(sequence += 1)}`,
    amount: '42.50',
    currency: 'GBP',
    country: 'GB',
    locale: 'en-GB',
    description: '0.001 BTC',
  };
  const opened = await klarna.createSession({ ...bought, returnUrl: '/en/klarna-callback?orderId=x' });
  return { bought, opened };
}
async function approved(fraud: SandboxFraudDecision = 'ACCEPTED') {
  const { bought, opened } = await session();
  const answer = await klarna.answer(opened.sessionId, { outcome: 'approve', fraud });
  const token = answer?.result?.authorization_token ?? '';
  return { ...bought, idempotencyKey: `order:${bought.reference}`, sessionId: opened.sessionId, authorizationToken: token };
}
const refusalOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(KlarnaRefusedError);
  return error as KlarnaRefusedError;
};

describe('sandbox Klarna: the widget', () => {
  it('shows a new session waiting, with its amount and purchase; the widget URL has no double slash', async () => {
    const { opened } = await session();
    expect(opened.widgetUrl).toBe(`https://pay.example.test/sandbox/klarna/${opened.sessionId}`);
    expect(await klarna.widgetOf(opened.sessionId)).toEqual({
      sessionId: opened.sessionId,
      amount: '42.50',
      currency: 'GBP',
      description: '0.001 BTC',
      state: 'WAITING',
      returnUrl: '/en/klarna-callback?orderId=x',
    });
  });

  it('answers once: Close changes nothing, Decline is final, and nothing answers after', async () => {
    const { opened } = await session();
    expect(await klarna.answer(opened.sessionId, { outcome: 'close' })).toMatchObject({ result: { approved: false, show_form: true } });
    expect((await klarna.widgetOf(opened.sessionId))?.state).toBe('WAITING');
    expect(await klarna.answer(opened.sessionId, { outcome: 'decline' })).toMatchObject({
      widget: { state: 'DECLINED' },
      result: { approved: false, show_form: false },
    });
    const again = await klarna.answer(opened.sessionId, { outcome: 'approve', fraud: 'ACCEPTED' });
    expect(again).toEqual({ widget: expect.objectContaining({ state: 'DECLINED' }) });
    expect(await klarna.answer(opened.sessionId, { outcome: 'close' })).toEqual({ widget: expect.objectContaining({ state: 'DECLINED' }) });
  });

  it('lets a session expire after 48 hours unanswered, and knows no session it never opened', async () => {
    const { opened } = await session();
    clock.advance(SANDBOX_KLARNA_SESSION_TTL_MS);
    expect((await klarna.widgetOf(opened.sessionId))?.state).toBe('EXPIRED');
    expect(await klarna.answer(opened.sessionId, { outcome: 'approve', fraud: 'ACCEPTED' })).toEqual({
      widget: expect.objectContaining({ state: 'EXPIRED' }),
    });
    expect(await klarna.widgetOf('0b1d9815-165e-42e2-8867-35bc03789e00')).toBeNull();
    expect(await klarna.widgetOf('not-a-session')).toBeNull();
  });

  it('takes only a return URL it can redirect to, without a fragment', async () => {
    const bought = { reference: 'ord_x', amount: '1.00', currency: 'EUR', country: 'DE', locale: 'de-DE', description: 'x' };
    for (const returnUrl of ['//evil.example/x', 'javascript:alert(1)', '/x#y', '/a b', 'https://'])
      await expect(klarna.createSession({ ...bought, returnUrl })).rejects.toThrow(/returnUrl/);
  });
});

describe('sandbox Klarna: placing the order', () => {
  it('refuses a token 60 minutes after Approve (NOT_FOUND), as Klarna does', async () => {
    const order = await approved();
    clock.advance(KLARNA_AUTHORIZATION_TTL_MS);
    expect((await refusalOf(klarna.placeOrder(order))).errorCode).toBe('NOT_FOUND');
  });

  it('refuses a token given for another session, and names every field unlike the session', async () => {
    const order = await approved();
    const other = await session();
    expect((await refusalOf(klarna.placeOrder({ ...order, sessionId: other.opened.sessionId }))).errorCode).toBe('NOT_FOUND');
    const differing = await refusalOf(klarna.placeOrder({ ...order, amount: '42.49', currency: 'EUR', description: 'other' }));
    expect(differing.errorCode).toBe('BAD_VALUE');
    expect(differing.message).toContain('Not matching fields: [order_amount, purchase_currency, order_lines]');
  });

  it('places exactly one order for two calls at once with different keys', async () => {
    const order = await approved();
    const results = await Promise.allSettled([
      klarna.placeOrder({ ...order, idempotencyKey: `${order.idempotencyKey}:a` }),
      klarna.placeOrder({ ...order, idempotencyKey: `${order.idempotencyKey}:b` }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
  });

  it('keeps the same key’s order even once the token has expired (only the key matters)', async () => {
    const order = await approved();
    const placed = await klarna.placeOrder(order);
    clock.advance(KLARNA_AUTHORIZATION_TTL_MS * 2);
    expect(await klarna.placeOrder(order)).toEqual(placed);
  });
});

describe('sandbox Klarna: the fraud check chosen on Approve', () => {
  it.each([
    ['ACCEPTED', 'ACCEPTED', 'ACCEPTED'],
    ['REJECTED', 'REJECTED', 'REJECTED'],
    ['PENDING_ACCEPTED', 'PENDING', 'ACCEPTED'],
    ['PENDING_REJECTED', 'PENDING', 'REJECTED'],
  ] as const)('%s: the order is %s, and %s after the review', async (fraud, first, later) => {
    const { klarnaOrderId, fraudStatus } = await klarna.placeOrder(await approved(fraud));
    expect(fraudStatus).toBe(first);
    clock.advance(SANDBOX_KLARNA_REVIEW_MS);
    expect((await klarna.getOrder(klarnaOrderId)).fraudStatus).toBe(later);
  });

  it('never captures an order under review or rejected; a rejected one is cancelled', async () => {
    const pending = await klarna.placeOrder(await approved('PENDING_ACCEPTED'));
    const money = { idempotencyKey: 'capture:pending', amount: '42.50', currency: 'GBP' };
    expect((await refusalOf(klarna.capture(pending.klarnaOrderId, money))).errorCode).toBe('CAPTURE_NOT_ALLOWED');
    clock.advance(SANDBOX_KLARNA_REVIEW_MS);
    await klarna.capture(pending.klarnaOrderId, money);
    expect((await klarna.getOrder(pending.klarnaOrderId)).status).toBe('CAPTURED');

    const rejected = await klarna.placeOrder(await approved('REJECTED'));
    expect((await refusalOf(klarna.capture(rejected.klarnaOrderId, { ...money, idempotencyKey: 'capture:rejected' }))).errorCode).toBe(
      'CAPTURE_NOT_ALLOWED',
    );
    await klarna.cancelOrder(rejected.klarnaOrderId, { idempotencyKey: 'cancel:rejected' });
    expect((await klarna.getOrder(rejected.klarnaOrderId)).status).toBe('CANCELLED');
  });

  it('takes a capture in the order’s currency only (a caller bug otherwise)', async () => {
    const { klarnaOrderId } = await klarna.placeOrder(await approved());
    await expect(klarna.capture(klarnaOrderId, { idempotencyKey: 'capture:eur', amount: '42.50', currency: 'EUR' })).rejects.toThrow(
      /in GBP, not EUR/,
    );
  });
});
