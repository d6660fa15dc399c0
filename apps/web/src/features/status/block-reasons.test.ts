import { describe, expect, it } from 'vitest';
import { BLOCK_REASON_KEYS, describeBlock, UNKNOWN_BLOCK_CODE } from './block-reasons';

describe('describeBlock', () => {
  it.each([
    ['AC100001', 'countryNotAccepted'],
    ['AC100011', 'countryNotAccepted'],
    ['AC100002', 'sanctionHit'],
    ['AC100003', 'duplicateAccount'],
    ['AC100004', 'riskRating'],
    ['AC100005', 'terminatedEndingJourney'],
    ['AC100006', 'terminatedAfterAnswer'],
    ['AC100007', 'answerFail'],
    ['AC100008', 'extremeRisk'],
  ])('keeps %s and gives its reason %s', (code, reasonKey) => {
    expect(describeBlock(code)).toEqual({ code, reasonKey });
  });

  it('knows exactly the nine spec codes', () => {
    expect(Object.keys(BLOCK_REASON_KEYS).sort()).toEqual([
      'AC100001',
      'AC100002',
      'AC100003',
      'AC100004',
      'AC100005',
      'AC100006',
      'AC100007',
      'AC100008',
      'AC100011',
    ]);
  });

  it.each([null, undefined, '', 'AC100009', 'ac100001', ' AC100001', '999999', 'toString', '__proto__', 'hasOwnProperty'])(
    'shows %j as the unknown code 999999',
    (code) => {
      expect(describeBlock(code)).toEqual({ code: UNKNOWN_BLOCK_CODE, reasonKey: 'unknown' });
      expect(UNKNOWN_BLOCK_CODE).toBe('999999');
    },
  );
});
