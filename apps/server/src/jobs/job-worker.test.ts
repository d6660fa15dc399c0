import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { createManualClock } from '../platform/clock.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { createJobQueueRepository } from './job-queue.repository.ts';
import { createJobWorker, retryDelayMs } from './job-worker.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const silent = pino({ level: 'silent' });

function setup(options: { maxAttempts?: number } = {}) {
  const clock = createManualClock();
  const queue = createJobQueueRepository(database.db);
  const worker = createJobWorker({ queue, clock, log: silent, pollMs: 0, leaseMs: 60_000, ...options });
  return { clock, queue, worker };
}

describe('the outbox worker', () => {
  it('runs a due job once and completes it; a job due later waits', async () => {
    const { clock, queue, worker } = setup();
    const seen: unknown[] = [];
    worker.register('test.now', async (payload) => void seen.push(payload));
    await queue.enqueue({ kind: 'test.now', payload: { n: 1 }, runAt: clock.now() });
    await queue.enqueue({ kind: 'test.now', payload: { n: 2 }, runAt: new Date(clock.now().getTime() + 5_000) });
    await worker.drain();
    expect(seen).toEqual([{ n: 1 }]);
    clock.advance(5_000);
    await worker.drain();
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    await worker.drain();
    expect(seen).toHaveLength(2);
  });

  it('claims each job only as it starts, so a slow job never leaves the ones behind it unleased', async () => {
    const { clock, queue, worker } = setup();
    const leasedWhileRunning: boolean[] = [];
    worker.register('test.slow', async (_payload, job) => {
      leasedWhileRunning.push(job.leaseUntil !== null && job.leaseUntil > clock.now());
      clock.advance(90_000); // longer than the 60 s lease
    });
    for (let n = 0; n < 3; n += 1) await queue.enqueue({ kind: 'test.slow', payload: { n }, runAt: clock.now() });
    expect(await worker.runDue()).toBe(3);
    expect(leasedWhileRunning).toEqual([true, true, true]);
  });

  it('retries a failing job with growing delays, and gives up after maxAttempts with the error kept', async () => {
    const { clock, queue, worker } = setup({ maxAttempts: 3 });
    let calls = 0;
    worker.register('test.flaky', async () => {
      calls += 1;
      throw new Error(`vendor down ${calls}`);
    });
    await queue.enqueue({ kind: 'test.flaky', payload: {}, runAt: clock.now(), dedupeKey: 'flaky-1' });
    await worker.drain();
    expect(calls).toBe(1);
    clock.advance(retryDelayMs(1) - 1);
    await worker.drain();
    expect(calls).toBe(1);
    clock.advance(1);
    await worker.drain();
    expect(calls).toBe(2);
    clock.advance(retryDelayMs(2));
    await worker.drain();
    expect(calls).toBe(3);
    clock.advance(60 * 60 * 1000);
    await worker.drain();
    expect(calls).toBe(3);
    const rows = await database.db.select().from(jobs);
    expect(rows.find((row) => row.kind === 'test.flaky')).toMatchObject({
      attempts: 3,
      lastError: 'gave up: vendor down 3',
      dedupeKey: null,
    });
  });

  it('keeps one open job per dedupe key', async () => {
    const { clock, queue, worker } = setup();
    let calls = 0;
    worker.register('test.dedupe', async () => void (calls += 1));
    await queue.enqueue({ kind: 'test.dedupe', payload: {}, runAt: clock.now(), dedupeKey: 'event-7' });
    await queue.enqueue({ kind: 'test.dedupe', payload: {}, runAt: clock.now(), dedupeKey: 'event-7' });
    await worker.drain();
    expect(calls).toBe(1);
  });

  it('leaves a claimed job alone until its lease ends (a crashed process), then runs it', async () => {
    const { clock, queue, worker } = setup();
    let calls = 0;
    worker.register('test.lease', async () => void (calls += 1));
    await queue.enqueue({ kind: 'test.lease', payload: {}, runAt: clock.now() });
    // Another process claims it and dies before finishing.
    expect((await queue.claimDue(clock.now(), 10, 60_000)).map((job) => job.kind)).toContain('test.lease');
    await worker.drain();
    expect(calls).toBe(0);
    clock.advance(60_000);
    await worker.drain();
    expect(calls).toBe(1);
  });

  it('runs each job once when two workers poll at the same time', async () => {
    const clock = createManualClock();
    const queue = createJobQueueRepository(database.db);
    const counts = new Map<number, number>();
    const workers = [1, 2].map(() => createJobWorker({ queue, clock, log: silent, pollMs: 0 }));
    for (const worker of workers)
      worker.register('test.race', async (payload) => {
        const n = (payload as { n: number }).n;
        counts.set(n, (counts.get(n) ?? 0) + 1);
      });
    for (let n = 0; n < 20; n += 1) await queue.enqueue({ kind: 'test.race', payload: { n }, runAt: clock.now() });
    await Promise.all(workers.map((worker) => worker.drain()));
    expect([...counts.values()]).toEqual(Array(20).fill(1));
  });

  it('runs up to `concurrency` jobs of a batch at once, never more, and every one of them', async () => {
    const clock = createManualClock();
    const queue = createJobQueueRepository(database.db);
    const worker = createJobWorker({ queue, clock, log: silent, pollMs: 0, concurrency: 3 });
    let active = 0;
    let most = 0;
    const done: number[] = [];
    worker.register('test.parallel', async (payload) => {
      active += 1;
      most = Math.max(most, active);
      // Waits as a job waits on a provider: the worker claims the next ones meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 20));
      active -= 1;
      done.push((payload as { n: number }).n);
    });
    for (let n = 0; n < 8; n += 1) await queue.enqueue({ kind: 'test.parallel', payload: { n }, runAt: clock.now() });
    await worker.drain();
    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('follows a full batch with the next one at once, not at the next poll', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const clock = createManualClock();
    const queue = createJobQueueRepository(database.db);
    const worker = createJobWorker({ queue, clock, log: silent, pollMs: 1_000, batchSize: 2 });
    const seen: number[] = [];
    worker.register('test.backlog', async (payload) => void seen.push((payload as { n: number }).n));
    for (let n = 0; n < 7; n += 1) await queue.enqueue({ kind: 'test.backlog', payload: { n }, runAt: clock.now() });
    try {
      await worker.start();
      // One poll only: the interval is frozen, so batches 2 to 4 can only come from the full batches before them.
      vi.advanceTimersByTime(1_000);
      // Not vi.waitFor: with fake timers it moves them on, which would poll again.
      for (let wait = 0; wait < 200 && seen.length < 7; wait += 1) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(seen).toHaveLength(7);
    } finally {
      await worker.stop();
      vi.useRealTimers();
    }
  });
});
