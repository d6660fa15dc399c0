import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let dist: string;
const script = Buffer.from('export const greeting = "hello, world";\n'.repeat(400));
const page = Buffer.from(`<!doctype html><html><head><title>Causeway</title></head><body>${'<p>checkout</p>'.repeat(300)}</body></html>`);

/** A built web app as the build leaves it: each text file with its .br and .gz copies (apps/web/precompress-plugin.ts). */
function writeBuild(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  for (const [name, bytes] of [
    ['assets/index-abc123.js', script],
    ['index.html', page],
  ] as const) {
    fs.writeFileSync(path.join(dir, name), bytes);
    fs.writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(bytes));
    fs.writeFileSync(path.join(dir, `${name}.gz`), gzipSync(bytes));
  }
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-dist-'));
  writeBuild(dist);
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const asset = (acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compression, as a CDN would do it', () => {
  it("sends a built asset as the build compressed it, by Accept-Encoding: brotli first, with its own length, Vary, and a year's cache", async () => {
    const response = await asset('gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(response.rawPayload)).toEqual(script);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends gzip to a client that takes only gzip, and the bytes as they are to one that names no encoding', async () => {
    const gzipped = await asset('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload)).toEqual(script);

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(Number(plain.headers['content-length'])).toBe(script.length);
    expect(plain.rawPayload).toEqual(script);
  });

  it('sends the app shell compressed too, and never lets a cache keep it without asking', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/en/login-v2',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload)).toEqual(page);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('compresses an API answer of 1 kB and more on the fly, with its length; a smaller one goes as it is', async () => {
    const url = '/prod-api/capi/v1/customer/order/list-currency';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const compressed = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());

    const small = await t.app.inject({ method: 'GET', url: '/prod-api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: '000000' });
  });

  it('never unpacks a compressed request body: one is refused, and nothing is read from it', async () => {
    const body = gzipSync(Buffer.from(JSON.stringify({ email: 'ann@example.com' })));
    const response = await t.app.inject({
      method: 'POST',
      url: '/prod-api/capi/v1/login/common/account-check',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'REQ0000400' });
  });
});
