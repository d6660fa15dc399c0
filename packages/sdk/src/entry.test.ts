import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalEntryQuery, ENTRY_SIGNATURE_TOLERANCE_MS } from './entry-params.ts';
import { entryUrl, signEntry } from './entry.ts';

const SECRET = 'merchant-secret-for-tests';
const NOW = 1_760_000_000_000;

describe('canonicalEntryQuery', () => {
  // The server checks links with this same function (packages/contracts re-exports it): what is pinned
  // here is the string itself, which merchants' own implementations in other languages must build.
  it.each([
    [
      { apiKey: 'pk_1', merchantUserId: 'user 1', timestamp: '1760000000000' },
      'apiKey=pk_1&merchantUserId=user%201&timestamp=1760000000000',
    ],
    [{ email: 'zoë+tag@exämple.com', apiKey: 'pk_1' }, 'apiKey=pk_1&email=zo%C3%AB%2Btag%40ex%C3%A4mple.com'],
    [{ apiKey: 'a&b=c', 'we&ird=name': 'x=y&z' }, 'apiKey=a%26b%3Dc&we%26ird%3Dname=x%3Dy%26z'],
    [{ apiKey: 'pk_1', empty: '' }, 'apiKey=pk_1&empty='],
    [{ lng: 'zh', signature: 'abc', apiKey: 'pk_1', Zed: 'upper', zed: 'lower' }, 'Zed=upper&apiKey=pk_1&zed=lower'],
    [{ apiKey: "'!()*~", hostOrigin: 'https://shop.example:8443' }, "apiKey='!()*~&hostOrigin=https%3A%2F%2Fshop.example%3A8443"],
    [{}, ''],
  ])('builds the exact string that is signed (%o)', (params, expected) => {
    expect(canonicalEntryQuery(params)).toBe(expected);
  });

  it('allows 300 s between the timestamp and the checkout clock', () => {
    expect(ENTRY_SIGNATURE_TOLERANCE_MS).toBe(300_000);
  });
});

describe('signEntry', () => {
  it('adds the timestamp in ms and a lowercase hex HMAC-SHA256 of the canonical query', () => {
    const signed = signEntry({ apiKey: 'pk_1', merchantUserId: 'user 1', lng: 'zh' }, SECRET, NOW);
    const expected = createHmac('sha256', SECRET).update(`apiKey=pk_1&merchantUserId=user%201&timestamp=${NOW}`).digest('hex');
    expect(signed).toEqual({ apiKey: 'pk_1', merchantUserId: 'user 1', lng: 'zh', timestamp: String(NOW), signature: expected });
    expect(signed.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps a timestamp that is given and replaces an old signature', () => {
    const signed = signEntry({ apiKey: 'pk_1', timestamp: '1700000000000', signature: 'stale' }, SECRET, NOW);
    expect(signed.timestamp).toBe('1700000000000');
    expect(signed.signature).toBe(createHmac('sha256', SECRET).update('apiKey=pk_1&timestamp=1700000000000').digest('hex'));
  });

  it('changes the signature when any signed parameter changes, but not when lng does', () => {
    const base = signEntry({ apiKey: 'pk_1', tranId: 'T1' }, SECRET, NOW).signature;
    expect(signEntry({ apiKey: 'pk_1', tranId: 'T2' }, SECRET, NOW).signature).not.toBe(base);
    expect(signEntry({ apiKey: 'pk_1', tranId: 'T1', hostOrigin: 'https://evil.example' }, SECRET, NOW).signature).not.toBe(base);
    expect(signEntry({ apiKey: 'pk_1', tranId: 'T1' }, SECRET, NOW + 1).signature).not.toBe(base);
    expect(signEntry({ apiKey: 'pk_1', tranId: 'T1' }, 'another-secret', NOW).signature).not.toBe(base);
    expect(signEntry({ apiKey: 'pk_1', tranId: 'T1', lng: 'zh' }, SECRET, NOW).signature).toBe(base);
  });

  it('leaves out parameters set to undefined', () => {
    expect(signEntry({ apiKey: 'pk_1', email: undefined }, SECRET, NOW)).not.toHaveProperty('email');
  });

  it('refuses a missing apiKey or secret, non-string values and a timestamp in seconds', () => {
    expect(() => signEntry({ apiKey: '' }, SECRET, NOW)).toThrow(/apiKey is required/);
    expect(() => signEntry({ apiKey: 'pk_1' }, '', NOW)).toThrow(/secret/);
    expect(() => signEntry({ apiKey: 'pk_1', tranId: 5 as unknown as string }, SECRET, NOW)).toThrow(/must be a string/);
    expect(() => signEntry({ apiKey: 'pk_1', timestamp: '1760000000' }, SECRET, NOW)).toThrow(/milliseconds/);
  });
});

describe('entryUrl', () => {
  it('puts the language in the path and every other parameter in the query, decoding to the signed values', () => {
    const signed = signEntry({ apiKey: 'pk_1', email: 'a b&c@x.example', lng: 'zh' }, SECRET, NOW);
    const url = new URL(entryUrl('https://pay.example/', 'skip-login', signed));
    expect(url.origin + url.pathname).toBe('https://pay.example/zh/skip-login');
    expect(url.searchParams.has('lng')).toBe(false);
    const { lng: _lng, ...sent } = signed;
    expect(Object.fromEntries(url.searchParams)).toEqual(sent);
  });

  it('defaults to English and the merchant sign-in page, and refuses an unknown page', () => {
    const signed = signEntry({ apiKey: 'pk_1' }, SECRET, NOW);
    expect(entryUrl('https://pay.example', undefined, signed)).toBe(
      `https://pay.example/en/login-v3?apiKey=pk_1&timestamp=${NOW}&signature=${signed.signature}`,
    );
    expect(() => entryUrl('https://pay.example', 'admin' as never, signed)).toThrow(/Unknown checkout page/);
  });
});
