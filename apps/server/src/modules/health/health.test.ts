import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

describe('GET /prod-api/health', () => {
  it('reports status, database kind and version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/prod-api/health' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    const expectedKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
    expect(data).toMatchObject({ status: 'ok', database: { kind: expectedKind, reachable: true } });
    // PGlite is PostgreSQL 18; the machines' server is 15: both report a major.minor version.
    expect(data.database.version).toMatch(/^\d+\.\d+/);
  });
});
