import { describe, expect, it } from 'vitest';
import { type RiskInputs, rateRisk } from './risk-rating.ts';

const base: RiskInputs = { residenceCountry: 'DE', nationality: 'DE', countryLevels: new Map(), reviewLabels: [], volume12m: '0' };
const rate = (over: Partial<RiskInputs>) => rateRisk({ ...base, ...over });
const codes = (over: Partial<RiskInputs>) => rate(over).factors.map((factor) => factor.code);

describe('the risk rating rules (docs/rules/edd.md "Risk rating")', () => {
  it('is low with no finding', () => {
    expect(rate({})).toEqual({ rating: 'low', factors: [] });
    expect(rate({ volume12m: '14999.99', reviewLabels: ['UNSATISFACTORY_PHOTOS'] }).rating).toBe('low');
  });

  it('is medium from 15,000 EUR settled in 12 months, or a residence or nationality listed medium', () => {
    expect(rate({ volume12m: '15000' })).toMatchObject({ rating: 'medium', factors: [{ code: 'VOLUME_MEDIUM', detail: '15000.00 EUR' }] });
    expect(codes({ residenceCountry: 'fr', countryLevels: new Map([['FR', 'medium']]) })).toEqual(['RESIDENCE_COUNTRY_MEDIUM']);
    expect(rate({ residenceCountry: 'FR', countryLevels: new Map([['FR', 'medium']]) }).rating).toBe('medium');
  });

  it('is high from 50,000 EUR, a screening finding of the review, or a country listed high', () => {
    expect(rate({ volume12m: '50000.000000000000000001' })).toMatchObject({ rating: 'high', factors: [{ code: 'VOLUME_HIGH' }] });
    expect(codes({ volume12m: '50000' })).toEqual(['VOLUME_HIGH']);
    for (const label of ['PEP', 'ADVERSE_MEDIA', 'COMPROMISED_PERSONS', 'CRIMINAL'])
      expect(rate({ reviewLabels: [label] }).rating, label).toBe('high');
    expect(codes({ reviewLabels: ['PEP', 'PEP'] })).toEqual(['SCREENING_PEP']);
    expect(rate({ nationality: 'NG', countryLevels: new Map([['NG', 'high']]) })).toMatchObject({
      rating: 'high',
      factors: [{ code: 'NATIONALITY_COUNTRY_HIGH', detail: 'NG' }],
    });
  });

  it('makes two medium findings together high', () => {
    const combined = rate({ volume12m: '20000', residenceCountry: 'FR', countryLevels: new Map([['FR', 'medium']]) });
    expect(combined.rating).toBe('high');
    expect(combined.factors.map((factor) => factor.code)).toEqual(['RESIDENCE_COUNTRY_MEDIUM', 'VOLUME_MEDIUM', 'COMBINED']);
  });

  it('is extreme for a residence or nationality listed extreme, whatever else it finds', () => {
    expect(rate({ residenceCountry: 'MM', countryLevels: new Map([['MM', 'extreme']]) }).rating).toBe('extreme');
    expect(rate({ nationality: 'MM', reviewLabels: ['PEP'], volume12m: '90000', countryLevels: new Map([['MM', 'extreme']]) }).rating).toBe(
      'extreme',
    );
  });

  it('reads nothing it was not given: no country, no volume', () => {
    expect(rate({ residenceCountry: null, nationality: null, countryLevels: new Map([['DE', 'extreme']]) }).rating).toBe('low');
  });
});
