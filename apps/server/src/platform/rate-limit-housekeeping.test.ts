import { PATHS } from '@causeway/contracts';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type ManualClock, nextIp } from '../../test/identity-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rateLimitBuckets } from '../db/schema/index.ts';
import { createManualClock } from './clock.ts';
import { RATE_LIMIT_MAX_WINDOW_MS } from './rate-limit.repository.ts';

// Every per-IP limit keeps one row per address that ever called: a stranger reaches them without
// a session (a password sign-in with any email, the client log, the unlock page), and with many
// addresses (an IPv6 prefix has billions) the rows would pile up for ever. A bucket whose window
// ended long ago counts nothing (the next hit starts afresh), so it can go.

let t: TestApp & { clock: ManualClock };
beforeAll(async () => {
  const clock = createManualClock();
  t = { ...(await createTestApp({}, undefined, { clock })), clock };
});
afterAll(() => t.app.close());

const passwordBuckets = async () =>
  (await t.db.select().from(rateLimitBuckets).where(like(rateLimitBuckets.key, 'password-check:ip:%'))).map((row) => row.key);
const signInFrom = (ip: string) =>
  call(t.app, 'POST', PATHS.passwordLogin, { body: { email: 'nobody@causeway.test', password: 'Wrong-password-2026!' }, ip });

describe('rate limit buckets are pruned', () => {
  it("forgets the buckets of addresses whose window ended over a day ago, and keeps the others' counts", async () => {
    const [old1, old2, recent] = [nextIp(), nextIp(), nextIp()];
    await signInFrom(old1);
    await signInFrom(old2);
    t.clock.advance(RATE_LIMIT_MAX_WINDOW_MS + 60 * 60 * 1000);
    await signInFrom(recent);
    await t.app.jobs.drain();
    const kept = await passwordBuckets();
    expect(kept).toContain(`password-check:ip:${recent}`);
    expect(kept).not.toContain(`password-check:ip:${old1}`);
    expect(kept).not.toContain(`password-check:ip:${old2}`);
  });

  it('refuses a window longer than what the pruning keeps (it would forget a count still running)', async () => {
    const { createRateLimiter } = await import('./rate-limit.repository.ts');
    await expect(createRateLimiter(t.db).hit('too-long', 1, RATE_LIMIT_MAX_WINDOW_MS + 1, t.clock.now())).rejects.toThrow(/window/);
  });
});
