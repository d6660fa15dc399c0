import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { Database } from '../db/client.ts';
import type { RegisteredRoute } from './calls.ts';

/**
 * Protected by default: every route the app registers names a caller kind (platform/calls.ts
 * refuses it otherwise), and a request without credentials is refused by every route whose kind
 * is not public. The open routes are listed here, so opening one more is a visible change.
 */

/** Tables a refused request writes to by design: the counters that bound refusals per address. */
const COUNTERS = ['rate_limit_buckets'];

/** The rows of a query (PGlite and node-postgres both answer { rows }). */
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/** What every table holds (a digest of its rows), but the counters. */
async function contents(db: Database): Promise<Record<string, string>> {
  const tables = await rowsOf<{ table_name: string }>(
    db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const digests: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    if (COUNTERS.includes(table)) continue;
    const [row] = await rowsOf<{ rows: number; digest: string }>(
      db.execute(
        sql.raw(`select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${table}" t`),
      ),
    );
    digests[table] = `${row!.rows} rows, ${row!.digest}`;
  }
  return digests;
}

/** A URL that reaches the route: its parameters filled with junk. */
const urlOf = (route: RegisteredRoute) => route.url.replace(/:\w+/g, 'junk').replace(/\*$/, 'junk');
const named = (route: RegisteredRoute) => `${route.method} ${route.url}`;

/** The open routes of a sandbox install with the operator passwords set (its help desk built in, its files on local disk). */
const PUBLIC_ROUTES = [
  'GET /en/legal/cookies',
  'GET /en/legal/privacy',
  'GET /en/legal/terms',
  'GET /favicon.ico',
  'GET /help-centre',
  'GET /help-centre/:locale',
  'GET /help-centre/:locale/articles/:id',
  'GET /legal/cookies',
  'GET /legal/privacy',
  'GET /legal/terms',
  'GET /prod-api/capi/v1/common/bot-check/config',
  'GET /prod-api/capi/v1/common/feature-switch/query',
  'GET /prod-api/capi/v1/customer/card/card-fields-config',
  'GET /prod-api/capi/v1/customer/entry/enable-buy-send',
  'GET /prod-api/capi/v1/customer/entry/get-entry-config',
  'GET /prod-api/capi/v1/customer/kyc/list-country-code',
  'GET /prod-api/capi/v1/customer/order/estimate-buy',
  'GET /prod-api/capi/v1/customer/order/gtr-enabled',
  'GET /prod-api/capi/v1/customer/order/list-currency',
  'GET /prod-api/capi/v1/customer/order/list-currency-pair-by-base-currency',
  'GET /prod-api/capi/v1/customer/order/list-vasp-info',
  'GET /prod-api/capi/v1/login/common/check-login-status',
  'GET /prod-api/capi/v1/login/common/get-check-ip-result',
  'GET /prod-api/capi/v1/login/common/get-trans-info',
  'GET /prod-api/capi/v1/login/common/in-register',
  'GET /prod-api/capi/v1/login/common/statement/query',
  'GET /prod-api/capi/v1/login/oauth/config',
  'GET /prod-api/capi/v1/login/oauth/get-timeout-ticket',
  'GET /prod-api/capi/v1/menu/get-links',
  'GET /prod-api/get-translations',
  'GET /prod-api/health',
  'GET /zh/legal/cookies',
  'GET /zh/legal/privacy',
  'GET /zh/legal/terms',
  'POST /prod-api/capi/v1/customer/user/password/reset',
  'POST /prod-api/capi/v1/customer/user/password/reset-check',
  'POST /prod-api/capi/v1/login/common/account-check',
  'POST /prod-api/capi/v1/login/common/account-check-by-email',
  'POST /prod-api/capi/v1/login/common/agreement/log',
  'POST /prod-api/capi/v1/login/common/log',
  'POST /prod-api/capi/v1/login/common/login-with-verify-code',
  'POST /prod-api/capi/v1/login/common/password',
  'POST /prod-api/capi/v1/login/common/send-verify-code',
  'POST /prod-api/capi/v1/login/common/verification/verify-ga-code',
  'POST /prod-api/capi/v1/login/kyc/login-with-binding-account',
  'POST /prod-api/capi/v1/login/kyc/login-with-merchant-shared-kyc',
  'POST /prod-api/capi/v1/login/kyc/login-with-verify-code',
  'POST /prod-api/capi/v1/login/kyc/send-verify-code',
  'POST /prod-api/capi/v1/login/kyc/submit-new-email',
  'POST /prod-api/capi/v1/login/oauth/authorize-url',
  'POST /prod-api/capi/v1/login/oauth/login-with-binance',
  'POST /prod-api/capi/v1/user/trace/log',
  // The operator's desk sign-in: each password and code counted per operator and address (docs/rules/operator-desk.md).
  'POST /prod-api/desk/v1/sign-in/code',
  'POST /prod-api/desk/v1/sign-in/password',
];

