import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonicalEntryQuery, PATHS } from '@causeway/contracts';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantUserLinks } from '../../../db/schema/index.ts';
import { hmacHex } from '../../../platform/crypto.ts';
import { call, createIdentityTestApp, type IdentityTestApp, tokenHeaders } from '../../../../test/identity-helpers.ts';
import { newIndividual, profileOf, submitSandboxVerification } from '../../../../test/kyc-helpers.ts';
import { addCard, getQuote, settle, TEST_CARDS, verifiedBuyer } from '../../../../test/order-helpers.ts';
import { DEMO_MERCHANT } from '../demo-merchant.ts';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from './retry-schedule.ts';

/**
 * Webhooks to merchants (docs/rules/merchant-webhooks.md) end to end on the server: a merchant's order and
 * a linked person's verification are recorded with the change, sent signed to a real HTTP endpoint
 * (checked with the maintained Standard Webhooks library, as a merchant's server would), retried on
 * the schedule after failures, replayed and tested on demand.
 */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let t: IdentityTestApp;
let server: Server;
let endpointUrl: string;
const received: Received[] = [];
/** What the endpoint answers next, one status per request; 200 once the list is empty. */
const answers: number[] = [];

beforeAll(async () => {
  t = await createIdentityTestApp();
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answers.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpointUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await t.app.close();
  await new Promise((resolve) => server.close(resolve));
});

const webhooks = () => t.app.merchants.webhooks;
const drain = () => t.app.jobs.drain();

/** Verifies a request's signature as a merchant's server does, with the library (the time window is checked apart). */
function verified(request: Received, secret: string) {
  const timestamp = Number(request.headers['webhook-timestamp']);
  const expected = new Webhook(secret).sign(String(request.headers['webhook-id']), new Date(timestamp * 1000), request.body);
  expect(String(request.headers['webhook-signature']).split(' ')).toContain(expected);
  return JSON.parse(request.body) as { type: string; timestamp: string; data: Record<string, unknown> };
}

async function newEndpoint() {
  // One endpoint at a time hears the demo merchant here (the demo receiver's URL is nobody's in a test).
  for (const endpoint of await webhooks().listEndpoints(DEMO_MERCHANT.id))
    await webhooks().setEnabled(DEMO_MERCHANT.id, endpoint.endpointId, false);
  return webhooks().createEndpoint(DEMO_MERCHANT.id, { url: endpointUrl, description: 'test' });
}

/** A merchant's transaction, signed by the demo merchant, bought with the VISA test card and settled. */
async function merchantOrder(tranId: string, email: string) {
  const params = {
    apiKey: DEMO_MERCHANT.apiKey,
    timestamp: String(t.clock.now().getTime()),
    tranId,
    tranType: 'buy',
    fiatCurrency: 'EUR',
    fiatAmount: '80',
    cryptoCurrency: 'BTC',
    network: 'BTC',
    merchantUserId: `customer-${tranId}`,
  };
  const created = await call(t.app, 'POST', PATHS.merchantTransactionCreate, {
    body: { ...params, signature: hmacHex(Buffer.from(DEMO_MERCHANT.secret), canonicalEntryQuery(params)) },
  });
  expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
  const buyer = await verifiedBuyer(t, email);
  const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
  const orderId = randomUUID();
  const quote = await getQuote(t, buyer.headers, { orderId, tranId, fiatAmount: '80' });
  const submit = await call(t.app, 'POST', PATHS.submitBuy, {
    headers: buyer.headers,
    body: { orderId, quoteId: quote.body.data.quoteId, cardId: card.cardId },
  });
  expect(submit.statusCode, JSON.stringify(submit.body)).toBe(200);
  await settle(t);
  return { orderId, buyer };
}

