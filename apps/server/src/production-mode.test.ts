import { canonicalEntryQuery, PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, checkLoginStatus, passwordLogin, tokenHeaders } from '../test/identity-helpers.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { prepareDatabase } from './prepare-database.ts';
import { merchantApiKeys, merchants, sessions, users } from './db/schema/index.ts';
import { DEMO_DISABLED_REASON } from './demo/demo-access.ts';
import { DEMO_PASSWORD } from './demo/demo-accounts.ts';
import { DEMO_MERCHANT } from './modules/merchant/demo-merchant.ts';
import { hasSandboxTools } from './platform/deployment-mode.ts';
import { hmacHex } from './platform/crypto.ts';
import { HSTS_VALUE } from './platform/security-headers.ts';

const SECRET_KEY = 'a-production-secret-key-of-40-characters!';
const PRODUCTION = { CAUSEWAY_ENV: 'production', SECRET_KEY, PUBLIC_URL: 'https://pay.example.test' };

/** Every real provider configured (nothing is called at boot: the adapters talk to their vendors on first use). */
const REAL_PROVIDERS = {
  SMTP_URL: 'smtp://127.0.0.1:9',
  IPINFO_TOKEN: 'ipinfo-test-token',
  RECAPTCHA_SECRET: 'recaptcha-test-secret',
  RECAPTCHA_SITE_KEY: 'recaptcha-test-site-key',
  SUMSUB_APP_TOKEN: 'sumsub-test-app-token',
  SUMSUB_SECRET_KEY: 'sumsub-test-secret-key',
  SUMSUB_WEBHOOK_SECRET: 'sumsub-test-webhook-secret',
  PRICE_FEED: 'kraken',
  CARD_PROCESSOR: 'checkout',
  CHECKOUT_SECRET_KEY: 'sk_sbox_test',
  CHECKOUT_PUBLIC_KEY: 'pk_sbox_test',
  CHECKOUT_WEBHOOK_SECRET: 'checkout-webhook-signature-key',
  CHECKOUT_PROCESSING_CHANNEL_ID: 'pc_q4dbxom5jbgudnjzjpz7j2z6uq',
  CHAIN_PROVIDER: 'bitgo',
  BITGO_ACCESS_TOKEN: 'bitgo-test-token',
  BITGO_EXPRESS_URL: 'http://127.0.0.1:9',
  BITGO_WALLET_PASSPHRASE: 'bitgo-test-passphrase',
  BITGO_WALLET_IDS: 'BTC=0123456789abcdef0123456789abcdef',
  ADDRESS_SCREENING: 'chainalysis',
  CHAINALYSIS_API_KEY: 'chainalysis-test-key',
  BANK_PROVIDER: 'clearjunction',
  CLEAR_JUNCTION_API_KEY: '730ee406-817e-11e7-bb31-be2e44b06b34',
  CLEAR_JUNCTION_API_PASSWORD: 'clear-junction-test-password',
  CLEAR_JUNCTION_WALLET_UUID: '348e11ab-dbfb-4ae8-99e7-349b00868f6f',
  KLARNA_PROVIDER: 'klarna',
  KLARNA_USERNAME: 'PK12345_test',
  KLARNA_PASSWORD: 'klarna-test-password',
  KLARNA_API_URL: 'https://api.playground.klarna.com',
  OAUTH_PROVIDER: 'oidc',
  OAUTH_ISSUER_URL: 'https://accounts.example.test',
  OAUTH_CLIENT_ID: 'causeway-client',
  OAUTH_CLIENT_SECRET: 'oauth-test-client-secret',
};

/** The problems a ConfigError lists, or [] when the environment loads. */
function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

/** Every route path the app registered (Fastify's route tree, one full path per line). */
const routeList = (app: FastifyInstance) => app.printRoutes({ commonPrefix: false });

