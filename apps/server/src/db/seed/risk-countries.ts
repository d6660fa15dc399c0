/**
 * The residence and nationality risk list a fresh install starts with (docs/rules/edd.md "Countries"): inserted at
 * every start without overwriting a row, then compliance's to keep current (it is data, `risk_countries`). A starting
 * point drawn from the FATF's public statements as read in 2025: the jurisdictions under a call for action are
 * extreme, those under increased monitoring high. No country is seeded medium.
 */
export const RISK_COUNTRY_SEEDS: ReadonlyArray<{ country: string; level: 'medium' | 'high' | 'extreme' }> = [
  ...['KP', 'IR', 'MM'].map((country) => ({ country, level: 'extreme' as const })),
  ...[
    'AO',
    'BF',
    'BG',
    'BO',
    'CD',
    'CI',
    'CM',
    'DZ',
    'HT',
    'KE',
    'LA',
    'LB',
    'MC',
    'MZ',
    'NA',
    'NG',
    'NP',
    'SS',
    'SY',
    'VE',
    'VG',
    'VN',
    'YE',
    'ZA',
  ].map((country) => ({ country, level: 'high' as const })),
];
