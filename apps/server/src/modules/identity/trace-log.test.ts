import { API_BASE, PATHS, TRACE_REDACTED } from '@causeway/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ManualClock, nextIp, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { clientTraceEvents, rateLimitBuckets } from '../../db/schema/index.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createTraceLogRepository } from './trace-log.repository.ts';
import { TRACE_LOG_LIMITS } from './trace-log.routes.ts';

let t: TestApp & { clock: ManualClock };
beforeAll(async () => {
  const clock = createManualClock();
  t = { ...(await createTestApp({}, undefined, { clock })), clock };
});
afterAll(async () => {
  await t.app.close();
});

interface EventInput {
  elementId: string;
  subElementId?: string;
  message?: string;
}
const event = (input: EventInput) => ({ uuid: crypto.randomUUID(), at: t.clock.now().toISOString(), ...input });
/** `size` events of one element: each test names its own, and counts the rows stored under it. */
const batchOf = (elementId: string, size: number) => Array.from({ length: size }, () => event({ elementId }));
const storedFor = async (elementId: string) =>
  (await t.db.select({ n: count() }).from(clientTraceEvents).where(eq(clientTraceEvents.elementId, elementId)))[0]?.n ?? 0;
const post = (events: unknown[], options: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${API_BASE}${PATHS.traceLog}`,
    remoteAddress: options.ip ?? nextIp(),
    headers: options.headers ?? {},
    payload: { events },
  });
/** Sets a counter as if its limit had been reached this hour. */
const fillBucket = (key: string, value: number) =>
  t.db
    .insert(rateLimitBuckets)
    .values({ key, count: value, windowStartedAt: t.clock.now() })
    .onConflictDoUpdate({ target: rateLimitBuckets.key, set: { count: value, windowStartedAt: t.clock.now() } });

describe('user/trace/log is bounded', () => {
  it(`stores at most ${TRACE_LOG_LIMITS.eventsPerIpPerHour} events an hour from one address, counted atomically under 40 parallel batches of 50`, async () => {
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: 40 }, () => post(batchOf('bound.ip', 50), { ip })));
    const accepted = TRACE_LOG_LIMITS.eventsPerIpPerHour / 50;
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(accepted);
    expect(refused).toHaveLength(40 - accepted);
    expect(refused[0]?.json()).toMatchObject({ code: 'REQ0000429' });
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused[0]?.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await storedFor('bound.ip')).toBe(TRACE_LOG_LIMITS.eventsPerIpPerHour);
  });

  it(`refuses an address's batch beyond ${TRACE_LOG_LIMITS.batchesPerIpPerHour} an hour before reading its body`, async () => {
    const ip = nextIp();
    await fillBucket(`trace-log:batch:ip:${ip}`, TRACE_LOG_LIMITS.batchesPerIpPerHour);
    // Not even a malformed body is looked at: the refusal comes first.
    const refused = await post([{ nonsense: true }], { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await post(batchOf('bound.batches', 1), { ip })).statusCode).toBe(429);
    expect(await storedFor('bound.batches')).toBe(0);
  });

  it('limits a signed-in person across addresses, and stores their id, never their token', async () => {
    const token = await signUp(t.app, 'trace.log.person@example.test');
    const batches = TRACE_LOG_LIMITS.eventsPerPersonPerHour / 50;
    for (let i = 0; i < batches; i += 1)
      expect((await post(batchOf('bound.person', 50), { ip: nextIp(), headers: tokenHeaders(token) })).statusCode).toBe(200);
    const over = await post(batchOf('bound.person', 1), { ip: nextIp(), headers: tokenHeaders(token) });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    // Without the token (a beacon) the same person is one more anonymous address.
    expect((await post(batchOf('bound.person', 1), { ip: nextIp() })).statusCode).toBe(200);

    const rows = await t.db.select().from(clientTraceEvents).where(eq(clientTraceEvents.elementId, 'bound.person'));
    expect(rows).toHaveLength(TRACE_LOG_LIMITS.eventsPerPersonPerHour + 1);
    const userIds = new Set(rows.map((row) => row.userId));
    expect(userIds.has(null)).toBe(true);
    expect(userIds.size).toBe(2);
    expect([...userIds].find((id) => id !== null)).toMatch(/^usr_/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('stores the events of an invalid token anonymously, without refusing them', async () => {
    const answer = await post(batchOf('bound.badtoken', 2), { headers: { token: 'not-a-session' } });
    expect(answer.statusCode).toBe(200);
    const rows = await t.db.select().from(clientTraceEvents).where(eq(clientTraceEvents.elementId, 'bound.badtoken'));
    expect(rows.map((row) => row.userId)).toEqual([null, null]);
  });

  it('stops storing when everyone together reached the hourly ceiling, and starts again in the next hour', async () => {
    await fillBucket('trace-log:all', TRACE_LOG_LIMITS.storedPerHour);
    const refused = await post(batchOf('bound.all', 1));
    expect(refused.statusCode).toBe(429);
    expect(await storedFor('bound.all')).toBe(0);
    t.clock.advance(3_600_000);
    expect((await post(batchOf('bound.all', 1))).statusCode).toBe(200);
    expect(await storedFor('bound.all')).toBe(1);
  });

  it(`refuses a body over ${TRACE_LOG_LIMITS.bodyBytes / 1024} KB with 413 before storing anything`, async () => {
    const big = await post(Array.from({ length: 50 }, () => event({ elementId: 'bound.big', message: 'x'.repeat(500) })));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'REQ0000413' });
    expect(await storedFor('bound.big')).toBe(0);
  });

  it.each([
    ['more than 50 events', () => batchOf('bound.malformed', 51)],
    ['an elementId with a space', () => [event({ elementId: 'bound malformed' })]],
    ['no event at all', () => []],
  ])('refuses %s with 400 and stores nothing', async (_what, events) => {
    const answer = await post(events());
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'REQ0000400' });
    expect(await storedFor('bound.malformed')).toBe(0);
  });
});

