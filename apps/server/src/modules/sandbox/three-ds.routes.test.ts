import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createManualClock } from '../../platform/clock.ts';
import { registerSecurityHeaders } from '../../platform/security-headers.ts';
import { createSandboxCardProcessor, type SandboxCardProcessor } from '../../providers/card-processor/sandbox.ts';
import { createSandboxProcessorRepository } from '../../providers/card-processor/sandbox-processor.repository.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { registerSandboxThreeDsRoutes } from './three-ds.routes.ts';

// The sandbox 3DS page (docs/sandbox.md, "Cards": 4000 0000 0000 3220) on a small app with our CSP.
const clock = createManualClock();
let database: DatabaseHandle;
let processor: SandboxCardProcessor;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  processor = createSandboxCardProcessor({
    repository: createSandboxProcessorRepository(database.db),
    clock,
    publicUrl: 'https://pay.example.test',
    fingerprintKey: Buffer.alloc(32, 4),
  });
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerSecurityHeaders(app, "'self'");
  registerSandboxThreeDsRoutes(app, processor);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

let sequence = 0;
async function challengePayment(number = '4000000000003220') {
  const fields = await processor.tokenize({ number, expiryMonth: 1, expiryYear: 2031, cvv: '123' });
  const { token } = await processor.saveCard({
    cardToken: fields.token,
    billingAddress: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      address: '1 Analytical Street',
      city: 'London',
      postalCode: 'N1 9GU',
      country: 'GB',
    },
  });
  const reference = `ord_3ds_${(sequence += 1)}`;
  return processor.authorize({
    idempotencyKey: `auth:${reference}`,
    reference,
    cardToken: token,
    amount: '42.50',
    currency: 'GBP',
    successUrl: `/orders/${reference}?result=ok&x="y"`,
    failureUrl: `https://pay.example.test/orders/${reference}?result=failed`,
  });
}
/** What a browser sends for a form without fields. */
const submit = (paymentId: string, outcome: 'complete' | 'fail') =>
  app.inject({
    method: 'POST',
    url: `/sandbox/3ds/${paymentId}/${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

describe('sandbox 3DS challenge page', () => {
  it('shows the amount, the currency, the card and two form buttons, under the CSP and readable on a phone in dark mode', async () => {
    const payment = await challengePayment();
    expect(payment.challengeUrl).toBe(`https://pay.example.test/sandbox/3ds/${payment.paymentId}`);
    const response = await app.inject({ method: 'GET', url: `/sandbox/3ds/${payment.paymentId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("form-action 'self'");
    const body = response.body;
    expect(body).toContain('<html lang="en">');
    expect(body).toContain('<meta name="color-scheme" content="light dark">');
    expect(body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(body).toContain('42.50 GBP');
    expect(body).toContain('•••• 3220');
    expect(body).toContain(
      `<form method="post" action="/sandbox/3ds/${payment.paymentId}/complete"><button type="submit" class="complete">Complete</button></form>`,
    );
    expect(body).toContain(
      `<form method="post" action="/sandbox/3ds/${payment.paymentId}/fail"><button type="submit" class="fail">Fail</button></form>`,
    );
    expect(body).not.toMatch(/<script|\son[a-z]+=/i);
  });

  it('Complete authorises the payment and sends the person (303) to its success URL', async () => {
    const payment = await challengePayment();
    const response = await submit(payment.paymentId, 'complete');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/orders/${payment.reference}?result=ok&x="y"`);
    expect(await processor.getPayment(payment.paymentId)).toMatchObject({
      status: 'AUTHORIZED',
      authorizedAmount: '42.50',
      challengeUrl: null,
    });
  });

  it('Fail declines it (THREE_DS_FAILED) and sends the person to its failure URL', async () => {
    const payment = await challengePayment();
    const response = await app.inject({ method: 'POST', url: `/sandbox/3ds/${payment.paymentId}/fail` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`https://pay.example.test/orders/${payment.reference}?result=failed`);
    expect(await processor.getPayment(payment.paymentId)).toMatchObject({ status: 'DECLINED', declineReason: 'THREE_DS_FAILED' });
  });

  it('says a challenge was already answered, with the way back, and answers it only once', async () => {
    const payment = await challengePayment();
    await submit(payment.paymentId, 'complete');
    const page = await app.inject({ method: 'GET', url: `/sandbox/3ds/${payment.paymentId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This check was already answered');
    expect(page.body).toContain('The payment was authorised.');
    expect(page.body).toContain(`<a href="/orders/${payment.reference}?result=ok&#38;x=&#34;y&#34;">Back to the shop</a>`);
    expect(page.body).not.toContain('>Complete</button>');
    const again = await submit(payment.paymentId, 'fail');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This check was already answered');
    expect((await processor.getPayment(payment.paymentId)).status).toBe('AUTHORIZED');
  });

  it('shows a declined or expired challenge with the failure URL', async () => {
    const payment = await challengePayment();
    clock.advance(15 * 60 * 1000);
    const page = await app.inject({ method: 'GET', url: `/sandbox/3ds/${payment.paymentId}` });
    expect(page.body).toContain('not answered in time');
    expect(page.body).toContain(`href="https://pay.example.test/orders/${payment.reference}?result=failed"`);
  });

  it('answers an unknown or malformed payment with a 404 page', async () => {
    for (const url of ['/sandbox/3ds/pay_doesnotexist', '/sandbox/3ds/%3Cscript%3E', '/sandbox/3ds/pay_doesnotexist/complete']) {
      const response = await app.inject({ method: url.endsWith('complete') ? 'POST' : 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('Payment not found');
      expect(response.body).not.toContain('<script>');
    }
  });

  it('shows a card payment that never needed a challenge as answered', async () => {
    const payment = await challengePayment('4242424242424242');
    const page = await app.inject({ method: 'GET', url: `/sandbox/3ds/${payment.paymentId}` });
    expect(page.body).toContain('This check was already answered');
  });
});
