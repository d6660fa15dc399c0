import { createRequire } from 'node:module';
import countriesLib from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
countriesLib.registerLocale(require('i18n-iso-countries/langs/en.json'));
countriesLib.registerLocale(require('i18n-iso-countries/langs/zh.json'));

export interface CountrySeed {
  code: string;
  englishName: string;
  chineseName: string;
  residenceAccepted: boolean;
  nationalityAccepted: boolean;
}

/**
 * The countries whose residents and nationals are not accepted at first start (docs/rules/uk-and-countries.md):
 * those under comprehensive sanctions. Data from then on: an operator changes the flags, and seeding never
 * overwrites a row (migration 0039 set the same flags on the rows that existed before).
 */
export const REFUSED_COUNTRIES: readonly string[] = ['KP', 'IR', 'SY'];

/** Every ISO 3166-1 country (and Kosovo, XK, which banks and KYC vendors also use), in en and zh. */
export function listCountrySeeds(): CountrySeed[] {
  const english = countriesLib.getNames('en', { select: 'official' });
  return Object.entries(english).map(([code, englishName]) => ({
    code,
    englishName,
    chineseName: countriesLib.getName(code, 'zh') ?? englishName,
    residenceAccepted: !REFUSED_COUNTRIES.includes(code),
    nationalityAccepted: !REFUSED_COUNTRIES.includes(code),
  }));
}
