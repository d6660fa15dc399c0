import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, nextAttemptAt, RETRY_DELAYS_MS } from './retry-schedule.ts';

describe('the webhook retry schedule', () => {
  it('keeps trying for at least 72 hours, with delays that only grow', () => {
    const total = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThanOrEqual(72 * 3600_000);
    expect(total).toBeLessThan(80 * 3600_000);
    expect([...RETRY_DELAYS_MS].sort((a, b) => a - b)).toEqual(RETRY_DELAYS_MS);
  });

  it('answers the next attempt after each failure, and nothing after the last', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(nextAttemptAt(1, at)?.toISOString()).toBe('2026-01-01T00:00:05.000Z');
    expect(nextAttemptAt(2, at)?.toISOString()).toBe('2026-01-01T00:05:00.000Z');
    expect(nextAttemptAt(MAX_ATTEMPTS - 1, at)?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(nextAttemptAt(MAX_ATTEMPTS, at)).toBeNull();
  });
});
