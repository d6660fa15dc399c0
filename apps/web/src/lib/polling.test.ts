import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { poll } from './polling.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A request answering the given results in turn, recording when each attempt started. */
function sequence<T>(results: T[]) {
  const startedAt: number[] = [];
  const request = vi.fn((_signal?: AbortSignal) => {
    startedAt.push(Date.now());
    return Promise.resolve(results[Math.min(startedAt.length - 1, results.length - 1)]!);
  });
  return { request, startedAt };
}

describe('poll', () => {
  it('resolves with the first done result', async () => {
    const { request, startedAt } = sequence(['pending', 'pending', 'paid', 'never']);
    const onTimeout = vi.fn();
    const t0 = Date.now();
    const done = poll({ request, isDone: (s) => s === 'paid', intervalMs: 1000, maxCount: 10, onTimeout });
    await vi.advanceTimersByTimeAsync(2000);
    await expect(done).resolves.toBe('paid');
    expect(startedAt.map((t) => t - t0)).toEqual([0, 1000, 2000]);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('stops after maxCount attempts, then calls onTimeout and resolves undefined', async () => {
    const { request } = sequence(['pending']);
    const onTimeout = vi.fn();
    const done = poll({ request, isDone: () => false, intervalMs: 500, maxCount: 4, onTimeout });
    await vi.advanceTimersByTimeAsync(1499);
    expect(request).toHaveBeenCalledTimes(3);
    expect(onTimeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBeUndefined();
    expect(request).toHaveBeenCalledTimes(4);
    expect(onTimeout).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(5000);
    expect(request).toHaveBeenCalledTimes(4);
  });

  it('stops on abort during the wait without calling onTimeout', async () => {
    const { request } = sequence(['pending']);
    const onTimeout = vi.fn();
    const controller = new AbortController();
    const done = poll({ request, isDone: () => false, intervalMs: 1000, maxCount: 5, onTimeout, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(1500);
    controller.abort();
    await expect(done).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(request).toHaveBeenCalledTimes(2);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('passes the signal to the request and treats its abort rejection as a stop', async () => {
    const controller = new AbortController();
    const request = vi.fn(
      (signal?: AbortSignal) => new Promise<string>((_, reject) => signal?.addEventListener('abort', () => reject(new Error('cancel')))),
    );
    const done = poll({ request, isDone: () => true, intervalMs: 10, maxCount: 3, signal: controller.signal });
    controller.abort();
    await expect(done).resolves.toBeUndefined();
    expect(request).toHaveBeenCalledWith(controller.signal);
  });

  it('does not start when already aborted', async () => {
    const { request } = sequence(['x']);
    await expect(poll({ request, isDone: () => true, intervalMs: 10, maxCount: 3, signal: AbortSignal.abort() })).resolves.toBeUndefined();
    expect(request).not.toHaveBeenCalled();
  });

  it('rejects on a request error unless it is retryable', async () => {
    const boom = new Error('boom');
    const failing = vi.fn().mockRejectedValueOnce(boom).mockResolvedValue('paid');
    await expect(poll({ request: failing, isDone: () => true, intervalMs: 10, maxCount: 3 })).rejects.toBe(boom);

    const flaky = vi.fn().mockRejectedValueOnce(boom).mockResolvedValue('paid');
    const done = poll({ request: flaky, isDone: (s) => s === 'paid', intervalMs: 10, maxCount: 3, isRetryableError: () => true });
    await vi.advanceTimersByTimeAsync(10);
    await expect(done).resolves.toBe('paid');
  });
});