describe('webhooks to a merchant', () => {
  it("tells the merchant every status of its customer's order, signed, each status once", async () => {
    const endpoint = await newEndpoint();
    expect(endpoint.secret).toMatch(/^whsec_/);
    received.length = 0;
    const { orderId } = await merchantOrder('hook-1001', 'hook-buyer@example.com');
    await drain();
    const events = received.map((request) => verified(request, endpoint.secret)).filter((event) => event.data.orderId === orderId);
    // Deliveries due at once may arrive in any order (docs/rules/merchant-webhooks.md): compared as a set.
    expect(events.map((event) => event.data.status).sort()).toEqual(['OrderSubmitted', 'PROCESSING', 'SUCCESS']);
    const success = events.find((event) => event.data.status === 'SUCCESS')!;
    // Sent as the order moved: each signed within the 5 minutes a receiver allows.
    for (const request of received)
      expect(Math.abs(Number(request.headers['webhook-timestamp']) - t.clock.now().getTime() / 1000)).toBeLessThan(300);
    expect(success).toMatchObject({
      type: 'order.updated',
      data: {
        orderId,
        tranId: 'hook-1001',
        merchantUserId: 'customer-hook-1001',
        side: 'BUY',
        fiatCurrency: 'EUR',
        fiatAmount: '80',
        cryptoCurrency: 'BTC',
      },
    });
    expect(success.data.cryptoAmount).toMatch(/^0\.\d+$/);
    expect(success.data.txHash).toMatch(/^\w{16,}$/);
    // The same change never makes a second message: the webhook-ids are distinct, and running the jobs again sends nothing.
    expect(new Set(received.map((request) => request.headers['webhook-id'])).size).toBe(received.length);
    const before = received.length;
    await drain();
    expect(received.length).toBe(before);
    // Nothing about the card or the person's account is in it.
    expect(received.map((request) => request.body).join('')).not.toMatch(/4242|usr_|cardId/);
  });

  it('retries a failing endpoint on the schedule, keeps each attempt in the log, and stops after the last', async () => {
    const endpoint = await newEndpoint();
    received.length = 0;
    answers.push(500, 503);
    const { messageId } = await webhooks().sendTest(DEMO_MERCHANT.id, endpoint.endpointId);
    await drain();
    expect(received).toHaveLength(1);
    t.clock.advance(RETRY_DELAYS_MS[0]!);
    await drain();
    t.clock.advance(RETRY_DELAYS_MS[1]!);
    await drain();
    expect(received).toHaveLength(3);
    // Every attempt is the same message (the same webhook-id), signed anew at its own time.
    expect(new Set(received.map((request) => request.headers['webhook-id']))).toEqual(new Set([messageId]));
    for (const request of received) expect(verified(request, endpoint.secret).type).toBe('webhook.test');
    const [log] = await webhooks().deliveryLog(DEMO_MERCHANT.id, endpoint.endpointId);
    expect(log).toMatchObject({ messageId, eventType: 'webhook.test', status: 'Succeeded', nextAttemptAt: null });
    expect(log!.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 503, 200]);

    // An endpoint that never answers 2xx: every attempt of the schedule (three days), then Failed.
    received.length = 0;
    answers.push(...Array.from({ length: MAX_ATTEMPTS }, () => 500));
    await webhooks().sendTest(DEMO_MERCHANT.id, endpoint.endpointId);
    await drain();
    for (const delay of RETRY_DELAYS_MS) {
      t.clock.advance(delay);
      await drain();
    }
    t.clock.advance(RETRY_DELAYS_MS.at(-1)!);
    await drain();
    expect(received).toHaveLength(MAX_ATTEMPTS);
    const [failed] = await webhooks().deliveryLog(DEMO_MERCHANT.id, endpoint.endpointId);
    expect(failed).toMatchObject({ status: 'Failed', nextAttemptAt: null });
    expect(failed!.attempts).toHaveLength(MAX_ATTEMPTS);
    answers.length = 0;
  });

  it('replays a past message, the same id and body, to the endpoint asked', async () => {
    const endpoint = await newEndpoint();
    received.length = 0;
    const { messageId } = await webhooks().sendTest(DEMO_MERCHANT.id, endpoint.endpointId);
    await drain();
    await webhooks().replay(DEMO_MERCHANT.id, messageId, endpoint.endpointId);
    await drain();
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['webhook-id']).toBe(messageId);
    expect(received[1]!.body).toBe(received[0]!.body);
    await expect(webhooks().replay('mch_someoneelse', messageId)).rejects.toMatchObject({ errorName: 'MerchantWebhookNotFound' });
  });

  it('sends nothing to a disabled endpoint, and a rotated secret signs from then on', async () => {
    const endpoint = await newEndpoint();
    received.length = 0;
    await webhooks().setEnabled(DEMO_MERCHANT.id, endpoint.endpointId, false);
    await webhooks().sendTest(DEMO_MERCHANT.id, endpoint.endpointId);
    await drain();
    expect(received).toHaveLength(0);
    const [log] = await webhooks().deliveryLog(DEMO_MERCHANT.id, endpoint.endpointId);
    expect(log).toMatchObject({ status: 'Failed', attempts: [{ error: 'the endpoint is disabled' }] });

    await webhooks().setEnabled(DEMO_MERCHANT.id, endpoint.endpointId, true);
    const { secret } = await webhooks().rotateSecret(DEMO_MERCHANT.id, endpoint.endpointId);
    await webhooks().sendTest(DEMO_MERCHANT.id, endpoint.endpointId);
    await drain();
    expect(received).toHaveLength(1);
    expect(verified(received[0]!, secret).type).toBe('webhook.test');
    expect(() => verified(received[0]!, endpoint.secret)).toThrow();
  });

  it("tells each merchant that knows a person of the person's verification, under its own customer id", async () => {
    const endpoint = await newEndpoint();
    const person = await newIndividual(t, 'hook-kyc@example.com');
    await t.db
      .insert(merchantUserLinks)
      .values({ merchantId: DEMO_MERCHANT.id, merchantUserId: 'customer-kyc-1', userId: person.userId, verifiedAt: t.clock.now() });
    received.length = 0;
    expect((await submitSandboxVerification(t, person.token, { lastName: 'Example' })).statusCode).toBeLessThan(400);
    for (let round = 0; round < 5; round++) {
      t.clock.advance(5_000);
      await drain();
    }
    expect((await profileOf(t.db, person.userId))?.kycStatus).toBe('Pass');
    const events = received.map((request) => verified(request, endpoint.secret)).filter((event) => event.type === 'kyc.updated');
    // The review's outcome, once, however often the vendor's webhook came.
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ merchantUserId: 'customer-kyc-1', kycStatus: 'Pass', kycLevel: 1 }),
    ]);
  });

  it('tells the merchant when a linked person submitted and the vendor is reviewing (Pending), then the decision', async () => {
    const endpoint = await newEndpoint();
    const person = await newIndividual(t, 'hook-kyc-pending@example.com');
    await t.db
      .insert(merchantUserLinks)
      .values({ merchantId: DEMO_MERCHANT.id, merchantUserId: 'customer-kyc-2', userId: person.userId, verifiedAt: t.clock.now() });
    received.length = 0;
    const kycEvents = () => received.map((request) => verified(request, endpoint.secret)).filter((event) => event.type === 'kyc.updated');
    // Submitted: the sandbox vendor's applicantPending webhook comes at once, its Pass after SANDBOX_KYC_DELAY_MS (2 s).
    expect((await submitSandboxVerification(t, person.token, { lastName: 'Example' })).statusCode).toBeLessThan(400);
    await drain();
    // The person's page reads the same review again: nothing new for the merchant.
    expect((await call(t.app, 'POST', PATHS.updateKycStatus, { headers: tokenHeaders(person.token), body: {} })).statusCode).toBe(200);
    await drain();
    expect((await profileOf(t.db, person.userId))?.kycStatus).toBe('Pending');
    expect(kycEvents().map((event) => event.data)).toEqual([
      { merchantUserId: 'customer-kyc-2', kycStatus: 'Pending', kycLevel: 0, updatedAt: expect.any(String) },
    ]);
    t.clock.advance(5_000);
    await drain();
    expect(kycEvents().map((event) => [event.data.kycStatus, event.data.kycLevel])).toEqual([
      ['Pending', 0],
      ['Pass', 1],
    ]);
  });

  it('refuses endpoint URLs it would not post to, and more than ten endpoints', async () => {
    const create = (url: string) => webhooks().createEndpoint(DEMO_MERCHANT.id, { url });
    await expect(create('not a url')).rejects.toMatchObject({ errorName: 'MerchantWebhookUrlInvalid' });
    await expect(create('ftp://example.com/hooks')).rejects.toMatchObject({ errorName: 'MerchantWebhookUrlInvalid' });
    await expect(create('https://user:pass@example.com/hooks')).rejects.toMatchObject({ errorName: 'MerchantWebhookUrlInvalid' });
    const existing = (await webhooks().listEndpoints(DEMO_MERCHANT.id)).length;
    expect(existing).toBeLessThan(10);
    for (let i = existing; i < 10; i++) await create(`https://example.com/hooks/${i}`);
    await expect(create('https://example.com/hooks/one-too-many')).rejects.toMatchObject({ errorName: 'MerchantWebhookEndpointLimit' });
    expect(await webhooks().listEndpoints(DEMO_MERCHANT.id)).toHaveLength(10);
  });
});
