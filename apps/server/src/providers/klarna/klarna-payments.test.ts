import { describe, expect, it } from 'vitest';
import { klarnaFixture } from './fixtures/klarna/fake-klarna.ts';
import { createKlarnaPayments, type KlarnaPaymentsOptions } from './klarna-payments.ts';
import { KlarnaRefusedError, KlarnaTimeoutError, KlarnaUnavailableError } from './klarna-provider.ts';

// Klarna through answers copied from its documentation's examples (fixtures/klarna, README there):
// a fetch that checks what the adapter sends.
const USERNAME = 'PK12345_3b1e9d7c0a2f';
const PASSWORD = 'kl-playground-password-2f9a1c';
const BASIC = `Basic ${Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64')}`;
const BASE = 'https://api.playground.klarna.com';
const TOKEN = 'b4bd3423-24e3-4c1e-9a7d-2f6b8e0c5d1a';
const ORDER_ID = '3eaeb557-5e30-47f8-b840-b8d987f5945d';

interface Captured {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}
type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | { hang: true } | { networkError: string };

function stubFetch(replies: Reply[]) {
  const calls: Captured[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init?.headers ?? {}) as Record<string, string>)) headers[name.toLowerCase()] = value;
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const reply = replies.shift();
    if (!reply) throw new Error('unexpected call');
    if ('hang' in reply)
      return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    if ('networkError' in reply) throw new TypeError('fetch failed', { cause: { code: reply.networkError } });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

function setup(replies: Reply[], overrides: Partial<KlarnaPaymentsOptions> = {}) {
  const { fetchImpl, calls } = stubFetch(replies);
  const klarna = createKlarnaPayments({ username: USERNAME, password: PASSWORD, baseUrl: BASE, fetchImpl, ...overrides });
  return { klarna, calls };
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as Error,
  );

/** Nothing a call failed with may show the credentials or the authorization token. */
const expectNoSecrets = (error: Error) => {
  for (const secret of [USERNAME, PASSWORD, BASIC.slice(6), TOKEN]) expect(error.message).not.toContain(secret);
};

const purchase = {
  reference: 'ord_7hq2k3m9x4',
  amount: '25.00',
  currency: 'GBP',
  country: 'GB',
  locale: 'en-GB',
  description: '0.00041 BTC',
};
const placeInput = {
  ...purchase,
  idempotencyKey: 'klarna-order:ord_7hq2k3m9x4',
  sessionId: '0b1d9815-165e-42e2-8867-35bc03789e00',
  authorizationToken: TOKEN,
};
const json = { authorization: BASIC, accept: 'application/json', 'content-type': 'application/json' };

describe('Klarna: createSession (POST /payments/v1/sessions)', () => {
  it('sends the purchase in minor units as one digital order line, with HTTP Basic, and answers the session without a widget URL', async () => {
    const { klarna, calls } = setup([{ status: 200, body: klarnaFixture('create-session.response') }]);
    const session = await klarna.createSession({ ...purchase, returnUrl: '/en/klarna-callback?orderId=ord_7hq2k3m9x4' });
    expect(calls).toEqual([
      { url: `${BASE}/payments/v1/sessions`, method: 'POST', headers: json, body: klarnaFixture('create-session.request') },
    ]);
    expect(session).toEqual({
      sessionId: '0b1d9815-165e-42e2-8867-35bc03789e00',
      clientToken: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.ewogICJzZXNzaW9uX2lkIiA6ICIw',
      widgetUrl: null,
    });
  });

  it('converts amounts by string arithmetic, and refuses what Klarna would before calling it', async () => {
    const { klarna, calls } = setup([{ status: 200, body: klarnaFixture('create-session.response') }]);
    await klarna.createSession({ ...purchase, amount: '0.1', returnUrl: '/x' });
    expect((calls[0]?.body as { order_amount: number }).order_amount).toBe(10);
    for (const bad of [
      { amount: '20.005' },
      { amount: '-1' },
      { amount: '1e3' },
      { currency: 'AED' },
      { country: 'gb' },
      { description: '' },
    ]) {
      await expect(klarna.createSession({ ...purchase, ...bad, returnUrl: '/x' })).rejects.toThrow(Error);
    }
    expect(calls).toHaveLength(1);
  });

  it('answers an outage, a rate limit, refused credentials and no answer as unavailable or timed out, never with a credential', async () => {
    const input = { ...purchase, returnUrl: '/x' };
    const outage = await failureOf(setup([{ status: 503 }]).klarna.createSession(input));
    const limited = await failureOf(setup([{ status: 429 }]).klarna.createSession(input));
    const refused = await failureOf(setup([{ status: 401 }]).klarna.createSession(input));
    const silent = await failureOf(setup([{ hang: true }], { timeoutMs: 20 }).klarna.createSession(input));
    const broken = await failureOf(setup([{ networkError: 'ECONNRESET' }]).klarna.createSession(input));
    for (const error of [outage, limited, refused]) expect(error).toBeInstanceOf(KlarnaUnavailableError);
    for (const error of [silent, broken]) expect(error).toBeInstanceOf(KlarnaTimeoutError);
    expect(refused.message).toContain('KLARNA_USERNAME');
    for (const error of [outage, limited, refused, silent, broken]) expectNoSecrets(error);
  });

  it('refuses an answer without a client token (the widget could not start)', async () => {
    const { client_token: _token, ...withoutToken } = klarnaFixture('create-session.response');
    expect(
      await failureOf(setup([{ status: 200, body: withoutToken }]).klarna.createSession({ ...purchase, returnUrl: '/x' })),
    ).toBeInstanceOf(KlarnaUnavailableError);
  });
});