/** The sandbox tools and vendor pages: open, and registered only while their sandbox runs (never in production: production-mode.test.ts). */
const SANDBOX_ROUTES = [
  'GET /sandbox/3ds/:paymentId',
  'GET /sandbox/appropriateness',
  'GET /sandbox/bank',
  'GET /sandbox/card-fields',
  'GET /sandbox/card-fields.js',
  'GET /sandbox/chain',
  'GET /sandbox/edd',
  'GET /sandbox/klarna/:sessionId',
  'GET /sandbox/kyc/verify',
  'GET /sandbox/ledger',
  'GET /sandbox/mailbox',
  'GET /sandbox/merchant',
  'GET /sandbox/merchant/page.js',
  'GET /sandbox/merchant/sdk/:file',
  'GET /sandbox/merchant/webhooks',
  'GET /sandbox/oauth/.well-known/openid-configuration',
  'GET /sandbox/oauth/authorize',
  'GET /sandbox/oauth/jwks',
  'GET /sandbox/questionnaire',
  'GET /sandbox/service-modes',
  'POST /sandbox/3ds/:paymentId/complete',
  'POST /sandbox/3ds/:paymentId/fail',
  'POST /sandbox/appropriateness/end-cooling-off',
  'POST /sandbox/bank',
  'POST /sandbox/bank/credit',
  'POST /sandbox/bank/incoming',
  'POST /sandbox/bank/return',
  'POST /sandbox/card-fields/tokens',
  'POST /sandbox/card/disputes',
  'POST /sandbox/card/disputes/:disputeId/decide',
  'POST /sandbox/card/disputes/:disputeId/evidence',
  'POST /sandbox/chain',
  'POST /sandbox/chain/send',
  'POST /sandbox/edd/decide',
  'POST /sandbox/edd/request',
  'POST /sandbox/klarna/:sessionId/approve',
  'POST /sandbox/klarna/:sessionId/close',
  'POST /sandbox/klarna/:sessionId/decline',
  'POST /sandbox/kyc/share-token',
  'POST /sandbox/kyc/verify',
  'POST /sandbox/merchant/entry',
  'POST /sandbox/merchant/webhooks',
  'POST /sandbox/merchant/webhooks/fail-next',
  'POST /sandbox/oauth/authorize',
  'POST /sandbox/oauth/token',
  'POST /sandbox/questionnaire/assign',
  'POST /sandbox/service-modes',
];

describe('every route, called without credentials', () => {
  let t: TestApp;
  let webDist: string;
  let routes: readonly RegisteredRoute[];

  beforeAll(async () => {
    // A built web app, so its files (framework routes without a caller kind) are among the routes.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-web-dist-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Causeway</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({
      WEB_DIST: webDist,
      OPERATOR_PASSWORD: 'the-operator-password',
      HELP_DESK_OPERATOR_PASSWORD: 'the-help-desk-password',
    });
    // HEAD routes are their GET's twins, guarded alike (calls.test.ts): the GET stands for both.
    routes = t.app.callers.routes.filter((route) => route.method !== 'HEAD');
  });
  afterAll(async () => {
    await t.app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('lists the open routes: the public ones and the sandbox tools', () => {
    const ofKind = (kind: RegisteredRoute['caller']) =>
      routes
        .filter((route) => route.caller === kind)
        .map(named)
        .sort();
    expect(ofKind('public')).toEqual(PUBLIC_ROUTES);
    expect(ofKind('sandbox')).toEqual(SANDBOX_ROUTES);
    // Without a caller kind: only the framework's (platform/calls.ts FRAMEWORK_ROUTES).
    expect(ofKind(undefined)).toEqual(
      expect.arrayContaining(['GET /assets/app.js', 'GET /index.html', 'GET /prod-api/docs', 'GET /prod-api/docs/json']),
    );
    for (const route of routes.filter((r) => r.caller === undefined))
      expect(route.url, named(route)).toMatch(/^\/prod-api\/docs(\/|$)|^\/(assets\/app\.js|index\.html)$/);
  });

  it('refuses it on every other route, before anything changes', async () => {
    const guarded = routes.filter((route) => route.caller !== undefined && route.caller !== 'public' && route.caller !== 'sandbox');
    expect(guarded.length).toBeGreaterThan(60);
    const before = await contents(t.db);
    for (const route of guarded) {
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: urlOf(route),
        // A body that passes nothing: no credential, no field any route knows.
        ...(hasBody ? { payload: { junk: 'x'.repeat(32) } } : {}),
      });
      const what = `${named(route)} (${route.caller}) answered ${response.statusCode} ${response.body.slice(0, 200)}`;
      if (route.caller === 'individual' || route.caller === 'business') {
        expect(response.statusCode, what).toBe(401);
        expect(response.json().code, what).toBe('USER0000001');
      } else if (route.caller === 'operator-session') {
        // The desk: its own session header, never the person's token (docs/rules/operator-desk.md).
        expect(response.statusCode, what).toBe(401);
        expect(response.json().code, what).toBe('DSK0000001');
      } else if (route.caller === 'operator') {
        expect(response.statusCode, what).toBe(401);
        expect(response.headers['www-authenticate'], what).toMatch(/^Basic /);
      } else if (route.caller === 'webhook') {
        expect(response.statusCode, what).toBe(401);
      } else {
        // merchant-key and ticket: the signed body, URL or link the route checks is missing. A 404
        // would mean the request never reached the route, and proves nothing.
        expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, what).toBeLessThan(500);
        expect(response.statusCode, what).not.toBe(404);
      }
    }
    expect(await contents(t.db)).toEqual(before);
  });
});
