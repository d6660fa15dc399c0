import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createManualClock } from '../../platform/clock.ts';
import { SETTINGS_CACHE_TTL_MS } from '../../platform/ttl-cache.ts';
import type { IdentityTestApp } from '../../../test/identity-helpers.ts';
import { getQuote, verifiedBuyer } from '../../../test/order-helpers.ts';
import { createTestDatabase } from '../../../test/test-database.ts';

/**
 * Decision 003 and docs/rules/limits.md "Who changes them": an operator's change is priced at once by the
 * process that made it, and by every other process within SETTINGS_CACHE_TTL_MS (each keeps its own copy for
 * that long, and nothing but the database is shared). Two app instances on one database stand for two
 * processes behind a load balancer, as in identity/multi-process.test.ts.
 */
let database: DatabaseHandle;
let first: IdentityTestApp;
let second: IdentityTestApp;
const clock = createManualClock();

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent-web-dist', JOB_POLL_MS: '0' });
  const app = (handle: DatabaseHandle): Promise<FastifyInstance> => buildApp({ config, database: handle, clock });
  const [one, two] = [await app(database), await app({ ...database, close: async () => {} })];
  await Promise.all([one.ready(), two.ready()]);
  const shared = { db: database.db, unitOfWork: database.unitOfWork, logs: [], clock };
  first = { ...shared, app: one };
  second = { ...shared, app: two };
});
afterAll(async () => {
  await second.app.close();
  await first.app.close();
});

/** Asks until `read` answers `wanted` (real time: the caches' TTL is real time), and how long it took. */
async function seenWithin<T>(read: () => Promise<T>, wanted: T, deadlineMs: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    if ((await read()) === wanted) return Date.now() - start;
    if (Date.now() - start > deadlineMs) throw new Error(`still not ${String(wanted)} after ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an operator’s change on one process', () => {
  it('a fee, a tier limit and a pair: priced at once where changed, and on the other process within the cache’s second', async () => {
    const buyer = await verifiedBuyer(first, 'settings-processes@example.com');
    const quote = (t: IdentityTestApp, body: Record<string, unknown> = {}) =>
      getQuote(t, buyer.headers, { orderId: randomUUID(), ...body });
    // Both processes have priced, so both remember the schedule, the tiers and the catalogue.
    for (const t of [first, second]) expect((await quote(t)).body.data.fees.ourFeeBeforeDiscount).toBe('2.50');

    const fees = first.app.faces.get('quotes').fees;
    const limits = first.app.faces.get('kyc').limits;
    const pairs = first.app.faces.get('reference').pairs;
    try {
      await fees.changeChannelFee('opr_processes', { channelCode: 'CHECKOUT', feeRate: '0.04' });
      await limits.changeLimitTier('opr_processes', { kycLevel: 1, DAILY: '5000' });
      await pairs.changePair('opr_processes', { pairId: 'EUR-ETH-ETH', enabled: false });

      expect((await quote(first)).body.data).toMatchObject({ fees: { ourFeeBeforeDiscount: '4.00' }, maxAmount: '5000.00' });
      expect((await quote(first, { cryptoCurrency: 'ETH', network: 'ETH', walletAddress: undefined })).body.code).toBe('ODR00001002');

      const deadline = SETTINGS_CACHE_TTL_MS + 2_000;
      const feeOnSecond = async () => (await quote(second)).body.data.fees.ourFeeBeforeDiscount as string;
      const roomOnSecond = async () => (await quote(second)).body.data.maxAmount as string;
      const ethOnSecond = async () =>
        (await quote(second, { cryptoCurrency: 'ETH', network: 'ETH', walletAddress: undefined })).body.code as string;
      expect(await seenWithin(feeOnSecond, '4.00', deadline)).toBeLessThanOrEqual(deadline);
      expect(await seenWithin(roomOnSecond, '5000.00', deadline)).toBeLessThanOrEqual(deadline);
      expect(await seenWithin(ethOnSecond, 'ODR00001002', deadline)).toBeLessThanOrEqual(deadline);
    } finally {
      await fees.changeChannelFee('opr_processes', { channelCode: 'CHECKOUT', feeRate: '0.025' });
      await limits.changeLimitTier('opr_processes', { kycLevel: 1, DAILY: '10000' });
      await pairs.changePair('opr_processes', { pairId: 'EUR-ETH-ETH', enabled: true });
    }
  });

  it('a feature switch: read from the database by every query, so the other process answers it at once', async () => {
    const answer = async (app: FastifyInstance) =>
      (
        (
          await app.inject({ method: 'GET', url: '/prod-api/capi/v1/common/feature-switch/query?clientType=Web&entry=main&version=1025' })
        ).json().data as Array<{ label: string; enable: boolean }>
      ).find((item) => item.label === 'deposit')?.enable;
    const key = { clientType: 'Web', entry: 'main', label: 'deposit', minVersion: 0 };
    try {
      await first.app.faces.get('entry').switches.setFeatureSwitch('opr_processes', { ...key, enable: false });
      expect(await answer(second.app)).toBe(false);
    } finally {
      await first.app.faces.get('entry').switches.setFeatureSwitch('opr_processes', { ...key, enable: true });
    }
    expect(await answer(second.app)).toBe(true);
  });
});
