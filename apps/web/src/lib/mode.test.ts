import { describe, expect, it } from 'vitest';
import { FLOW_MODES, isBusinessMode, isIndependentMode, modeFlags } from './mode.ts';

describe('mode', () => {
  it('classifies every mode', () => {
    expect(FLOW_MODES.map((m) => [m, isBusinessMode(m), isIndependentMode(m)])).toEqual([
      ['individual', false, false],
      ['independent', false, true],
      ['business', true, false],
      ['businessIndependent', true, true],
    ]);
  });

  it('builds mode flags', () => {
    expect(modeFlags('businessIndependent')).toEqual({ mode: 'businessIndependent', business: true, independent: true });
  });
});
