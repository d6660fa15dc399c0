import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { createFakeKlarna } from './fixtures/klarna/fake-klarna.ts';
import { createKlarnaPayments } from './klarna-payments.ts';
import { type KlarnaAuthorizeResult, type KlarnaProvider, KlarnaRefusedError, type KlarnaSession } from './klarna-provider.ts';
import { createSandboxKlarna } from './sandbox.ts';
import { createSandboxKlarnaRepository } from './sandbox-klarna.repository.ts';

// One suite, both adapters: the sandbox on a real database, answered as its widget page would; the
// Klarna adapter against a stand-in of Klarna's documented API (fixtures/klarna/fake-klarna.ts),
// answered as Klarna.Payments.authorize() would in the browser.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const clock = createManualClock(new Date('2026-11-21T12:00:00Z'));
const CREDENTIALS = { username: 'PK12345_contract', password: 'contract-password' };

interface Adapter {
  provider: KlarnaProvider;
  /** The person's answer in the widget: Approve or Decline. */
  authorize(session: KlarnaSession, approve: boolean): Promise<KlarnaAuthorizeResult>;
}

function sandbox(): Adapter {
  const provider = createSandboxKlarna({
    repository: createSandboxKlarnaRepository(database.db),
    clock,
    publicUrl: 'https://pay.example.test',
  });
  return {
    provider,
    authorize: async (session, approve) =>
      (await provider.answer(session.sessionId, approve ? { outcome: 'approve', fraud: 'ACCEPTED' } : { outcome: 'decline' }))?.result ?? {
        approved: false,
        show_form: true,
      },
  };
}

function klarna(): Adapter {
  const fake = createFakeKlarna(CREDENTIALS);
  return {
    provider: createKlarnaPayments({
      ...CREDENTIALS,
      baseUrl: 'https://api.playground.klarna.com',
      fetchImpl: fake.fetchImpl,
      timeoutMs: 500,
    }),
    authorize: async (session, approve) => fake.authorize(session.sessionId, approve),
  };
}

let sequence = 0;
const purchase = (amount = '25.00') => ({
  reference: `ord_klarna_${(sequence += 1)}`,
  amount,
  currency: 'EUR',
  country: 'DE',
  locale: 'de-DE',
  description: '0.00041 BTC',
});
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(KlarnaRefusedError);
      return (error as KlarnaRefusedError).errorCode;
    },
  );

