import { describe, expect, it } from 'vitest';
import { endsAfterToday, lastDays, rangeProblem, rangeTimes } from './date-range';

describe('history date range', () => {
  it('lastDays counts today in', () => {
    expect(lastDays(30, new Date(2026, 2, 15, 23, 59))).toEqual({ from: '2026-02-14', to: '2026-03-15' });
    expect(lastDays(1, new Date(2026, 0, 1))).toEqual({ from: '2026-01-01', to: '2026-01-01' });
  });

  it.each([
    [{ from: '2025-03-16', to: '2026-03-15' }, null],
    [{ from: '2025-03-15', to: '2026-03-15' }, 'tooLong'],
    // A leap year: 2024-02-29 is one of the days.
    [{ from: '2024-01-01', to: '2024-12-30' }, null],
    [{ from: '2024-01-01', to: '2024-12-31' }, 'tooLong'],
    [{ from: '2026-03-15', to: '2026-03-15' }, null],
    [{ from: '2026-03-16', to: '2026-03-15' }, 'reversed'],
    [{ from: '', to: '2026-03-15' }, 'missing'],
  ] as const)('%j → %s', (range, problem) => {
    expect(rangeProblem(range)).toBe(problem);
  });

  it('a full range of 365 days is never more than 365 × 24 h from start to end', () => {
    const { startTime, endTime } = rangeTimes({ from: '2025-03-16', to: '2026-03-15' });
    expect(Date.parse(endTime) - Date.parse(startTime)).toBeLessThanOrEqual(365 * 86_400_000);
    expect(startTime).toBe(new Date(2025, 2, 16).toISOString());
  });
});

describe('endsAfterToday (the history export)', () => {
  const today = new Date(2026, 2, 15, 23, 30);
  it('takes a range ending today or before, and refuses one ending tomorrow', () => {
    expect(endsAfterToday({ from: '2026-03-01', to: '2026-03-15' }, today)).toBe(false);
    expect(endsAfterToday({ from: '2026-03-01', to: '2026-03-14' }, today)).toBe(false);
    expect(endsAfterToday({ from: '2026-03-01', to: '2026-03-16' }, today)).toBe(true);
  });
});