describe('Klarna: placeOrder (POST /payments/v1/authorizations/{token}/order)', () => {
  it('sends the session’s purchase again with the idempotency key, and answers the order id and fraud status', async () => {
    const { klarna, calls } = setup([{ status: 200, body: klarnaFixture('create-order.response') }]);
    expect(await klarna.placeOrder(placeInput)).toEqual({ klarnaOrderId: ORDER_ID, fraudStatus: 'ACCEPTED' });
    const { intent: _intent, ...orderBody } = klarnaFixture('create-session.request');
    expect(calls).toEqual([
      {
        url: `${BASE}/payments/v1/authorizations/${TOKEN}/order`,
        method: 'POST',
        headers: { ...json, 'klarna-idempotency-key': 'klarna-order:ord_7hq2k3m9x4' },
        body: orderBody,
      },
    ]);
  });

  it('answers a documented PENDING as such, and an order without a known fraud status as PENDING (never captured on a guess)', async () => {
    const pending = { ...klarnaFixture('create-order.response'), fraud_status: 'PENDING' };
    expect((await setup([{ status: 200, body: pending }]).klarna.placeOrder(placeInput)).fraudStatus).toBe('PENDING');
    const { fraud_status: _status, ...unknown } = klarnaFixture('create-order.response');
    expect((await setup([{ status: 200, body: unknown }]).klarna.placeOrder(placeInput)).fraudStatus).toBe('PENDING');
  });

  it('refuses with Klarna’s error code: NOT_FOUND for a spent or expired token, BAD_VALUE for a purchase unlike the session', async () => {
    const spent = await failureOf(
      setup([{ status: 404, body: klarnaFixture('error-404-invalid-authorization-token') }]).klarna.placeOrder(placeInput),
    );
    expect(spent).toBeInstanceOf(KlarnaRefusedError);
    expect(spent).toMatchObject({ errorCode: 'NOT_FOUND', httpStatus: 404 });
    expect(spent.message).toBe(
      'Klarna create order: HTTP 404 NOT_FOUND (Invalid authorization token) correlation_id 6a9b1cb1-73a3-4936-a030-481ba4bb203b',
    );
    const differing = await failureOf(
      setup([{ status: 409, body: klarnaFixture('error-409-not-matching-fields') }]).klarna.placeOrder(placeInput),
    );
    expect(differing).toMatchObject({ errorCode: 'BAD_VALUE', httpStatus: 409 });
    expect(differing.message).toContain('Not matching fields: [order_amount]');
    for (const error of [spent, differing]) expectNoSecrets(error);
  });

  it('never puts a token that is not Klarna’s into a URL', async () => {
    const { klarna, calls } = setup([]);
    await expect(klarna.placeOrder({ ...placeInput, authorizationToken: '../sessions' })).rejects.toThrow(
      /not a Klarna authorization token/,
    );
    expect(calls).toEqual([]);
  });

  it('keeps the token out of a timeout’s message', async () => {
    const error = await failureOf(setup([{ networkError: `ECONNRESET ${TOKEN}` }]).klarna.placeOrder(placeInput));
    expect(error).toBeInstanceOf(KlarnaTimeoutError);
    expectNoSecrets(error);
  });
});

