import { API_BASE, PATHS } from '@causeway/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ManualClock, nextIp, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { clientLogs, rateLimitBuckets } from '../../db/schema/index.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createClientLogRepository } from './client-log.repository.ts';
import { CLIENT_LOG_LIMITS } from './client-log.routes.ts';

let t: TestApp & { clock: ManualClock };
beforeAll(async () => {
  const clock = createManualClock();
  t = { ...(await createTestApp({}, undefined, { clock })), clock };
});
afterAll(async () => {
  await t.app.close();
});

const uuid = () => crypto.randomUUID();
const storedFor = async (clientUuid: string) =>
  (await t.db.select({ n: count() }).from(clientLogs).where(eq(clientLogs.clientUuid, clientUuid)))[0]?.n ?? 0;
const post = (clientUuid: string, options: { ip?: string; headers?: Record<string, string>; logMap?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${API_BASE}${PATHS.clientLog}`,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.headers ?? {},
    payload: { uuid: clientUuid, logMap: options.logMap ?? { page: 'login-v2', event: 'submit' } },
  });

describe('common/log is bounded (issue 13 F5)', () => {
  it(`stores at most ${CLIENT_LOG_LIMITS.perIpPerHour} of 200 parallel requests from one address, and refuses the rest with 429 and Retry-After`, async () => {
    const ip = nextIp();
    const clientUuid = uuid();
    const answers = await Promise.all(Array.from({ length: 200 }, () => post(clientUuid, { ip })));
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(CLIENT_LOG_LIMITS.perIpPerHour);
    expect(refused).toHaveLength(200 - CLIENT_LOG_LIMITS.perIpPerHour);
    expect(refused[0]?.json()).toMatchObject({ code: 'REQ0000429' });
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused[0]?.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await storedFor(clientUuid)).toBe(CLIENT_LOG_LIMITS.perIpPerHour);
  });

  it('limits a signed-in person across addresses', async () => {
    const token = await signUp(t.app, 'client.log.person@example.test');
    const clientUuid = uuid();
    for (let i = 0; i < CLIENT_LOG_LIMITS.perPersonPerHour; i += 1)
      expect((await post(clientUuid, { ip: nextIp(), headers: tokenHeaders(token) })).statusCode).toBe(200);
    const over = await post(clientUuid, { ip: nextIp(), headers: tokenHeaders(token) });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    // Without the token the same person is one more address.
    expect((await post(clientUuid, { ip: nextIp() })).statusCode).toBe(200);
    expect(await storedFor(clientUuid)).toBe(CLIENT_LOG_LIMITS.perPersonPerHour + 1);
  });

  it('stops storing when everyone together reached the hourly ceiling, and starts again in the next hour', async () => {
    const now = t.clock.now();
    await t.db
      .insert(rateLimitBuckets)
      .values({ key: 'client-log:all', count: CLIENT_LOG_LIMITS.storedPerHour, windowStartedAt: now })
      .onConflictDoUpdate({ target: rateLimitBuckets.key, set: { count: CLIENT_LOG_LIMITS.storedPerHour, windowStartedAt: now } });
    const clientUuid = uuid();
    const refused = await post(clientUuid, { ip: nextIp() });
    expect(refused.statusCode).toBe(429);
    expect(await storedFor(clientUuid)).toBe(0);
    t.clock.advance(3_600_000);
    expect((await post(clientUuid, { ip: nextIp() })).statusCode).toBe(200);
    expect(await storedFor(clientUuid)).toBe(1);
  });

  it(`refuses a body over ${CLIENT_LOG_LIMITS.bodyBytes / 1024} KB with 413 before storing anything`, async () => {
    const clientUuid = uuid();
    const big = await post(clientUuid, {
      ip: nextIp(),
      logMap: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`field${i}`, 'x'.repeat(1000)])),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'REQ0000413' });
    expect(await storedFor(clientUuid)).toBe(0);
  });

  it('refuses a malformed log with 400 and stores nothing', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${PATHS.clientLog}`,
      remoteAddress: nextIp(),
      payload: { uuid: 'not-a-uuid', logMap: { a: 'b' } },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'REQ0000400' });
  });

  it(`forgets rows after ${CLIENT_LOG_LIMITS.keepDays} days through the hourly job`, async () => {
    const old = uuid();
    const recent = uuid();
    expect((await post(old, { ip: nextIp() })).statusCode).toBe(200);
    t.clock.advance(CLIENT_LOG_LIMITS.keepDays * 24 * 3_600_000 + 60_000);
    expect((await post(recent, { ip: nextIp() })).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(await storedFor(old)).toBe(0);
    expect(await storedFor(recent)).toBe(1);
  });

  it('keeps only the newest rows when more came in than the table may hold', async () => {
    const repository = createClientLogRepository(t.db);
    const clientUuid = uuid();
    const start = t.clock.now().getTime();
    for (let i = 0; i < 5; i += 1)
      await repository.add({ clientUuid, entries: { i: String(i) }, userAgent: undefined, createdAt: new Date(start + i * 1000) });
    await repository.prune(new Date(start - 1), 3);
    const kept = await t.db.select({ entries: clientLogs.entries }).from(clientLogs);
    expect(kept.map((row) => (row.entries as { i: string }).i).sort()).toEqual(['2', '3', '4']);
  });
});