describe.each([
  ['sandbox', sandbox],
  ['klarna', klarna],
] as const)('KlarnaProvider contract: %s', (kind, create) => {
  let adapter: Adapter;
  let provider: KlarnaProvider;
  beforeAll(() => {
    adapter = create();
    provider = adapter.provider;
  });

  /** A session and the person's Approve: the purchase, the session and the order input. */
  async function approved(amount?: string) {
    const bought = purchase(amount);
    const session = await provider.createSession({ ...bought, returnUrl: '/en/klarna-callback?orderId=x' });
    const result = await adapter.authorize(session, true);
    const order = {
      ...bought,
      idempotencyKey: `klarna-order:${bought.reference}`,
      sessionId: session.sessionId,
      authorizationToken: result.authorization_token ?? '',
    };
    return { bought, session, result, order };
  }

  it('opens a session: its id, a client token, and the widget only where it is ours', async () => {
    expect(provider.kind).toBe(kind);
    const session = await provider.createSession({ ...purchase(), returnUrl: '/en/klarna-callback?orderId=x' });
    expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.clientToken.length).toBeGreaterThan(10);
    if (kind === 'sandbox') expect(session.widgetUrl).toBe(`https://pay.example.test/sandbox/klarna/${session.sessionId}`);
    else expect(session.widgetUrl).toBeNull();
  });

  it('turns an approval into an ACCEPTED order, and answers the same order for the same key', async () => {
    const { result, order } = await approved();
    expect(result).toEqual({ approved: true, show_form: true, authorization_token: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const placed = await provider.placeOrder(order);
    expect(placed).toEqual({ klarnaOrderId: expect.stringMatching(/^[0-9a-f-]{36}$/), fraudStatus: 'ACCEPTED' });
    expect(await provider.placeOrder(order)).toEqual(placed);
    expect(await provider.getOrder(placed.klarnaOrderId)).toEqual({
      klarnaOrderId: placed.klarnaOrderId,
      status: 'AUTHORIZED',
      fraudStatus: 'ACCEPTED',
      currency: 'EUR',
      amount: '25.00',
      capturedAmount: '0.00',
      refundedAmount: '0.00',
    });
  });

  it('refuses a spent token with another key (NOT_FOUND), and a token never issued', async () => {
    const { order } = await approved();
    await provider.placeOrder(order);
    expect(await refusal(provider.placeOrder({ ...order, idempotencyKey: `${order.idempotencyKey}:again` }))).toBe('NOT_FOUND');
    expect(await refusal(provider.placeOrder({ ...order, idempotencyKey: 'klarna-order:made-up', authorizationToken: randomUUID() }))).toBe(
      'NOT_FOUND',
    );
  });

  it('gives no token on Decline, a final answer', async () => {
    const session = await provider.createSession({ ...purchase(), returnUrl: '/en/klarna-callback?orderId=x' });
    expect(await adapter.authorize(session, false)).toEqual({ approved: false, show_form: false });
  });

  it('refuses an order that is not its session’s purchase (BAD_VALUE), leaving the token usable', async () => {
    const { order } = await approved('25.00');
    expect(await refusal(provider.placeOrder({ ...order, idempotencyKey: `${order.idempotencyKey}:cheaper`, amount: '20.00' }))).toBe(
      'BAD_VALUE',
    );
    expect((await provider.placeOrder(order)).fraudStatus).toBe('ACCEPTED');
  });

  it('captures once per key up to the order amount, then refunds up to the captures; a captured order cannot be cancelled', async () => {
    const { order } = await approved('25.00');
    const { klarnaOrderId } = await provider.placeOrder(order);
    const money = (key: string, amount: string) => ({ idempotencyKey: `${order.reference}:${key}`, amount, currency: 'EUR' });
    await provider.capture(klarnaOrderId, money('capture-1', '10.00'));
    await provider.capture(klarnaOrderId, money('capture-1', '10.00'));
    expect((await provider.getOrder(klarnaOrderId)).status).toBe('PART_CAPTURED');
    expect(await refusal(provider.capture(klarnaOrderId, money('capture-2', '15.01')))).toBe('CAPTURE_NOT_ALLOWED');
    await provider.capture(klarnaOrderId, money('capture-3', '15.00'));
    expect(await provider.getOrder(klarnaOrderId)).toMatchObject({ status: 'CAPTURED', capturedAmount: '25.00' });
    await provider.refund(klarnaOrderId, money('refund-1', '5.50'));
    await provider.refund(klarnaOrderId, money('refund-1', '5.50'));
    expect(await refusal(provider.refund(klarnaOrderId, money('refund-2', '19.51')))).toBe('REFUND_NOT_ALLOWED');
    expect((await provider.getOrder(klarnaOrderId)).refundedAmount).toBe('5.50');
    expect(await refusal(provider.cancelOrder(klarnaOrderId, { idempotencyKey: `${order.reference}:cancel` }))).toBe('CANCEL_NOT_ALLOWED');
  });

  it('cancels an uncaptured order once and for all: again is quiet, a capture is refused, a refund too', async () => {
    const { order } = await approved();
    const { klarnaOrderId } = await provider.placeOrder(order);
    await provider.cancelOrder(klarnaOrderId, { idempotencyKey: `${order.reference}:cancel` });
    await provider.cancelOrder(klarnaOrderId, { idempotencyKey: `${order.reference}:cancel-again` });
    expect((await provider.getOrder(klarnaOrderId)).status).toBe('CANCELLED');
    const money = { idempotencyKey: `${order.reference}:capture`, amount: '25.00', currency: 'EUR' };
    expect(await refusal(provider.capture(klarnaOrderId, money))).toBe('CAPTURE_NOT_ALLOWED');
    expect(await refusal(provider.refund(klarnaOrderId, { ...money, idempotencyKey: `${order.reference}:refund` }))).toBe(
      'REFUND_NOT_ALLOWED',
    );
  });

  it('releases an authorization no order will use; an unknown one is nothing to release', async () => {
    const { order } = await approved();
    await provider.cancelAuthorization(order.authorizationToken);
    await provider.cancelAuthorization(order.authorizationToken);
    await provider.cancelAuthorization(randomUUID());
    expect(await refusal(provider.placeOrder(order))).toBe('NOT_FOUND');
  });

  it('answers NO_SUCH_ORDER for an order it never placed', async () => {
    expect(await refusal(provider.getOrder(randomUUID()))).toBe('NO_SUCH_ORDER');
  });
});
