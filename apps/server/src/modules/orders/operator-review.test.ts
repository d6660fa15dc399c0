import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { addCard, buy, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { orderEvents, orders } from '../../db/schema/index.ts';
import { createManualClock } from '../../platform/clock.ts';
import { OPERATOR_LOCK_POLICY } from '../../platform/operator-password.ts';
import type { CardProcessorProvider } from '../../providers/card-processor/card-processor.ts';
import { createLateAuthorisationReconciler } from './late-authorisations.ts';
import { OPERATOR_REVIEW_PATH } from './operator-review.routes.ts';

// Issue 13: "an operator-visible state for payouts that never confirm", in production too, where
// /sandbox/ledger does not exist: /operator/orders-awaiting-review behind OPERATOR_PASSWORD.

const PASSWORD = 'operator password, long enough';
const SECRET_KEY = 'a-production-secret-key-of-40-characters!';
const PRODUCTION = { CAUSEWAY_ENV: 'production', SECRET_KEY, PUBLIC_URL: 'https://pay.example.test', ALLOW_SANDBOX: 'all' };
const JSON_URL = `${OPERATOR_REVIEW_PATH}?format=json`;

const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`operator:${password}`).toString('base64')}` });
const page = (app: FastifyInstance, options: { password?: string; ip?: string; url?: string } = {}) =>
  app.inject({
    method: 'GET',
    url: options.url ?? JSON_URL,
    headers: options.password ? basic(options.password) : {},
    remoteAddress: options.ip ?? '198.51.100.1',
  });

describe('a payout past its deadline, seen by an operator of a production install', () => {
  let database: DatabaseHandle;
  const clock = createManualClock();
  const logs: string[] = [];
  /** The database outlives each app, as it does across restarts. */
  const kept = () => ({ ...database, close: async () => {} });
  async function start(env: Record<string, string>): Promise<FastifyInstance> {
    const config = loadConfig({ LOG_LEVEL: 'debug', WEB_DIST: '/nonexistent-web-dist', JOB_POLL_MS: '0', SECRET_KEY, ...env });
    const logStream = new Writable({
      write: (chunk, _encoding, callback) => {
        logs.push(String(chunk));
        callback();
      },
    });
    const app = await buildApp({ config, database: kept(), clock, logStream });
    await app.ready();
    return app;
  }

  let orderId: string;
  let walletAddress: string;
  let reviewSince: Date;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Production has no mailbox to sign a buyer up through: a sandbox start places the order. Its
    // chain confirms after 10 minutes, past a 1-minute payout deadline, so the order's own worker
    // moves it to PAYOUT_REVIEW.
    const app = await start({ SANDBOX_CHAIN_CONFIRM_MS: '600000', PAYOUT_CONFIRM_DEADLINE_MS: '60000' });
    try {
      const t: IdentityTestApp = { app, db: database.db, unitOfWork: database.unitOfWork, clock, logs };
      const buyer = await verifiedBuyer(t, 'operator-review@example.com');
      const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
      ({ orderId } = await buy(t, buyer.headers, card.cardId));
      const step = async () => (await database.db.select({ step: orders.step }).from(orders).where(eq(orders.id, orderId)))[0]?.step;
      for (let round = 0; round < 20 && (await step()) !== 'PAYOUT_REVIEW'; round += 1) {
        await app.jobs.drain();
        clock.advance(10_000);
      }
      expect(await step()).toBe('PAYOUT_REVIEW');
    } finally {
      await app.close();
    }
    walletAddress = (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.walletAddress;
    reviewSince = (
      await database.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.step, 'PAYOUT_REVIEW')))
    )[0]!.at;
  });
  afterAll(() => database.close());

  it('lists it with the password: order, step, since when, amount, network, payout and hash; never the person or the wallet', async () => {
    const app = await start({ ...PRODUCTION, OPERATOR_PASSWORD: PASSWORD });
    try {
      // Production: no sandbox ledger; this page instead.
      expect(app.hasRoute({ method: 'GET', url: '/sandbox/ledger' })).toBe(false);
      const answer = await page(app, { password: PASSWORD });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      const [row] = (answer.json() as { orders: Array<Record<string, unknown>> }).orders;
      const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(row).toEqual({
        orderId,
        kind: 'payout',
        status: 'PROCESSING',
        step: 'PAYOUT_REVIEW',
        since: reviewSince.toISOString(),
        reason: 'awaiting operator: the transfer is still pending',
        fiatAmount: '100.00',
        fiatCurrency: 'EUR',
        cryptoAmount: expect.stringMatching(/^0\.\d+$/),
        cryptoCurrency: 'BTC',
        network: 'BTC',
        processor: 'sandbox',
        paymentId: order!.paymentId,
        payoutId: order!.payoutId,
        txHash: order!.txHash,
        payoutStartedAt: order!.payoutStartedAt!.toISOString(),
      });
      expect(order!.payoutId).toBeTruthy();
      const text = answer.body;
      for (const personal of [walletAddress, 'operator-review@example.com', order!.userId, order!.cardId!])
        expect(text).not.toContain(personal);

      const html = await page(app, { password: PASSWORD, url: OPERATOR_REVIEW_PATH });
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(html.headers['cache-control']).toBe('no-store');
      expect(html.body).toContain(orderId);
      expect(html.body).toContain(order!.txHash!);
      expect(html.body).toContain('<meta name="color-scheme" content="light dark">');
      expect(html.body).not.toContain(walletAddress);
      expect(logs.join('')).not.toContain(PASSWORD);
    } finally {
      await app.close();
    }
  });

  it('answers 401 with a Basic challenge without the password or with a wrong one', async () => {
    const app = await start({ ...PRODUCTION, OPERATOR_PASSWORD: PASSWORD });
    try {
      const without = await page(app, { ip: '198.51.100.2' });
      expect(without.statusCode).toBe(401);
      expect(without.headers['www-authenticate']).toMatch(/^Basic realm="Causeway operator"/);
      expect(without.body).not.toContain(orderId);
      const wrong = await page(app, { password: 'not the operator password', ip: '198.51.100.2' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).not.toContain(orderId);
    } finally {
      await app.close();
    }
  });

  it('is not registered in production without OPERATOR_PASSWORD, and the boot says so', async () => {
    const app = await start(PRODUCTION);
    try {
      expect(app.hasRoute({ method: 'GET', url: OPERATOR_REVIEW_PATH })).toBe(false);
      expect((await page(app, { password: PASSWORD })).statusCode).toBe(404);
      expect(logs.join('')).toContain('set OPERATOR_PASSWORD');
    } finally {
      await app.close();
    }
  });
});

describe('the operator password is limited like a sign-in', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.app.close();
    t = undefined;
  });

  it('checks at most 5 of 100 parallel wrong passwords from an address, then locks it an hour (the help desk behind the same password too)', async () => {
    const clock = createManualClock();
    t = await createTestApp({ ...PRODUCTION, OPERATOR_PASSWORD: PASSWORD }, undefined, { clock });
    const ip = '198.51.100.7';
    const guesses = await Promise.all(Array.from({ length: 100 }, (_, i) => page(t!.app, { password: `wrong password ${i}`, ip })));
    expect(guesses.filter((answer) => answer.statusCode === 401)).toHaveLength(OPERATOR_LOCK_POLICY.maxFailuresPerAddress);
    expect(guesses.filter((answer) => answer.statusCode === 429)).toHaveLength(100 - OPERATOR_LOCK_POLICY.maxFailuresPerAddress);

    const right = await page(t.app, { password: PASSWORD, ip });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'REQ0000429' });
    expect(Number(right.headers['retry-after'])).toBe(3600);
    // Without HELP_DESK_OPERATOR_PASSWORD the help desk's page takes OPERATOR_PASSWORD, and its count.
    expect((await page(t.app, { password: PASSWORD, ip, url: '/sandbox/help-desk?format=json' })).statusCode).toBe(429);
    // The lock is the address's: the operator elsewhere is not shut out.
    expect((await page(t.app, { password: PASSWORD, ip: '203.0.113.20' })).statusCode).toBe(200);
    expect((await page(t.app, { password: PASSWORD, ip: '203.0.113.20', url: '/sandbox/help-desk?format=json' })).statusCode).toBe(200);

    clock.advance(OPERATOR_LOCK_POLICY.lockMs);
    expect((await page(t.app, { password: PASSWORD, ip })).statusCode).toBe(200);
  });

  it('keeps a separate HELP_DESK_OPERATOR_PASSWORD separate: neither password opens the other page', async () => {
    t = await createTestApp({ ...PRODUCTION, OPERATOR_PASSWORD: PASSWORD, HELP_DESK_OPERATOR_PASSWORD: 'help desk password, another' });
    expect((await page(t.app, { password: 'help desk password, another' })).statusCode).toBe(401);
    expect((await page(t.app, { password: PASSWORD })).statusCode).toBe(200);
    expect((await page(t.app, { password: PASSWORD, url: '/sandbox/help-desk?format=json' })).statusCode).toBe(401);
    expect((await page(t.app, { password: 'help desk password, another', url: '/sandbox/help-desk?format=json' })).statusCode).toBe(200);
  });

  it('is open without a password only on a sandbox install (sandbox mode, sandbox mail)', async () => {
    t = await createTestApp();
    expect((await page(t.app)).json()).toEqual({ orders: [] });
    await t.app.close();
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    expect(t.app.hasRoute({ method: 'GET', url: OPERATOR_REVIEW_PATH })).toBe(false);
  });
});

describe('an ended order whose payment the reconcile found captured', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    const clock = createManualClock();
    t = { ...(await createTestApp({ OPERATOR_PASSWORD: PASSWORD }, undefined, { clock })), clock };
  });
  afterAll(() => t.app.close());

  it('is flagged for an operator and listed, with the payment and why, escaped on the page', async () => {
    const buyer = await verifiedBuyer(t, 'late-capture@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.declined);
    const { orderId } = await buy(t, buyer.headers, card.cardId);
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({
      status: 'FAILED',
      step: 'DONE',
      operatorReviewSince: null,
    });

    // The processor now shows a captured payment for it that no rule of ours made (one with markup in its id, for the page).
    const lateId = 'pay_<b>late</b>';
    const processor = {
      findPayment: async () => ({
        paymentId: lateId,
        reference: orderId,
        status: 'CAPTURED',
        amount: '100.00',
        currency: 'EUR',
        authorizedAmount: null,
        challengeUrl: null,
        declineReason: null,
      }),
    } as unknown as CardProcessorProvider;
    const silent = { warn: () => {}, error: () => {}, info: () => {}, debug: () => {} } as never;
    const reconcile = createLateAuthorisationReconciler({ orders: t.app.orders.repository, processor, clock: t.clock, log: silent });
    const flaggedAt = t.clock.now();
    await reconcile({ orderId, until: new Date(flaggedAt.getTime() + 60_000).toISOString() });
    t.clock.advance(60_000);
    await reconcile({ orderId, until: flaggedAt.toISOString() });

    const listed = (await page(t.app, { password: PASSWORD })).json().orders as Array<Record<string, unknown>>;
    expect(listed).toEqual([
      expect.objectContaining({
        orderId,
        kind: 'payment',
        status: 'FAILED',
        step: 'DONE',
        since: flaggedAt.toISOString(),
        reason: `reconcile: payment ${lateId} is CAPTURED: operator to review`,
      }),
    ]);
    const html = await page(t.app, { password: PASSWORD, url: OPERATOR_REVIEW_PATH });
    expect(html.body).toContain('pay_&#60;b&#62;late&#60;/b&#62;');
    expect(html.body).not.toContain('<b>late');

    // Cleared by the operator once handled: off the page.
    await t.db.update(orders).set({ operatorReviewSince: null }).where(eq(orders.id, orderId));
    expect((await page(t.app, { password: PASSWORD })).json()).toEqual({ orders: [] });
  });
});