describe('Klarna: Order Management', () => {
  const money = { idempotencyKey: 'capture:ord_7hq2k3m9x4', amount: '25.00', currency: 'GBP' };

  it('captures in minor units with the idempotency key (201, Capture-Id)', async () => {
    const { klarna, calls } = setup([{ status: 201, headers: { 'capture-id': '4ba29b50-be7b-44f5-a492-113e6a865e22' } }]);
    await klarna.capture(ORDER_ID, money);
    expect(calls).toEqual([
      {
        url: `${BASE}/ordermanagement/v1/orders/${ORDER_ID}/captures`,
        method: 'POST',
        headers: { ...json, 'klarna-idempotency-key': 'capture:ord_7hq2k3m9x4' },
        body: { captured_amount: 2500 },
      },
    ]);
  });

  it('refunds in minor units with the idempotency key (201, Refund-Id)', async () => {
    const { klarna, calls } = setup([{ status: 201, headers: { 'refund-id': 'b2cb7b61-fc87-4d96-9c8e-8fba2f9c9e62' } }]);
    await klarna.refund(ORDER_ID, { ...money, idempotencyKey: 'refund:1', amount: '5.5' });
    expect(calls[0]).toMatchObject({ url: `${BASE}/ordermanagement/v1/orders/${ORDER_ID}/refunds`, body: { refunded_amount: 550 } });
    expect(calls[0]?.headers['klarna-idempotency-key']).toBe('refund:1');
  });

  it('refuses with the documented *_NOT_ALLOWED codes', async () => {
    const capture = await failureOf(
      setup([{ status: 403, body: klarnaFixture('error-403-capture-not-allowed') }]).klarna.capture(ORDER_ID, money),
    );
    expect(capture).toMatchObject({ errorCode: 'CAPTURE_NOT_ALLOWED', httpStatus: 403 });
    const refund = await failureOf(
      setup([{ status: 403, body: klarnaFixture('error-403-refund-not-allowed') }]).klarna.refund(ORDER_ID, money),
    );
    expect(refund).toMatchObject({ errorCode: 'REFUND_NOT_ALLOWED' });
    const cancel = setup([
      { status: 403, body: klarnaFixture('error-403-cancel-not-allowed') },
      { status: 200, body: klarnaFixture('order.response') },
    ]);
    const cancelled = await failureOf(cancel.klarna.cancelOrder(ORDER_ID, { idempotencyKey: 'cancel:1' }));
    expect(cancelled).toMatchObject({ errorCode: 'CANCEL_NOT_ALLOWED' });
    expect(cancelled.message).toContain('Order has previous captures. Cancel not possible.');
    expect(cancel.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST ${BASE}/ordermanagement/v1/orders/${ORDER_ID}/cancel`,
      `GET ${BASE}/ordermanagement/v1/orders/${ORDER_ID}`,
    ]);
  });

  it('cancels with POST …/cancel and no body (204); a refusal on an order cancelled already is quiet', async () => {
    const { klarna, calls } = setup([{ status: 204 }]);
    await klarna.cancelOrder(ORDER_ID, { idempotencyKey: 'cancel:1' });
    expect(calls).toEqual([
      {
        url: `${BASE}/ordermanagement/v1/orders/${ORDER_ID}/cancel`,
        method: 'POST',
        headers: { authorization: BASIC, accept: 'application/json', 'klarna-idempotency-key': 'cancel:1' },
        body: undefined,
      },
    ]);
    const again = setup([
      { status: 403, body: klarnaFixture('error-403-cancel-not-allowed') },
      { status: 200, body: { ...klarnaFixture<Record<string, unknown>>('order.response'), status: 'CANCELLED', captured_amount: 0 } },
    ]);
    await again.klarna.cancelOrder(ORDER_ID, { idempotencyKey: 'cancel:2' });
  });

  it('reads an order: statuses as Klarna says them, amounts back in major units', async () => {
    const { klarna, calls } = setup([{ status: 200, body: klarnaFixture('order.response') }]);
    expect(await klarna.getOrder(ORDER_ID)).toEqual({
      klarnaOrderId: ORDER_ID,
      status: 'CAPTURED',
      fraudStatus: 'ACCEPTED',
      currency: 'PLN',
      amount: '2.00',
      capturedAmount: '2.00',
      refundedAmount: '0.00',
    });
    expect(calls[0]).toMatchObject({ method: 'GET', url: `${BASE}/ordermanagement/v1/orders/${ORDER_ID}`, body: undefined });
    const unknown = await failureOf(setup([{ status: 404, body: klarnaFixture('error-404-no-such-order') }]).klarna.getOrder(ORDER_ID));
    expect(unknown).toMatchObject({ errorCode: 'NO_SUCH_ORDER' });
    const odd = await failureOf(
      setup([{ status: 200, body: { ...klarnaFixture<Record<string, unknown>>('order.response'), status: 'SHIPPED' } }]).klarna.getOrder(
        ORDER_ID,
      ),
    );
    expect(odd).toBeInstanceOf(KlarnaUnavailableError);
  });

  it('releases an authorization with DELETE (204); one Klarna no longer has (404) is quiet', async () => {
    const { klarna, calls } = setup([{ status: 204 }, { status: 404, body: klarnaFixture('error-404-invalid-authorization-token') }]);
    await klarna.cancelAuthorization(TOKEN);
    await klarna.cancelAuthorization(TOKEN);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `DELETE ${BASE}/payments/v1/authorizations/${TOKEN}`,
      `DELETE ${BASE}/payments/v1/authorizations/${TOKEN}`,
    ]);
    const outage = await failureOf(setup([{ status: 500 }]).klarna.cancelAuthorization(TOKEN));
    expect(outage).toBeInstanceOf(KlarnaUnavailableError);
    expectNoSecrets(outage);
  });
});

describe('Klarna: configuration', () => {
  it('wants credentials and an https API URL', () => {
    expect(() => createKlarnaPayments({ username: '', password: PASSWORD, baseUrl: BASE })).toThrow(/KLARNA_USERNAME/);
    expect(() => createKlarnaPayments({ username: USERNAME, password: PASSWORD, baseUrl: 'http://api.playground.klarna.com' })).toThrow(
      /https/,
    );
  });
});
