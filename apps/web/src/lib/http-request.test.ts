import { describe, expect, it } from 'vitest';
import { buildHeaders, buildUrl, readEnvelope } from './http-request.ts';
import { createSessionStore } from './session.ts';
import { createMemoryStorage, createStorage } from './storage.ts';

describe('buildUrl', () => {
  it('joins base, path and query, skipping empty values', () => {
    expect(buildUrl('/prod-api', '/a', { x: 1, y: 'b c', z: undefined, n: null, t: true })).toBe('/prod-api/a?x=1&y=b+c&t=true');
    expect(buildUrl('/prod-api', '/a?k=1', { x: 2 })).toBe('/prod-api/a?k=1&x=2');
    expect(buildUrl('', '/a')).toBe('/a');
  });
});

describe('buildHeaders', () => {
  it('lets caller headers override and adds content-type only with a body', () => {
    const session = createSessionStore({ storage: createStorage({ storage: () => createMemoryStorage() }) });
    expect(buildHeaders({ mode: 'business', session, deviceId: undefined, hasBody: false, extra: { 'idempotency-key': 'k' } })).toEqual({
      accept: 'application/json',
      'idempotency-key': 'k',
    });
    expect(buildHeaders({ mode: 'business', session, deviceId: 'd', hasBody: true })).toMatchObject({
      'content-type': 'application/json',
      'device-id': 'd',
    });
  });
});

describe('readEnvelope', () => {
  it('returns data on status 200 + code 000000 only', () => {
    expect(readEnvelope('/a', 200, JSON.stringify({ status: 200, code: '000000', msg: '', data: { a: 1 } }))).toEqual({ a: 1 });
    expect(() => readEnvelope('/a', 200, JSON.stringify({ status: 500, code: '000000', msg: '', data: null }))).toThrow(
      expect.objectContaining({ kind: 'business', code: '000000' }),
    );
  });

  it('classifies non-envelope bodies', () => {
    expect(() => readEnvelope('/a', 413, '<html>')).toThrow(expect.objectContaining({ kind: 'badRequest', httpStatus: 413 }));
    expect(() => readEnvelope('/a', 502, '<html>')).toThrow(expect.objectContaining({ kind: 'badResponse', httpStatus: 502 }));
    expect(() => readEnvelope('/a', 200, '')).toThrow(expect.objectContaining({ kind: 'badResponse' }));
    expect(() => readEnvelope('/a', 200, '{"ok":true}')).toThrow(expect.objectContaining({ kind: 'badResponse' }));
  });

  it('tolerates a missing msg', () => {
    expect(() => readEnvelope('/a', 503, '{"status":503,"code":"GAT9000001"}')).toThrow(
      expect.objectContaining({ kind: 'business', code: 'GAT9000001', msg: '' }),
    );
  });
});
