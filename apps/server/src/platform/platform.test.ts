import { ErrorCode } from '@causeway/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { AppError } from './app-error.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    // Every route names its caller kind (platform/calls.ts): these test routes are open.
    const config = { caller: 'public' } as const;
    routes.post(
      '/prod-api/test/echo',
      { schema: { body: z.object({ email: z.email(), amount: z.string() }) }, config },
      async (request) => ({
        ...request.body,
      }),
    );
    routes.get('/prod-api/test/crash', { config }, async () => {
      throw new Error('relation "users" does not exist: select password from users');
    });
    routes.get('/prod-api/test/app-error', { config }, async () => {
      throw new AppError(ErrorCode.QuoteExpired);
    });
    // A text the database cannot store (NUL), as any body field could carry it to a query.
    routes.post('/prod-api/test/store', { schema: { body: z.object({ note: z.string() }) }, config }, async (request) => {
      await t.db.execute(sql`select ${request.body.note}::text`);
      return null;
    });
  });
});
afterAll(() => t.app.close());

describe('the envelope and error handling', () => {
  it('answers an unknown /prod-api path with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/prod-api/capi/v1/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 404,
      code: 'REQ0000404',
      msg: 'No such call: GET /prod-api/capi/v1/nothing-here',
      data: null,
    });
  });

  it('answers a malformed body with a 400 naming every bad field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/prod-api/test/echo', payload: { email: 'not-an-email' } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: 400, code: 'REQ0000400', data: null });
    expect(body.msg).toContain('body.email');
    expect(body.msg).toContain('body.amount');
  });

  it('answers broken JSON with a 400 envelope, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/prod-api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'REQ0000400', data: null });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/prod-api/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('REQ0000415');
  });

  it('answers a malformed header with a 400', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/prod-api/capi/v1/customer/kyc/list-country-code',
      headers: { entity: 'XX' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('headers.entity');
  });

  it('answers an unexpected exception with a 500 envelope that leaks nothing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/prod-api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 500, code: '999999', msg: 'Something went wrong, please try again', data: null });
    expect(response.body).not.toMatch(/relation|select|password|at .*\.ts/);
  });

  it('answers a text the database cannot store (a NUL character) with a 400, not a 500', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/prod-api/test/store', payload: { note: 'hello\u0000world' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'REQ0000400',
      msg: 'The request holds a character that cannot be stored (such as NUL): remove it and send again.',
    });
  });

  it('answers an AppError with its catalogue status and code', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/prod-api/test/app-error' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ status: 409, code: 'ODR00001013' });
  });
});

