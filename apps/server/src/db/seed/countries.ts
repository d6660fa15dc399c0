import { createRequire } from 'node:module';
import countriesLib from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
countriesLib.registerLocale(require('i18n-iso-countries/langs/en.json'));
countriesLib.registerLocale(require('i18n-iso-countries/langs/zh.json'));

export interface CountrySeed {
  code: string;
  englishName: string;
  chineseName: string;
}

/** Every ISO 3166-1 country (and Kosovo, XK, which banks and KYC vendors also use), in en and zh. */
export function listCountrySeeds(): CountrySeed[] {
  const english = countriesLib.getNames('en', { select: 'official' });
  return Object.entries(english).map(([code, englishName]) => ({
    code,
    englishName,
    chineseName: countriesLib.getName(code, 'zh') ?? englishName,
  }));
}
