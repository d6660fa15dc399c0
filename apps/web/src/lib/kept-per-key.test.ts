import { describe, expect, it } from 'vitest';
import { keptPerKey } from './kept-per-key';

describe('keptPerKey', () => {
  it('makes each key once and answers what it made, falsy values included', () => {
    const made: string[] = [];
    const lengthOf = keptPerKey((key) => {
      made.push(key);
      return key.length;
    });
    expect([lengthOf('en'), lengthOf(''), lengthOf('en'), lengthOf('')]).toEqual([2, 0, 2, 0]);
    expect(made).toEqual(['en', '']);
  });
});
