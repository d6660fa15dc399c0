import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * docs/trust.md: "A generated fuzz corpus over every route proves it (0 responses of 5xx)". Every
 * route of the OpenAPI document gets a seeded corpus of hostile queries, headers and bodies; none
 * may answer 5xx, and every /prod-api answer must be the envelope.
 */

function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const HOSTILE_VALUES = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '%00',
  '\u0000',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'x'.repeat(5000),
  '9'.repeat(400),
  'EUR',
  'eur',
  'PL',
  'Web',
  '1025',
  '39',
];

const HOSTILE_HEADERS = [
  { entity: 'XX' },
  { entity: '' },
  { independent: 'yes' },
  { 'device-id': '<bad id>' },
  { token: 'x'.repeat(600) },
  { 'content-type': 'application/json' },
  { 'api-key': 'y'.repeat(300) },
  { 'x-request-id': '\u0000' },
];

interface Operation {
  method: string;
  path: string;
  queryNames: string[];
}

let t: TestApp;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'silent' });
  const document = (await t.app.inject({ method: 'GET', url: '/prod-api/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      queryNames: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
});
afterAll(() => t.app.close());

describe('fuzzing every route', () => {
  it('covers every call the server offers', () => {
    expect(operations.length).toBeGreaterThanOrEqual(8);
  });

  it('never answers 5xx to a hostile query, header or body, and always answers the envelope', async () => {
    const random = seededRandom(20261121);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const failures: string[] = [];
    for (const operation of operations) {
      for (let round = 0; round < 40; round += 1) {
        const names = [...operation.queryNames, 'unexpected', 'projectId', 'lang'];
        const query = new URLSearchParams();
        for (const name of names) if (random() < 0.7) query.append(name, pick(HOSTILE_VALUES));
        if (random() < 0.2) query.append(pick(names), pick(HOSTILE_VALUES)); // repeated key → array
        const headers = random() < 0.5 ? pick(HOSTILE_HEADERS) : {};
        const body =
          operation.method === 'GET' ? undefined : random() < 0.5 ? pick(HOSTILE_VALUES) : { [pick(names)]: pick(HOSTILE_VALUES) };
        const url = `${operation.path}?${query.toString()}`;
        const response = await t.app.inject({ method: operation.method as 'GET', url, headers, payload: body as string });
        // /sandbox pages answer in docs/sandbox.md's own formats; every /prod-api answer is the envelope.
        const mustBeEnvelope = operation.path.startsWith('/prod-api/');
        const isEnvelope =
          String(response.headers['content-type'] ?? '').includes('application/json') && typeof response.json().code === 'string';
        if (response.statusCode >= 500 || (mustBeEnvelope && !isEnvelope))
          failures.push(`${operation.method} ${url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
