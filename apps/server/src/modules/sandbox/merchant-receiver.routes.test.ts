import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { DEMO_WEBHOOK_ENDPOINT } from '../merchant/webhooks/demo-webhook-endpoint.ts';

/** docs/sandbox.md "Merchant webhooks": the demo merchant's receiver checks signatures as a merchant's server should. */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const body = JSON.stringify({ type: 'webhook.test', timestamp: '2026-01-01T00:00:00.000Z', data: { endpointId: 'whe_x', message: 'hi' } });
function post(id: string, options: { secret?: string; at?: Date; payload?: string } = {}) {
  t.clock.advance(1000); // one request a second: the list is newest first
  const at = options.at ?? t.clock.now();
  const payload = options.payload ?? body;
  return t.app.inject({
    method: 'POST',
    url: DEMO_WEBHOOK_ENDPOINT.path,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(options.secret ?? DEMO_WEBHOOK_ENDPOINT.secret).sign(id, at, body),
    },
    payload,
  });
}
const receivedList = async () =>
  (await t.app.inject({ method: 'GET', url: DEMO_WEBHOOK_ENDPOINT.path })).json().received as Array<Record<string, unknown>>;

describe('the sandbox merchant receiver', () => {
  it('answers 200 to a request signed with the demo secret, and keeps it', async () => {
    expect((await post('msg_good')).statusCode).toBe(200);
    expect((await receivedList())[0]).toMatchObject({
      webhookId: 'msg_good',
      eventType: 'webhook.test',
      verified: true,
      answeredStatus: 200,
    });
  });

  it('answers 400 to another secret, a changed body or an old timestamp, keeping no body', async () => {
    expect((await post('msg_other', { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })).statusCode).toBe(400);
    expect((await post('msg_changed', { payload: body.replace('hi', 'ho') })).statusCode).toBe(400);
    expect((await post('msg_old', { at: new Date(t.clock.now().getTime() - 6 * 60_000) })).statusCode).toBe(400);
    const recent = await receivedList();
    expect(recent.slice(0, 3).map((row) => [row.webhookId, row.verified, row.body])).toEqual([
      ['msg_old', false, null],
      ['msg_changed', false, null],
      ['msg_other', false, null],
    ]);
  });

  it('fails as many requests as it is told to, then answers 200 again', async () => {
    const told = await t.app.inject({ method: 'POST', url: '/sandbox/merchant/webhooks/fail-next', payload: { count: 2 } });
    expect(told.json()).toEqual({ failNext: 2 });
    expect([(await post('msg_f1')).statusCode, (await post('msg_f2')).statusCode, (await post('msg_f3')).statusCode]).toEqual([
      500, 500, 200,
    ]);
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/merchant/webhooks/fail-next', payload: { count: 11 } })).statusCode).toBe(
      400,
    );
  });
});