describe('headers, request ids and the SPA fallback', () => {
  it('sends the security headers with the CSP the trust page promises', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/prod-api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('takes frame-ancestors from the configuration', async () => {
    const other = await createTestApp({ FRAME_ANCESTORS: "'self' https://shop.example.com" });
    const response = await other.app.inject({ method: 'GET', url: '/prod-api/health' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self' https://shop.example.com");
    await other.app.close();
  });

  it('keeps Google out of the CSP unless reCAPTCHA runs, and lets its script and frame in when it does', async () => {
    const sandbox = await t.app.inject({ method: 'GET', url: '/prod-api/health' });
    expect(sandbox.headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; " +
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'",
    );
    const recaptcha = await createTestApp({ RECAPTCHA_SECRET: 'server-half', RECAPTCHA_SITE_KEY: 'site-key-1' });
    const csp = String((await recaptcha.app.inject({ method: 'GET', url: '/prod-api/health' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;");
    expect(csp).toContain("frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/;");
    expect(csp).toContain("object-src 'none'");
    await recaptcha.app.close();
  });

  it("lets Sumsub's WebSDK script and frames in only when Sumsub is the KYC vendor", async () => {
    const sumsub = await createTestApp({ SUMSUB_APP_TOKEN: 'sbx:app', SUMSUB_SECRET_KEY: 'secret', SUMSUB_WEBHOOK_SECRET: 'hook' });
    const csp = String((await sumsub.app.inject({ method: 'GET', url: '/prod-api/health' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://static.sumsub.com;");
    expect(csp).toContain("frame-src 'self' https://*.sumsub.com;");
    expect(csp).toContain("connect-src 'self';");
    // The sandbox vendor's page exists only with the sandbox vendor (docs/sandbox.md).
    expect((await sumsub.app.inject({ method: 'GET', url: '/sandbox/kyc/verify?token=x' })).statusCode).toBe(404);
    await sumsub.app.close();
  });

  it("lets Checkout.com's Flow script, card-field frames and API calls in only when CARD_PROCESSOR=checkout", async () => {
    const sandbox = String((await t.app.inject({ method: 'GET', url: '/prod-api/health' })).headers['content-security-policy']);
    expect(sandbox).not.toContain('checkout.com');
    const checkout = await createTestApp({
      CARD_PROCESSOR: 'checkout',
      CHECKOUT_SECRET_KEY: 'sk_sbox_test',
      CHECKOUT_PUBLIC_KEY: 'pk_sbox_test',
      CHECKOUT_WEBHOOK_SECRET: 'test-checkout-webhook-signature-key',
      CHECKOUT_SINGLE_CHANNEL_KEY: 'true',
      PUBLIC_URL: 'https://pay.example.test',
    });
    const csp = String((await checkout.app.inject({ method: 'GET', url: '/prod-api/health' })).headers['content-security-policy']);
    expect(csp).toContain(
      "script-src 'self' https://checkout-web-components.checkout.com https://risk.checkout.com https://risk.sandbox.checkout.com;",
    );
    expect(csp).toContain("frame-src 'self' https://*.checkout.com;");
    expect(csp).toContain("connect-src 'self' https://*.checkout.com;");
    // Frames (deprecated from June 30, 2026) is gone: its CDN is no longer let in by name.
    expect(csp).not.toContain('cdn.checkout.com');
    await checkout.app.close();
  });

  it("lets Klarna's SDK script, widget frames and calls in only when KLARNA_PROVIDER=klarna", async () => {
    const sandboxAnswer = await t.app.inject({ method: 'GET', url: '/prod-api/health' });
    expect(String(sandboxAnswer.headers['content-security-policy'])).not.toMatch(/klarna/);
    expect(sandboxAnswer.headers['cross-origin-opener-policy']).toBe('same-origin');
    const klarna = await createTestApp({
      KLARNA_PROVIDER: 'klarna',
      KLARNA_USERNAME: 'PK12345_test',
      KLARNA_PASSWORD: 'klarna-test-password',
      KLARNA_API_URL: 'https://api.playground.klarna.com',
    });
    const answer = await klarna.app.inject({ method: 'GET', url: '/prod-api/health' });
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://x.klarnacdn.net https://js.klarna.com https://js.playground.klarna.com;");
    expect(csp).toContain("frame-src 'self' https://*.klarna.com https://x.klarnacdn.net;");
    expect(csp).toContain("connect-src 'self' https://*.klarna.com https://*.klarnaevt.com https://x.klarnacdn.net;");
    expect(csp).toContain("style-src 'self' 'unsafe-inline' https://x.klarnacdn.net;");
    expect(csp).toContain("object-src 'none'");
    // Klarna's purchase flow may open a popup that must still reach the page.
    expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    // The sandbox's widget page exists only with the sandbox Klarna.
    expect((await klarna.app.inject({ method: 'GET', url: '/sandbox/klarna/any-session' })).statusCode).toBe(404);
    await klarna.app.close();
  });

  it("lets the browser upload to the S3 bucket's origin when S3 stores the documents", async () => {
    const s3 = await createTestApp({ S3_BUCKET: 'kyc-docs', S3_REGION: 'eu-central-1' });
    const csp = String((await s3.app.inject({ method: 'GET', url: '/prod-api/health' })).headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://kyc-docs.s3.eu-central-1.amazonaws.com;");
    await s3.app.close();
  });

  it('keeps a well-formed x-request-id and makes one otherwise', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/prod-api/health', headers: { 'x-request-id': 'req-1234567890' } });
    expect(kept.headers['x-request-id']).toBe('req-1234567890');
    const made = await t.app.inject({ method: 'GET', url: '/prod-api/health', headers: { 'x-request-id': '<script>' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers page requests with the app shell, and other unknown paths with a 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/en/some/page', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
  });

  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/prod-api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/prod-api/capi/v1/customer/order/list-currency', '/prod-api/get-translations', '/prod-api/health']),
    );
    const docsPage = await t.app.inject({ method: 'GET', url: '/prod-api/docs/' });
    expect(docsPage.statusCode).toBe(200);
  });
});