describe('user/trace/log never stores a secret', () => {
  const secrets = [
    'card 4111 1111 1111 1111 declined',
    '5555-5555-5555-4444',
    'code 123456',
    'jane.doe@example.com',
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    'Bearer Zq3vY0m4N1b8LwQ2rT6xK9pH5sD7fG1aJ3cE8uI0oP2',
  ];
  // A subElementId holds at most 64 characters: the JWT does not fit.
  const shortSecrets = secrets.filter((secret) => secret.length <= 64);

  it('stores "[redacted]" in place of a message, subElementId or elementId that looks like a card number, a code, an email or a token', async () => {
    const answer = await post([
      ...secrets.map((message) => event({ elementId: 'redact.message', message })),
      ...shortSecrets.map((subElementId) => event({ elementId: 'redact.sub', subElementId })),
      event({ elementId: '4111111111111111' }),
      event({ elementId: 'redact.kept', subElementId: 'CARD', message: 'quote expired at 12:00, asked again' }),
    ]);
    expect(answer.statusCode).toBe(200);

    const rows = await t.db.select().from(clientTraceEvents);
    const messages = rows.filter((row) => row.elementId === 'redact.message').map((row) => row.message);
    expect(messages).toEqual(secrets.map(() => TRACE_REDACTED));
    const subs = rows.filter((row) => row.elementId === 'redact.sub').map((row) => row.subElementId);
    expect(subs).toEqual(shortSecrets.map(() => TRACE_REDACTED));
    expect(rows.some((row) => row.elementId === '4111111111111111')).toBe(false);
    expect(rows.filter((row) => row.elementId === TRACE_REDACTED)).toHaveLength(1);
    const kept = rows.find((row) => row.elementId === 'redact.kept');
    expect(kept).toMatchObject({ subElementId: 'CARD', message: 'quote expired at 12:00, asked again' });

    const everything = JSON.stringify(rows);
    for (const secret of [...secrets, '4111111111111111']) expect(everything).not.toContain(secret);
  });
});

describe('user/trace/log forgets', () => {
  it(`forgets rows after ${TRACE_LOG_LIMITS.keepDays} days through the hourly job`, async () => {
    expect((await post(batchOf('forget.old', 1))).statusCode).toBe(200);
    t.clock.advance(TRACE_LOG_LIMITS.keepDays * 24 * 3_600_000 + 60_000);
    expect((await post(batchOf('forget.recent', 1))).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(await storedFor('forget.old')).toBe(0);
    expect(await storedFor('forget.recent')).toBe(1);
  });

  it('keeps only the newest rows when more came in than the table may hold', async () => {
    const repository = createTraceLogRepository(t.db);
    const start = t.clock.now().getTime();
    await repository.addMany(
      Array.from({ length: 5 }, (_, i) => ({
        eventUuid: crypto.randomUUID(),
        elementId: 'forget.beyond',
        subElementId: null,
        message: String(i),
        userId: null,
        occurredAt: new Date(start + i * 1000),
        createdAt: new Date(start + i * 1000),
      })),
    );
    await repository.prune(new Date(start - 1), 3);
    const kept = await t.db.select({ message: clientTraceEvents.message }).from(clientTraceEvents);
    expect(kept.map((row) => row.message).sort()).toEqual(['2', '3', '4']);
  });
});
