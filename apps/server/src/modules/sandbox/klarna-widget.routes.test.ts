import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createManualClock } from '../../platform/clock.ts';
import { registerSecurityHeaders } from '../../platform/security-headers.ts';
import { createSandboxKlarna, type SandboxKlarna } from '../../providers/klarna/sandbox.ts';
import { createSandboxKlarnaRepository } from '../../providers/klarna/sandbox-klarna.repository.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { registerSandboxKlarnaRoutes } from './klarna-widget.routes.ts';

// The sandbox Klarna widget (docs/sandbox.md, "Klarna") on a small app with our CSP.
const clock = createManualClock();
let database: DatabaseHandle;
let klarna: SandboxKlarna;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  klarna = createSandboxKlarna({ repository: createSandboxKlarnaRepository(database.db), clock, publicUrl: 'https://pay.example.test' });
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerSecurityHeaders(app, "'self'");
  registerSandboxKlarnaRoutes(app, klarna);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

let sequence = 0;
const open = (description = '0.001 BTC') =>
  klarna.createSession({
    reference: `ord_widget_${(sequence += 1)}`,
    amount: '42.50',
    currency: 'GBP',
    country: 'GB',
    locale: 'en-GB',
    description,
    returnUrl: `/en/klarna-callback?orderId=ord_widget_${sequence}&x="y"`,
  });
/** What a browser sends for one of the widget's forms. */
const submit = (sessionId: string, outcome: string, payload = '') =>
  app.inject({
    method: 'POST',
    url: `/sandbox/klarna/${sessionId}/${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });
/** The widget's answer, from the fragment of the Location it sends the person to. */
const answerIn = (location: string | undefined) => Object.fromEntries(new URLSearchParams(String(location).split('#')[1]));

describe('sandbox Klarna widget page', () => {
  it('shows the amount, the purchase escaped, and the three buttons as plain forms, under the CSP', async () => {
    const session = await open('<script>alert("x")</script> BTC');
    const response = await app.inject({ method: 'GET', url: `/sandbox/klarna/${session.sessionId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("form-action 'self'");
    const body = response.body;
    expect(body).toContain('<html lang="en">');
    expect(body).toContain('<meta name="color-scheme" content="light dark">');
    expect(body).toContain('42.50 GBP');
    expect(body).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; BTC');
    expect(body).toContain(`<form method="post" action="/sandbox/klarna/${session.sessionId}/approve">`);
    expect(body).toContain('<select id="fraud" name="fraud"><option value="ACCEPTED">Accepted</option>');
    expect(body).toContain(
      `<form method="post" action="/sandbox/klarna/${session.sessionId}/decline"><button type="submit" class="other">Decline</button></form>`,
    );
    expect(body).toContain(
      `<form method="post" action="/sandbox/klarna/${session.sessionId}/close"><button type="submit" class="other">Close</button></form>`,
    );
    expect(body).not.toMatch(/<script|\son[a-z]+=/i);
  });

  it('Approve sends the person (303) back with approved, show_form and a token in the fragment, which places the order', async () => {
    const session = await open();
    const response = await submit(session.sessionId, 'approve', 'fraud=ACCEPTED');
    expect(response.statusCode).toBe(303);
    const location = String(response.headers.location);
    expect(location.split('#')[0]).toBe(`/en/klarna-callback?orderId=ord_widget_${sequence}&x="y"`);
    const answer = answerIn(location);
    expect(answer).toEqual({ approved: 'true', show_form: 'true', authorization_token: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const placed = await klarna.placeOrder({
      reference: `ord_widget_${sequence}`,
      amount: '42.50',
      currency: 'GBP',
      country: 'GB',
      locale: 'en-GB',
      description: '0.001 BTC',
      idempotencyKey: `order:${sequence}`,
      sessionId: session.sessionId,
      authorizationToken: answer.authorization_token!,
    });
    expect(placed.fraudStatus).toBe('ACCEPTED');
  });

  it('Decline answers approved=false, show_form=false; Close answers show_form=true and leaves the session waiting', async () => {
    const closed = await open();
    const close = await submit(closed.sessionId, 'close');
    expect(close.statusCode).toBe(303);
    expect(answerIn(close.headers.location)).toEqual({ approved: 'false', show_form: 'true' });
    expect((await app.inject({ method: 'GET', url: `/sandbox/klarna/${closed.sessionId}` })).body).toContain('>Approve</button>');
    const decline = await submit(closed.sessionId, 'decline');
    expect(answerIn(decline.headers.location)).toEqual({ approved: 'false', show_form: 'false' });
  });

  it('says a session was already answered, with the way back (escaped), and answers it only once', async () => {
    const session = await open();
    await submit(session.sessionId, 'approve');
    const page = await app.inject({ method: 'GET', url: `/sandbox/klarna/${session.sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This purchase was already answered');
    expect(page.body).toContain(`<a href="/en/klarna-callback?orderId=ord_widget_${sequence}&#38;x=&#34;y&#34;">Back to the shop</a>`);
    expect(page.body).not.toContain('>Approve</button>');
    for (const outcome of ['approve', 'decline', 'close']) {
      const again = await submit(session.sessionId, outcome);
      expect(again.statusCode).toBe(409);
      expect(again.headers.location).toBeUndefined();
    }
  });

  it('shows an expired session as such', async () => {
    const session = await open();
    clock.advance(48 * 60 * 60 * 1000);
    expect((await app.inject({ method: 'GET', url: `/sandbox/klarna/${session.sessionId}` })).body).toContain('This session has expired');
    expect((await submit(session.sessionId, 'approve')).statusCode).toBe(409);
  });

  it('answers an unknown or malformed session with a 404 page, without echoing it', async () => {
    for (const [method, url] of [
      ['GET', '/sandbox/klarna/0b1d9815-165e-42e2-8867-35bc03789e00'],
      ['GET', '/sandbox/klarna/%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
      ['POST', '/sandbox/klarna/not-a-session/approve'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('Session not found');
      expect(response.body).not.toContain('<script>');
    }
  });

  it('refuses a fraud check the page does not offer, and a form body above 1 kB', async () => {
    const session = await open();
    const odd = await submit(session.sessionId, 'approve', 'fraud=%3Cscript%3E');
    expect(odd.statusCode).toBe(400);
    expect(odd.body).not.toContain('<script>');
    expect((await submit(session.sessionId, 'approve', `fraud=ACCEPTED&pad=${'x'.repeat(2048)}`)).statusCode).toBe(413);
    expect((await klarna.widgetOf(session.sessionId))?.state).toBe('WAITING');
  });
});
