import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { sandboxCardTokens } from '../../db/schema/index.ts';
import { registerClientIpKey } from '../../platform/client-ip-key.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createRateLimiter } from '../../platform/rate-limit.repository.ts';
import { registerSecurityHeaders } from '../../platform/security-headers.ts';
import { createSandboxCardProcessor, type SandboxCardProcessor } from '../../providers/card-processor/sandbox.ts';
import { createSandboxProcessorRepository } from '../../providers/card-processor/sandbox-processor.repository.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { CARD_FIELDS_TOKENS_PER_IP, CARD_FIELDS_WINDOW_MS, registerSandboxCardFieldsRoutes } from './card-fields.routes.ts';

// The sandbox processor's card fields (its Flow card component) on a small app with our CSP.
const clock = createManualClock(new Date('2026-11-21T12:00:00Z'));
let database: DatabaseHandle;
let processor: SandboxCardProcessor;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  processor = createSandboxCardProcessor({
    repository: createSandboxProcessorRepository(database.db),
    clock,
    publicUrl: '',
    fingerprintKey: Buffer.alloc(32, 6),
  });
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerSecurityHeaders(app, "'self'");
  registerClientIpKey(app);
  registerSandboxCardFieldsRoutes(app, { processor, rateLimiter: createRateLimiter(database.db), clock });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

let ipCounter = 0;
const tokenize = (payload: object, ip = `10.9.0.${(ipCounter += 1)}`) =>
  app.inject({ method: 'POST', url: '/sandbox/card-fields/tokens', remoteAddress: ip, payload });
const CARD = { number: '4000000000003220', expiryMonth: 12, expiryYear: 2030, cvv: '123' };

describe('the sandbox card-fields page', () => {
  it('is a labelled form of number, expiry and CVV whose script comes from our origin (CSP script-src self), never cached', async () => {
    const response = await app.inject({ method: 'GET', url: '/sandbox/card-fields' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expect(html).toContain('<html lang="en" data-theme="light">');
    for (const [id, label, autocomplete] of [
      ['number', 'Card number', 'cc-number'],
      ['expiry', 'Expiry (MM/YY)', 'cc-exp'],
      ['cvv', 'CVV', 'cc-csc'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label><input id="${id}"`);
      expect(html).toMatch(new RegExp(`id="${id}"[^>]*autocomplete="${autocomplete}"[^>]*aria-describedby="${id}-error"`));
    }
    // Errors are announced; inputs are 56 px high; a phone's width fits (no fixed widths).
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('min-height:56px');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<script src="/sandbox/card-fields.js"></script>');
    expect(html).not.toMatch(/<script>(?!<)/);
  });

  it('speaks Chinese for lang=zh and is dark for theme=dark', async () => {
    const html = (await app.inject({ method: 'GET', url: '/sandbox/card-fields?lang=zh-CN&theme=dark' })).body;
    expect(html).toContain('<html lang="zh-CN" data-theme="dark">');
    expect(html).toContain('<label for="number">卡号</label>');
    expect(html).toContain('data-text-number-invalid="请输入有效的卡号"');
    expect(html).toContain(':root[data-theme=dark]{color-scheme:dark');
  });

  it('serves its script, which posts only to its own origin and answers only its parent', async () => {
    const response = await app.inject({ method: 'GET', url: '/sandbox/card-fields.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/javascript');
    expect(response.body).toContain('window.parent.postMessage({ source: SOURCE, ...message }, window.location.origin)');
    expect(response.body).toContain('event.origin !== window.location.origin || event.source !== window.parent');
    expect(() => new Function(response.body)).not.toThrow();
  });
});

describe('POST /sandbox/card-fields/tokens (the processor, not our API)', () => {
  it('answers 201 with a single-use token and display facts only', async () => {
    const response = await tokenize(CARD);
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({
      token: expect.stringMatching(/^tok_/),
      expiresOn: '2026-11-21T12:15:00.000Z',
      scheme: 'VISA',
      bin: '400000',
      last4: '3220',
      expiryMonth: 12,
      expiryYear: 2030,
    });
    expect(response.body).not.toContain(CARD.number);
    const [row] = (await database.db.select().from(sandboxCardTokens)).filter((r) => r.token === body.token);
    expect(row).toMatchObject({ behaviour: 'CHALLENGE', cardLast4: '3220', expiryMonth: 12, expiryYear: 2030 });
  });

  it.each([
    ['a number failing Luhn', { number: '4242424242424241' }, 'INVALID_NUMBER'],
    ['American Express', { number: '378282246310005' }, 'UNSUPPORTED_NETWORK'],
    ['an expired card', { expiryMonth: 10, expiryYear: 2026 }, 'EXPIRED'],
    ['a 4-digit CVV', { cvv: '1234' }, 'INVALID_CVV'],
  ])('refuses %s with 422 and the reason', async (_name, change, reason) => {
    const response = await tokenize({ ...CARD, ...change });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ reason });
  });

  it('refuses a malformed body (400) and one over 1 kB (413)', async () => {
    expect((await tokenize({ ...CARD, number: '4242 4242' })).statusCode).toBe(400);
    expect((await tokenize({ ...CARD, expiryMonth: '12' })).statusCode).toBe(400);
    expect((await tokenize({ ...CARD, padding: 'x'.repeat(2000) })).statusCode).toBe(413);
  });

  it(`takes ${CARD_FIELDS_TOKENS_PER_IP} tokenisations per address per window, then 429 with Retry-After; the window's end lets it in again`, async () => {
    const ip = '10.9.9.9';
    for (let attempt = 0; attempt < CARD_FIELDS_TOKENS_PER_IP; attempt += 1)
      expect((await tokenize({ ...CARD, number: '4242424242424241' }, ip)).statusCode).toBe(422);
    const limited = await tokenize(CARD, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ reason: 'TOO_MANY_ATTEMPTS' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await tokenize(CARD, '10.9.9.10')).statusCode).toBe(201);
    clock.advance(CARD_FIELDS_WINDOW_MS);
    expect((await tokenize(CARD, ip)).statusCode).toBe(201);
  });
});
