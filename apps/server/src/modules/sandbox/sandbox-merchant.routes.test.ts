import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { canonicalEntryQuery, PATHS } from '@causeway/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../config.ts';
import { merchantAllowedOrigins, merchantTransactions } from '../../db/schema/index.ts';
import { call, createIdentityTestApp, type IdentityTestApp, nextIp } from '../../../test/identity-helpers.ts';
import { DEMO_MERCHANT } from '../merchant/demo-merchant.ts';
import { SANDBOX_MERCHANT_SCRIPT } from './sandbox-merchant.script.ts';

/** docs/sandbox.md "The sandbox merchant page". */
const PUBLIC_URL = 'https://pay.example.test/';
const ORIGIN = 'https://pay.example.test';
const SDK_DIST = path.join(paths.repoRoot, 'packages/sdk/dist');

let t: IdentityTestApp;
beforeAll(async () => {
  // The page serves the SDK as built: CI's `npm run build` builds it before the tests.
  if (!fs.existsSync(path.join(SDK_DIST, 'index.js')))
    throw new Error('packages/sdk/dist is not built: run `npm run build --workspace @causeway/sdk` first');
  t = await createIdentityTestApp({ PUBLIC_URL });
});
afterAll(() => t.app.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const askEntry = (body: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/sandbox/merchant/entry', payload: body, remoteAddress: nextIp() });
const transactionCount = async () => (await t.db.select({ n: count() }).from(merchantTransactions))[0]!.n;

/** The link's query as the checkout reads it, and whether its signature is the demo secret's over it. */
function readLink(url: string) {
  const link = new URL(url);
  const params = Object.fromEntries(link.searchParams);
  const expected = createHmac('sha256', DEMO_MERCHANT.secret).update(canonicalEntryQuery(params)).digest('hex');
  return { link, params, signatureHolds: params.signature === expected };
}

describe('the sandbox merchant page', () => {
  it('renders the form, labelled, and loads its script from our origin only (no inline script)', async () => {
    const page = await get('/sandbox/merchant');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    for (const field of ['merchantUserId', 'email', 'amount'])
      expect(page.body).toMatch(new RegExp(`<label for="${field}">[\\s\\S]*?<input[^>]* id="${field}"`));
    expect(page.body).toContain('value="sandbox-customer-1"');
    for (const mode of ['overlay', 'embedded', 'redirect']) expect(page.body).toContain(`name="mode" value="${mode}"`);
    expect(page.body).toContain('<button type="submit" class="primary">Open checkout</button>');
    expect(page.body).toContain('<button type="button" id="fail-next"');
    expect(page.body.match(/<script[^>]*>/g)).toEqual(['<script type="module" src="/sandbox/merchant/page.js">']);
    expect(page.body).toContain(`data-page-origin="${ORIGIN}"`);
    // The SDK is built and PUBLIC_URL set here: no notice of either.
    expect(page.body).not.toContain('npm run build');
    expect(page.body).not.toContain('PUBLIC_URL is not set');
  });

  it('says where the checkout sent the customer back, escaped', async () => {
    const page = await get(`/sandbox/merchant?returned=1&orderId=${encodeURIComponent('<b>o-1</b>')}&status=SUCCESS`);
    expect(page.body).toContain(
      'You came back from the checkout: order <code>&#60;b&#62;o-1&#60;/b&#62;</code>, status <code>SUCCESS</code>',
    );
  });

  it('serves its script as JavaScript, a module that parses and imports the SDK next to it', async () => {
    const script = await get('/sandbox/merchant/page.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe(SANDBOX_MERCHANT_SCRIPT);
    expect(script.body).toContain("import('./sdk/index.js')");
    // Parsed, not run: a quoting mistake in the template would be a syntax error here, not in a browser.
    expect(() => new Function(script.body)).not.toThrow();
  });

  it("serves the SDK's built files as JavaScript, each file index.js loads included", async () => {
    const index = await get('/sandbox/merchant/sdk/index.js');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(index.body).toBe(fs.readFileSync(path.join(SDK_DIST, 'index.js'), 'utf8'));
    expect(index.body).toContain('openCheckout');
    const imported = [...index.body.matchAll(/from\s*["']\.\/([^"']+)["']/g)].map((match) => match[1]!);
    expect(imported.length).toBeGreaterThan(0);
    for (const file of imported) {
      const chunk = await get(`/sandbox/merchant/sdk/${file}`);
      expect(chunk.statusCode, file).toBe(200);
      expect(chunk.headers['content-type'], file).toBe('text/javascript; charset=utf-8');
    }
  });

  it('serves nothing but a .js file inside the dist folder', async () => {
    for (const url of [
      '/sandbox/merchant/sdk/..%2F..%2Fpackage.json',
      '/sandbox/merchant/sdk/..%2F..%2F..%2Fpackage.json',
      '/sandbox/merchant/sdk/..%2Fsrc%2Findex.ts',
      '/sandbox/merchant/sdk/..%2Fbuild.mjs',
      '/sandbox/merchant/sdk/..%2F..%2F..%2Fapps%2Fserver%2Fsrc%2Fapp.js',
      '/sandbox/merchant/sdk/package.json',
      '/sandbox/merchant/sdk/index.js.map',
      '/sandbox/merchant/sdk/index.d.ts',
      '/sandbox/merchant/sdk/missing.js',
      '/sandbox/merchant/sdk/%2Fetc%2Fpasswd.js',
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toContain('"name"');
    }
  });
});

describe("the sandbox merchant's server (POST /sandbox/merchant/entry)", () => {
  it('signs a login-v3 link with the demo secret, for this page: the checkout takes it and keeps its pages', async () => {
    const before = await transactionCount();
    const answer = await askEntry({ merchantUserId: 'sandbox-customer-1', email: 'shop-buyer@example.test', amount: '', mode: 'overlay' });
    expect(answer.statusCode).toBe(200);
    const { link, params, signatureHolds } = readLink(answer.json().url);
    expect(signatureHolds).toBe(true);
    expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/en/login-v3`);
    expect(params).toMatchObject({
      apiKey: 'pk_sandbox_demo',
      merchantUserId: 'sandbox-customer-1',
      email: 'shop-buyer@example.test',
      hostOrigin: ORIGIN,
      redirectUrl: `${ORIGIN}/sandbox/merchant?returned=1`,
      timestamp: String(t.clock.now().getTime()),
    });
    expect(params).not.toHaveProperty('tranId');
    expect(await transactionCount()).toBe(before);
    // The checkout's first call accepts the link, and keeps both pages: the page's origin is an allowed origin.
    const started = await call(t.app, 'POST', PATHS.merchantSharedKycLogin, { body: { entry: params }, ip: nextIp() });
    expect(started.body.code).toBe('000000');
    expect(started.body.data.merchantPage).toEqual({ hostOrigin: ORIGIN, redirectUrl: `${ORIGIN}/sandbox/merchant?returned=1` });
  });

  it('with an amount, creates the transaction first (buy BTC for EUR) and the link carries its tranId', async () => {
    const answer = await askEntry({ merchantUserId: 'sandbox-customer-2', email: '', amount: '49.90', mode: 'embedded' });
    expect(answer.statusCode).toBe(200);
    const { tranId, url } = answer.json() as { tranId: string; url: string };
    const { params, signatureHolds } = readLink(url);
    expect(signatureHolds).toBe(true);
    expect(params.tranId).toBe(tranId);
    expect(params.orderToken).toMatch(new RegExp(`^${tranId}:`));
    expect(params).not.toHaveProperty('email');
    const info = await call(t.app, 'GET', `${PATHS.getTransInfo}?tranId=${encodeURIComponent(tranId)}`);
    expect(info.body.code).toBe('000000');
    expect(info.body.data).toMatchObject({
      tranId,
      fiatCurrency: 'EUR',
      fiatAmt: '49.90',
      cryptoCurrency: 'BTC',
      status: 'Initial',
      merchantName: DEMO_MERCHANT.name,
    });
  });

  it('refuses bad input with 400, creating nothing', async () => {
    const before = await transactionCount();
    const good = { merchantUserId: 'sandbox-customer-3', email: 'ok@example.test', amount: '10', mode: 'redirect' };
    for (const [change, message] of [
      [{ email: `${'a'.repeat(250)}@example.test` }, 'The email is at most 254 characters'],
      [{ email: 'not-an-email' }, 'The email is not an email address'],
      [{ amount: 'abc' }, 'The amount is a number of EUR such as 50 or 49.90'],
      [{ amount: '0.00' }, 'The amount is more than 0'],
      [{ amount: '1.234' }, 'The amount is a number of EUR such as 50 or 49.90'],
      [{ mode: 'popup' }, 'The mode is overlay, embedded or redirect'],
      [{ merchantUserId: ' ' }, 'Enter the customer id'],
      [{ merchantUserId: 'c'.repeat(65) }, 'The customer id is at most 64 characters'],
    ] as const) {
      const answer = await askEntry({ ...good, ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.json().errors, JSON.stringify(change)).toContain(message);
    }
    expect(await transactionCount()).toBe(before);
  });
});

describe("the demo merchant's allowed origin", () => {
  it('is the page origin, seeded at start, and so may frame the checkout', async () => {
    const origins = await t.db
      .select({ origin: merchantAllowedOrigins.origin })
      .from(merchantAllowedOrigins)
      .where(eq(merchantAllowedOrigins.merchantId, DEMO_MERCHANT.id));
    expect(origins.map((row) => row.origin)).toContain(ORIGIN);
    expect((await get('/sandbox/merchant')).headers['content-security-policy']).toMatch(new RegExp(`frame-ancestors [^;]*${ORIGIN}`));
  });
});

describe('without PUBLIC_URL', () => {
  let bare: IdentityTestApp;
  let port: number;
  beforeAll(async () => {
    bare = await createIdentityTestApp({ PORT: '0' });
    // Its address is known once it listens (any free port), as `npm start` without PUBLIC_URL does.
    port = Number(new URL(await bare.app.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(() => bare.app.close());

  it('allows the loopback origins of the port it listens on, warns at any other, and signs for the origin the page was asked at', async () => {
    const origins = async () =>
      (await bare.db.select().from(merchantAllowedOrigins).where(eq(merchantAllowedOrigins.merchantId, DEMO_MERCHANT.id)))
        .map((row) => row.origin)
        .sort();
    // Seeded by the server's onListen hook, which runs beside the listen's answer.
    await expect.poll(origins).toEqual([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
    const atLocalhost = await bare.app.inject({ method: 'GET', url: '/sandbox/merchant', headers: { host: `localhost:${port}` } });
    expect(atLocalhost.body).not.toContain('does not allow this page');
    const headers = { host: 'shop.localhost:8080' };
    const page = await bare.app.inject({ method: 'GET', url: '/sandbox/merchant', headers });
    expect(page.body).toContain("The demo merchant does not allow this page's origin");
    expect(page.body).toContain('data-page-origin="http://shop.localhost:8080"');
    const answer = await bare.app.inject({
      method: 'POST',
      url: '/sandbox/merchant/entry',
      headers,
      payload: { merchantUserId: 'sandbox-customer-1', mode: 'overlay' },
    });
    const { link, params, signatureHolds } = readLink(answer.json().url);
    expect(signatureHolds).toBe(true);
    expect(link.origin).toBe('http://shop.localhost:8080');
    expect(params.hostOrigin).toBe('http://shop.localhost:8080');
  });
});
