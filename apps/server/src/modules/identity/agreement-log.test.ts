import { API_BASE, PATHS } from '@causeway/contracts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type IdentityTestApp, nextIp } from '../../../test/identity-helpers.ts';
import { agreementLogs, rateLimitBuckets } from '../../db/schema/index.ts';
import { createAgreementLogRepository } from './agreement-log.repository.ts';
import { AGREEMENT_LOG_LIMITS } from './agreements.routes.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const CURRENT_MAP = { TERM: '20241104', STATEMENT_LI: '20250101' };
const goodLog = (email: string) => ({ email, agree: true, viewTime: 4200, protocolMap: CURRENT_MAP });
const post = (payload: object, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: `${API_BASE}${PATHS.agreementLog}`, remoteAddress: ip, payload });
const logsOf = (email: string) => createAgreementLogRepository(t.db).listFor(email);
const allRows = async () => (await t.db.select({ n: count() }).from(agreementLogs))[0]?.n ?? 0;
let counter = 0;
const freshEmail = () => `log.${(counter += 1)}@example.test`;

describe('agreement/log, the pre-login agreement log', () => {
  it('stores the choice, the time seen, the versions shown, the email as accounts key it and the address', async () => {
    const ip = nextIp();
    const answer = await post(
      { email: '  Log.Person@Example.TEST ', agree: false, viewTime: 1234, protocolMap: { TERMROMA: '20241104' } },
      ip,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 200, code: '000000', msg: '', data: null });
    const [row] = await logsOf('log.person@example.test');
    expect(row).toMatchObject({
      emailNormalized: 'log.person@example.test',
      agree: false,
      viewTimeMs: 1234,
      protocolMap: { TERMROMA: '20241104' },
      ipKey: ip,
      createdAt: t.clock.now(),
    });
  });

  it.each([
    ['an old version', { protocolMap: { TERM: '20230101' } }, 'AGR0000001'],
    ['an unknown protocol', { protocolMap: { COOKIES: '20241104' } }, 'REQ0000400'],
    ['no agreement at all', { protocolMap: {} }, 'REQ0000400'],
    ['an address that is no email', { email: 'not-an-email' }, 'REQ0000400'],
    ['a negative time', { viewTime: -1 }, 'REQ0000400'],
    ['a time longer than a day', { viewTime: 86_400_001 }, 'REQ0000400'],
    ['a time that is not whole milliseconds', { viewTime: 1.5 }, 'REQ0000400'],
    ['agree that is no boolean', { agree: 'yes' }, 'REQ0000400'],
  ])('refuses %s with 400 and stores nothing', async (_what, change, code) => {
    const before = await allRows();
    const answer = await post({ ...goodLog(freshEmail()), ...change });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe(code);
    expect(await allRows()).toBe(before);
  });

  it(`stores at most ${AGREEMENT_LOG_LIMITS.perIpPerHour} an hour from one address, then 429 with Retry-After`, async () => {
    const ip = nextIp();
    const before = await allRows();
    for (let i = 0; i < AGREEMENT_LOG_LIMITS.perIpPerHour; i += 1) expect((await post(goodLog(freshEmail()), ip)).statusCode).toBe(200);
    const refused = await post(goodLog(freshEmail()), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('REQ0000429');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await allRows()).toBe(before + AGREEMENT_LOG_LIMITS.perIpPerHour);
    // Another address is not held up, and the next hour the first one may log again.
    expect((await post(goodLog(freshEmail()))).statusCode).toBe(200);
    t.clock.advance(3_600_000);
    expect((await post(goodLog(freshEmail()), ip)).statusCode).toBe(200);
  });

  it(`stores at most ${AGREEMENT_LOG_LIMITS.perEmailPerHour} an hour for one email, from any addresses`, async () => {
    const email = freshEmail();
    for (let i = 0; i < AGREEMENT_LOG_LIMITS.perEmailPerHour; i += 1) expect((await post(goodLog(email))).statusCode).toBe(200);
    expect((await post(goodLog(email.toUpperCase()))).statusCode).toBe(429);
    expect(await logsOf(email)).toHaveLength(AGREEMENT_LOG_LIMITS.perEmailPerHour);
  });

  it('stops storing when everyone together reached the hourly ceiling', async () => {
    const now = t.clock.now();
    const full = { count: AGREEMENT_LOG_LIMITS.storedPerHour, windowStartedAt: now };
    await t.db
      .insert(rateLimitBuckets)
      .values({ key: 'agreement-log:all', ...full })
      .onConflictDoUpdate({ target: rateLimitBuckets.key, set: full });
    const email = freshEmail();
    expect((await post(goodLog(email))).statusCode).toBe(429);
    expect(await logsOf(email)).toHaveLength(0);
    t.clock.advance(3_600_000);
    expect((await post(goodLog(email))).statusCode).toBe(200);
  });

  it(`refuses a body over ${AGREEMENT_LOG_LIMITS.bodyBytes / 1024} KB with 413`, async () => {
    const before = await allRows();
    const answer = await post({ ...goodLog(freshEmail()), padding: 'x'.repeat(AGREEMENT_LOG_LIMITS.bodyBytes) });
    expect(answer.statusCode).toBe(413);
    expect(await allRows()).toBe(before);
  });

  it(`forgets entries after ${AGREEMENT_LOG_LIMITS.keepDays} days through the hourly job`, async () => {
    const old = freshEmail();
    const recent = freshEmail();
    expect((await post(goodLog(old))).statusCode).toBe(200);
    t.clock.advance(AGREEMENT_LOG_LIMITS.keepDays * 86_400_000 + 60_000);
    expect((await post(goodLog(recent))).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(await logsOf(old)).toHaveLength(0);
    expect(await logsOf(recent)).toHaveLength(1);
  });

  it('keeps only the newest rows when more came in than the table may hold', async () => {
    const repository = createAgreementLogRepository(t.db);
    const email = freshEmail();
    const start = t.clock.now().getTime();
    for (let i = 0; i < 4; i += 1)
      await repository.add({
        email,
        agree: true,
        viewTimeMs: i,
        protocolMap: CURRENT_MAP,
        ipKey: '10.9.9.9',
        createdAt: new Date(start + i * 1000),
      });
    await repository.prune(new Date(start - 1), 2);
    expect((await repository.listFor(email)).map((row) => row.viewTimeMs)).toEqual([3, 2]);
  });
});
