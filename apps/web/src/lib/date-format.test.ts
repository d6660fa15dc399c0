import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-format';

describe('formatDateTime', () => {
  it('writes a server time in the page language, with the date and the minutes', () => {
    const iso = '2026-03-12T14:05:00Z';
    expect(formatDateTime(iso, 'en')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    );
    expect(formatDateTime(iso, 'zh')).toMatch(/2026/);
  });

  it('answers nothing for no time, and the text itself for one that is no date', () => {
    expect(formatDateTime(null, 'en')).toBe('');
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });
});