describe('CAUSEWAY_ENV and the boot', () => {
  it('defaults to sandbox; NODE_ENV=production alone changes nothing', async () => {
    expect(loadConfig({}).CAUSEWAY_ENV).toBe('sandbox');
    const t = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect(t.app.hasRoute({ method: 'GET', url: '/sandbox/mailbox' })).toBe(true);
      expect(t.app.hasRoute({ method: 'GET', url: '/sandbox/ledger' })).toBe(true);
      expect(t.app.hasRoute({ method: 'POST', url: '/sandbox/kyc/share-token' })).toBe(true);
      expect(t.app.hasRoute({ method: 'GET', url: '/sandbox/help-desk' })).toBe(true);
    } finally {
      await t.app.close();
    }
  });

  it('refuses a half-configured production in one message naming every missing piece', async () => {
    const problems = configProblems({ CAUSEWAY_ENV: 'production' });
    const named = (variable: string) => problems.find((problem) => problem.startsWith(`${variable}=`));
    expect(named('SECRET_KEY')).toContain('must be set in production');
    expect(named('PUBLIC_URL')).toContain('https');
    const refused = {
      SMTP_URL: 'mail',
      IPINFO_TOKEN: 'geo',
      RECAPTCHA_SECRET: 'bot-check',
      SUMSUB_APP_TOKEN: 'kyc',
      PRICE_FEED: 'prices',
      CARD_PROCESSOR: 'card-processor',
      CHAIN_PROVIDER: 'chain',
      BANK_PROVIDER: 'bank',
      ADDRESS_SCREENING: 'address-screening',
      KLARNA_PROVIDER: 'klarna',
      OAUTH_PROVIDER: 'oauth',
    };
    for (const [variable, name] of Object.entries(refused)) expect(named(variable)).toContain(`ALLOW_SANDBOX=${name}`);
    // The Sumsub secrets choose kyb as they choose kyc: both refusals name them.
    expect(problems.filter((problem) => problem.startsWith('SUMSUB_APP_TOKEN=')).join('\n')).toContain('ALLOW_SANDBOX=kyb');
    expect(problems).toHaveLength(3 + Object.keys(refused).length);
    // The server stops before it opens anything, with the message main.ts prints.
    await expect(createTestApp({ CAUSEWAY_ENV: 'production' })).rejects.toThrow(
      /Causeway cannot start: the environment has 14 bad variable\(s\)[\s\S]*ALLOW_SANDBOX=card-processor/,
    );
  });

  it('requires SECRET_KEY and an https PUBLIC_URL even with every sandbox allowed', () => {
    expect(configProblems({ ...PRODUCTION, ALLOW_SANDBOX: 'all' })).toEqual([]);
    expect(configProblems({ ...PRODUCTION, ALLOW_SANDBOX: 'all', PUBLIC_URL: 'http://pay.example.test' })).toEqual([
      'PUBLIC_URL="http://pay.example.test": must be an https:// URL in production',
    ]);
    const [missingSecret] = configProblems({ ...PRODUCTION, ALLOW_SANDBOX: 'all', SECRET_KEY: '' });
    expect(missingSecret).toMatch(/^SECRET_KEY=\(value hidden\): must be set in production/);
    // Sandbox mode asks for neither.
    expect(configProblems({ PUBLIC_URL: 'http://localhost:8080' })).toEqual([]);
  });

  it('admits exactly the sandboxes ALLOW_SANDBOX names, and refuses unknown names', () => {
    const problems = configProblems({ ...PRODUCTION, ...REAL_PROVIDERS, SMTP_URL: '', PRICE_FEED: 'sandbox', ALLOW_SANDBOX: 'mail' });
    expect(problems).toEqual([
      expect.stringMatching(
        /^PRICE_FEED="sandbox": the sandbox prices is refused in production: set PRICE_FEED=kraken, or allow it with ALLOW_SANDBOX=prices$/,
      ),
    ]);
    expect(
      configProblems({ ...PRODUCTION, ...REAL_PROVIDERS, SMTP_URL: '', PRICE_FEED: 'sandbox', ALLOW_SANDBOX: 'mail, prices' }),
    ).toEqual([]);
    expect(configProblems({ ...PRODUCTION, ...REAL_PROVIDERS })).toEqual([]);
    expect(configProblems({ ...PRODUCTION, ALLOW_SANDBOX: 'all,kyx' })).toEqual([
      expect.stringMatching(/^ALLOW_SANDBOX="all,kyx": unknown name\(s\) kyx: use all, or some of mail, geo/),
    ]);
  });
});

describe('production with every provider real', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = (await createTestApp({ ...PRODUCTION, ...REAL_PROVIDERS })).app;
  });
  afterAll(() => app.close());

  it('registers no /sandbox route at all', async () => {
    expect(routeList(app)).not.toMatch(/sandbox/);
    // Nor any route of the sandbox caller kind, wherever it lives.
    expect(app.callers.routes.filter((route) => route.caller === 'sandbox')).toEqual([]);
    for (const url of [
      '/sandbox/mailbox?to=demo@causeway.test',
      '/sandbox/ledger',
      '/sandbox/merchant/webhooks',
      '/sandbox/bank',
      '/sandbox/help-desk',
      '/sandbox/kyc/verify?token=x',
      '/sandbox/3ds/pay_1',
      '/sandbox/klarna/0b1d9815-165e-42e2-8867-35bc03789e00',
      '/sandbox/oauth/authorize',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await app.inject({ method: 'POST', url: '/sandbox/kyc/share-token', payload: {} })).statusCode).toBe(404);
  });

  it('keeps the operator page only behind its password', async () => {
    const guarded = await createTestApp({ ...PRODUCTION, ...REAL_PROVIDERS, HELP_DESK_OPERATOR_PASSWORD: 'correct horse battery' });
    try {
      const response = await guarded.app.inject({ method: 'GET', url: '/sandbox/help-desk' });
      expect(response.statusCode).toBe(401);
    } finally {
      await guarded.app.close();
    }
  });

  it('sends HSTS on every answer, and no-store on API answers', async () => {
    const health = await app.inject({ method: 'GET', url: '/prod-api/health' });
    expect(health.headers['strict-transport-security']).toBe(HSTS_VALUE);
    expect(health.headers['cache-control']).toBe('no-store');
    const missing = await app.inject({ method: 'GET', url: '/nowhere', headers: { accept: 'text/html' } });
    expect(missing.headers['strict-transport-security']).toBe(HSTS_VALUE);
  });
});

