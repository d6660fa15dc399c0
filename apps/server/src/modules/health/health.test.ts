import { SANDBOX_TOOL_PAGES, type SandboxToolKey } from '@causeway/contracts';
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

  it("lists the sandbox tools the install registered (docs/sandbox.md), for the web app's sandbox page", async () => {
    const { data } = (await t.app.inject({ method: 'GET', url: '/prod-api/health' })).json();
    expect(data.sandboxTools).toEqual([
      'mailbox',
      'ledger',
      'chain',
      'bank',
      'helpDesk',
      'helpCentre',
      'operatorReview',
      'serviceModes',
      'edd',
    ]);
    for (const key of data.sandboxTools as SandboxToolKey[]) {
      const page = await t.app.inject({ method: 'GET', url: SANDBOX_TOOL_PAGES[key] });
      expect(page.statusCode, key).toBeLessThan(400);
    }
  });

  it('lists none without sandbox tools (real mail), though an operator page exists behind its password', async () => {
    const other = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', OPERATOR_PASSWORD: 'the-operator-password' });
    try {
      const { data } = (await other.app.inject({ method: 'GET', url: '/prod-api/health' })).json();
      expect(data.sandboxTools).toEqual([]);
      expect((await other.app.inject({ method: 'GET', url: SANDBOX_TOOL_PAGES.operatorReview })).statusCode).toBe(401);
    } finally {
      await other.app.close();
    }
  });
});
