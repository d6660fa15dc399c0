import countriesLib from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import { alpha2ToAlpha3, alpha3ToAlpha2 } from './sumsub.ts';

// Sumsub speaks ISO alpha-3, we speak alpha-2: both directions, Kosovo included.

describe('country codes (alpha-3 → alpha-2)', () => {
  const NEEDED: Record<string, string> = {
    // EU
    AUT: 'AT',
    BEL: 'BE',
    BGR: 'BG',
    HRV: 'HR',
    CYP: 'CY',
    CZE: 'CZ',
    DNK: 'DK',
    EST: 'EE',
    FIN: 'FI',
    FRA: 'FR',
    DEU: 'DE',
    GRC: 'GR',
    HUN: 'HU',
    IRL: 'IE',
    ITA: 'IT',
    LVA: 'LV',
    LTU: 'LT',
    LUX: 'LU',
    MLT: 'MT',
    NLD: 'NL',
    POL: 'PL',
    PRT: 'PT',
    ROU: 'RO',
    SVK: 'SK',
    SVN: 'SI',
    ESP: 'ES',
    SWE: 'SE',
    // EEA outside the EU
    ISL: 'IS',
    LIE: 'LI',
    NOR: 'NO',
    // and the rest we serve or screen
    GBR: 'GB',
    USA: 'US',
    CHE: 'CH',
    UKR: 'UA',
    PRK: 'KP',
    IRN: 'IR',
    SYR: 'SY',
    RUS: 'RU',
    CHN: 'CN',
    HKG: 'HK',
    SGP: 'SG',
    ARE: 'AE',
    JPN: 'JP',
    KOR: 'KR',
    IND: 'IN',
    BRA: 'BR',
    CAN: 'CA',
    AUS: 'AU',
  };
  it.each(Object.entries(NEEDED))('%s → %s', (alpha3, alpha2) => {
    expect(alpha3ToAlpha2(alpha3)).toBe(alpha2);
  });

  it('agrees with ISO 3166-1 for every code it knows, and knows Kosovo as XK', () => {
    for (const alpha2 of Object.keys(countriesLib.getAlpha2Codes())) {
      const alpha3 = countriesLib.alpha2ToAlpha3(alpha2) as string;
      expect(alpha3ToAlpha2(alpha3), alpha3).toBe(alpha2);
    }
    expect(alpha3ToAlpha2('XKX')).toBe('XK');
  });

  it('answers undefined for an unknown, alpha-2 or missing code', () => {
    expect(alpha3ToAlpha2('XYZ')).toBeUndefined();
    expect(alpha3ToAlpha2('DE')).toBeUndefined();
    expect(alpha3ToAlpha2(undefined)).toBeUndefined();
    expect(alpha3ToAlpha2('')).toBeUndefined();
  });
});

describe('country codes (alpha-2 → alpha-3, what we send)', () => {
  it("converts ours to Sumsub's, Kosovo as XKX, and round-trips every code the library knows", () => {
    expect(alpha2ToAlpha3('DE')).toBe('DEU');
    expect(alpha2ToAlpha3('gb')).toBe('GBR');
    expect(alpha2ToAlpha3('XK')).toBe('XKX');
    for (const alpha2 of Object.keys(countriesLib.getAlpha2Codes())) expect(alpha3ToAlpha2(alpha2ToAlpha3(alpha2)), alpha2).toBe(alpha2);
  });

  it('answers undefined for an unknown, alpha-3 or missing code', () => {
    expect(alpha2ToAlpha3('ZZ')).toBeUndefined();
    expect(alpha2ToAlpha3('DEU')).toBeUndefined();
    expect(alpha2ToAlpha3(undefined)).toBeUndefined();
  });
});