describe('production with some sandboxes allowed by name', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const { SUMSUB_APP_TOKEN: _a, SUMSUB_SECRET_KEY: _b, SUMSUB_WEBHOOK_SECRET: _c, ...rest } = REAL_PROVIDERS;
    app = (
      await createTestApp({
        ...PRODUCTION,
        ...rest,
        CARD_PROCESSOR: 'sandbox',
        KLARNA_PROVIDER: 'sandbox',
        OAUTH_PROVIDER: 'sandbox',
        ALLOW_SANDBOX: 'kyc,kyb,card-processor,klarna,oauth',
      })
    ).app;
  });
  afterAll(() => app.close());

  it('keeps the vendor-like pages they need and none of the sandbox tools', async () => {
    expect(app.hasRoute({ method: 'GET', url: '/sandbox/kyc/verify' })).toBe(true);
    expect(app.hasRoute({ method: 'POST', url: '/sandbox/kyc/verify' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/sandbox/3ds/:paymentId' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/sandbox/klarna/:sessionId' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/sandbox/oauth/authorize' })).toBe(true);
    // The vendor page answers (an unknown token is its own "link expired" page, not a 404).
    expect((await app.inject({ method: 'GET', url: '/sandbox/kyc/verify?token=unknown' })).statusCode).toBe(403);
    expect(app.hasRoute({ method: 'POST', url: '/sandbox/kyc/share-token' })).toBe(false);
    expect(app.hasRoute({ method: 'GET', url: '/sandbox/ledger' })).toBe(false);
    expect(app.hasRoute({ method: 'GET', url: '/sandbox/mailbox' })).toBe(false);
    expect(app.hasRoute({ method: 'GET', url: '/sandbox/help-desk' })).toBe(false);
  });
});

describe('demo data across a sandbox start, a production start and a sandbox start again (F2)', () => {
  let database: DatabaseHandle;
  /** The database outlives each app, as it does across restarts. */
  const kept = () => ({ ...database, close: async () => {} });
  const env = { LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent-web-dist', JOB_POLL_MS: '0', SECRET_KEY };

  /** What main.ts does at boot: prepare the database for the mode, then build the app. */
  async function start(extra: Record<string, string>): Promise<FastifyInstance> {
    const config = loadConfig({ ...env, ...extra });
    await prepareDatabase(database, {
      secretKey: config.SECRET_KEY,
      demoData: hasSandboxTools(config),
      cardProcessor: config.CARD_PROCESSOR,
    });
    const app = await buildApp({ config, database: kept() });
    await app.ready();
    return app;
  }

  const signIn = async (app: FastifyInstance, email: string, loginMode = 'individual') =>
    (await passwordLogin(app, { email, password: DEMO_PASSWORD, loginMode })).body.data;
  const signedTransaction = (tranId: string) => {
    const params = {
      apiKey: DEMO_MERCHANT.apiKey,
      timestamp: String(Date.now()),
      tranId,
      tranType: 'buy',
      fiatCurrency: 'EUR',
      fiatAmount: '80',
      cryptoCurrency: 'BTC',
      network: 'BTC',
    };
    return { ...params, signature: hmacHex(Buffer.from(DEMO_MERCHANT.secret), canonicalEntryQuery(params)) };
  };
  const createTransaction = (app: FastifyInstance, tranId: string) =>
    call(app, 'POST', PATHS.merchantTransactionCreate, { body: signedTransaction(tranId) });
  const demoRows = () =>
    database.db
      .select({ email: users.emailNormalized, status: users.accountStatus, reason: users.accountStatusReasonCode })
      .from(users)
      .orderBy(users.emailNormalized);

  let demoToken: string;
  let businessToken: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The test database was seeded under a generated secret: reseal the demo merchant under SECRET_KEY, as a first start with it would.
    await database.db.delete(merchantApiKeys).where(eq(merchantApiKeys.merchantId, DEMO_MERCHANT.id));
  });
  afterAll(() => database.close());

  it('a sandbox start: the demo accounts sign in and the demo merchant signs', async () => {
    const app = await start({});
    try {
      const demo = await signIn(app, 'demo@causeway.test');
      expect(demo.status).toBe('SUCCESS');
      demoToken = demo.token.token;
      const business = await signIn(app, 'business@causeway.test', 'business');
      expect(business.status).toBe('SUCCESS');
      businessToken = business.token.token;
      expect((await checkLoginStatus(app, tokenHeaders(demoToken))).isLogin).toBe(true);
      expect((await createTransaction(app, 'sandbox-1')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a production start on the same database: no sign-in, no session, no signature, at every boot', async () => {
    for (let boot = 0; boot < 2; boot += 1) {
      const app = await start({ ...PRODUCTION, ALLOW_SANDBOX: 'all' });
      try {
        const demo = await signIn(app, 'demo@causeway.test');
        expect(demo).toMatchObject({ status: 'BLOCKED', token: null, accountStatusReasonCode: DEMO_DISABLED_REASON });
        expect((await signIn(app, 'business@causeway.test', 'business')).token).toBeNull();
        expect((await checkLoginStatus(app, tokenHeaders(demoToken))).isLogin).toBe(false);
        expect((await checkLoginStatus(app, tokenHeaders(businessToken, 'business'))).isLogin).toBe(false);
        const refused = await createTransaction(app, `production-${boot}`);
        expect(refused.body.code).toBe('USE000001010');
      } finally {
        await app.close();
      }
    }
    expect(await demoRows()).toEqual([
      { email: 'business@causeway.test', status: 'Blocked', reason: DEMO_DISABLED_REASON },
      { email: 'demo@causeway.test', status: 'Blocked', reason: DEMO_DISABLED_REASON },
    ]);
    const [merchant] = await database.db.select().from(merchants).where(eq(merchants.id, DEMO_MERCHANT.id));
    expect(merchant?.status).toBe('Disabled');
    const live = (await database.db.select().from(sessions)).filter((session) => !session.revokedAt);
    expect(live).toEqual([]);
  });

  it('a sandbox start again: the demo data works again (old sessions stay ended); another block stays', async () => {
    await database.db.update(users).set({ accountStatusReasonCode: 'AC100002' }).where(eq(users.emailNormalized, 'business@causeway.test'));
    const app = await start({});
    try {
      expect((await signIn(app, 'demo@causeway.test')).status).toBe('SUCCESS');
      expect((await checkLoginStatus(app, tokenHeaders(demoToken))).isLogin).toBe(false);
      expect((await createTransaction(app, 'sandbox-2')).statusCode).toBe(200);
      expect((await signIn(app, 'business@causeway.test', 'business')).status).toBe('BLOCKED');
    } finally {
      await app.close();
    }
  });
});

describe('no-store and HSTS in sandbox mode', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = (await createTestApp({ TRUST_PROXY: 'true' })).app;
  });
  afterAll(() => app.close());

  it('sends HSTS only to requests that came over https', async () => {
    expect((await app.inject({ method: 'GET', url: '/prod-api/health' })).headers['strict-transport-security']).toBeUndefined();
    const proxied = await app.inject({ method: 'GET', url: '/prod-api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers['strict-transport-security']).toBe(HSTS_VALUE);
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY', async () => {
    const direct = await createTestApp();
    try {
      const response = await direct.app.inject({ method: 'GET', url: '/prod-api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await direct.app.close();
    }
  });

  it('marks every authenticated answer and every API answer no-store, except public texts asked without a token', async () => {
    const signedIn = (await passwordLogin(app, { email: 'demo@causeway.test', password: DEMO_PASSWORD })).body.data.token.token as string;
    const status = await app.inject({ method: 'GET', url: `/prod-api${PATHS.checkLoginStatus}`, headers: tokenHeaders(signedIn) });
    expect(status.headers['cache-control']).toBe('no-store');
    const refused = await app.inject({ method: 'GET', url: `/prod-api${PATHS.checkLoginStatus}`, headers: { token: 'not-a-token' } });
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: `/prod-api${PATHS.listCurrency}` })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/sandbox/mailbox?to=demo@causeway.test' })).headers['cache-control']).toBe('no-store');

    const translations = `/prod-api${PATHS.translations}?projectId=39&lang=en`;
    const publicTexts = await app.inject({ method: 'GET', url: translations, headers: { 'api-key': 'cw_public_i18n_key' } });
    expect(publicTexts.statusCode).toBe(200);
    expect(publicTexts.headers['cache-control']).toBe('public, max-age=300');
    const withToken = await app.inject({
      method: 'GET',
      url: translations,
      headers: { 'api-key': 'cw_public_i18n_key', ...tokenHeaders(signedIn) },
    });
    expect(withToken.headers['cache-control']).toBe('no-store');
  });
});
