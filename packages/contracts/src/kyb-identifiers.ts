/**
 * The identifiers of business verification (docs/rules/kyb.md): company registration numbers, company tax ids and
 * the PESEL of Polish nationals, checked as far as each registry's published format allows. These checks catch
 * typos before a reviewer sees the file; whether a number exists is the registry's answer, not ours.
 * Plain TypeScript with no dependencies, so the web app can bundle it.
 */

/** A country's check: the normalised value passes or it does not, and the sentence shown when it does not. */
interface IdentifierRule {
  check: (value: string) => boolean;
  problem: string;
  /** Prefixes that may stand in front of a tax id (the VAT country code): tried with and without. */
  prefixes?: readonly string[];
  /** Spaces carry meaning (a German court name): keep them, collapsed, instead of compacting. */
  spaced?: boolean;
}

/** Upper case with the separators people type for readability (spaces, dots, hyphens) taken out. */
const compact = (value: string): string =>
  value
    .trim()
    .toUpperCase()
    .replace(/[\s.-]/g, '');
/** Upper case with runs of spaces collapsed, for formats whose spaces separate words. */
const spaced = (value: string): string => value.trim().toUpperCase().replace(/\s+/g, ' ');

const digitAt = (digits: string, index: number): number => Number(digits[index]);
const weightedSum = (digits: string, weights: readonly number[]): number =>
  weights.reduce((sum, weight, index) => sum + weight * digitAt(digits, index), 0);

/** The Luhn sum mod 10, the rightmost digit counted once and every second one from it doubled. */
function luhnSum(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = digitAt(digits, digits.length - 1 - index) * (index % 2 === 1 ? 2 : 1);
    sum += digit > 9 ? digit - 9 : digit;
  }
  return sum % 10;
}
const isLuhn = (digits: string): boolean => luhnSum(digits) === 0;

/** ISO 7064 mod 97-10 remainder of digits and letters (A = 10 ... Z = 35), one digit at a time so no number overflows. */
function mod97(text: string): number {
  const digits = text.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return [...digits].reduce((rest, digit) => (rest * 10 + Number(digit)) % 97, 0);
}

/** The Estonian check digit (EVS 585, shared by registry codes and Lithuanian VAT numbers): weights 1-9, then 3-1 on a tie. */
function estonianCheckDigit(body: string): number {
  for (const offset of [0, 2]) {
    const rest = [...body].reduce((sum, digit, index) => sum + Number(digit) * (((index + offset) % 9) + 1), 0) % 11;
    if (rest < 10) return rest;
  }
  return 0;
}

/** REGON: 9 digits, or 14 (a local unit: its parent's 9, 4 digits, a check digit). GUS, https://bip.stat.gov.pl/en/regon/ */
function isRegon(value: string): boolean {
  if (/^\d{9}$/.test(value)) return (weightedSum(value, [8, 9, 2, 3, 4, 5, 6, 7]) % 11) % 10 === digitAt(value, 8);
  if (!/^\d{14}$/.test(value) || !isRegon(value.slice(0, 9))) return false;
  return (weightedSum(value, [2, 4, 8, 5, 0, 9, 7, 3, 6, 1, 2, 4, 8]) % 11) % 10 === digitAt(value, 13);
}

/** SIREN and SIRET are Luhn numbers; La Poste's establishments (SIREN 356000000) have a digit sum that is a multiple of 5 instead. */
function isSirenOrSiret(value: string): boolean {
  if (/^\d{9}$/.test(value)) return isLuhn(value);
  if (!/^\d{14}$/.test(value) || !isLuhn(value.slice(0, 9))) return false;
  const isLaPosteEstablishment = value.startsWith('356000000');
  return isLuhn(value) || (isLaPosteEstablishment && [...value].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0);
}

/** The partita IVA: 11 digits, the last a Luhn check digit, the first 7 (the company's serial) never all zero. */
const isPartitaIva = (value: string): boolean => /^\d{11}$/.test(value) && !value.startsWith('0000000') && isLuhn(value);

/** The CIF of a Spanish legal entity: its type letter, 7 digits, and a control that is the Luhn digit or its letter. */
function isSpanishCif(value: string): boolean {
  if (!/^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(value)) return false;
  const control = (10 - luhnSum(`${value.slice(1, 8)}0`)) % 10;
  return value[8] === String(control) || value[8] === 'JABCDEFGHI'[control];
}

/** A Spanish person's NIF (DNI 8 digits, or NIE X/Y/Z and 7 digits) and its control letter: a sole trader's tax id. */
function isSpanishPersonNif(value: string): boolean {
  if (!/^[XYZ\d]\d{7}[A-Z]$/.test(value)) return false;
  const number = Number(value.slice(0, 8).replace(/^[XYZ]/, (letter) => String('XYZ'.indexOf(letter))));
  return value[8] === 'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23];
}

/** The Swiss UID, CHE and 9 digits, the last mod 11 over weights 5 4 3 2 7 6 5 4 (a remainder of 10 is never issued). */
function isSwissUid(value: string): boolean {
  const match = /^(?:CHE)?(\d{9})$/.exec(value);
  return !!match?.[1] && (11 - (weightedSum(match[1], [5, 4, 3, 2, 7, 6, 5, 4]) % 11)) % 11 === digitAt(match[1], 8);
}

/** A register section and number, with the court in front of it or after it (Amtsgericht München HRB 12345, HRB 12345 B). */
const HANDELSREGISTER = /^(?:[\p{L}() ./-]+ )?(?:HR ?A|HR ?B|GNR|GSR|PARTR|PR|VR)[ -]?\d{1,6}(?:,? ?[\p{L}() ./-]+)?$/u;

/** The shared sentence of the generic rule, naming which identifier it is about. */
const genericProblem = (what: string): string =>
  `A ${what} is 2 to 40 letters, digits, spaces or - . / characters, with at least one digit.`;
const isGeneric = (value: string): boolean => /^[\p{L}\d ./-]{2,40}$/u.test(value) && /\d/.test(value);

const REGISTRATION_RULES: Readonly<Record<string, IdentifierRule>> = {
  // Companies House, Companies Act 2006 s.1066: 8 characters; the two-letter prefixes (SC, NI, OC, ...) are an open list.
  GB: {
    check: (value) => /^(?:\d{8}|[A-Z]{2}\d{6}|R0\d{6})$/.test(value),
    problem: 'A UK company number is 8 characters: 8 digits, or 2 letters and 6 digits.',
  },
  // KRS, https://ekrs.ms.gov.pl (10 digits); REGON, https://bip.stat.gov.pl/en/regon/ (9 or 14 digits with check digits).
  PL: {
    check: (value) => /^\d{10}$/.test(value) || isRegon(value),
    problem: 'A Polish registration number is the KRS (10 digits) or the REGON (9 or 14 digits with a valid check digit).',
  },
  // Handelsregisterverordnung §3 and https://www.handelsregister.de: HRA, HRB, GnR, GsR, PR (PartR), VR and the number.
  DE: {
    check: (value) => HANDELSREGISTER.test(value),
    problem:
      'A German register number is the register (HRA, HRB, GnR, GsR, PR or VR) and its number, like HRB 12345, with or without the court.',
    spaced: true,
  },
  // INSEE, répertoire SIRENE (https://www.sirene.fr): SIREN 9 digits, SIRET 14 digits, both Luhn.
  FR: {
    check: isSirenOrSiret,
    problem: 'A French company number is the SIREN (9 digits) or the SIRET (14 digits), with a valid check digit.',
  },
  // Registrų centras, https://www.registrucentras.lt: the legal entity code (juridinio asmens kodas) is 9 digits.
  LT: { check: (value) => /^\d{9}$/.test(value), problem: 'A Lithuanian company code is 9 digits.' },
  // Uzņēmumu reģistrs, https://www.ur.gov.lv: the registration number is 11 digits.
  LV: { check: (value) => /^\d{11}$/.test(value), problem: 'A Latvian registration number is 11 digits.' },
  // e-Business Register, https://ariregister.rik.ee: 8 digits, first 1, 7, 8 or 9 by register, EVS 585 check digit.
  EE: {
    check: (value) => /^[1789]\d{7}$/.test(value) && estonianCheckDigit(value.slice(0, 7)) === digitAt(value, 7),
    problem: 'An Estonian registry code is 8 digits with a valid check digit.',
  },
  // Kamer van Koophandel, https://www.kvk.nl: the KvK-nummer is 8 digits.
  NL: { check: (value) => /^\d{8}$/.test(value), problem: 'A Dutch KvK number is 8 digits.' },
  // Companies Registration Office, https://cro.ie: company numbers run up to 6 digits.
  IE: { check: (value) => /^\d{1,6}$/.test(value), problem: 'An Irish CRO number is up to 6 digits.' },
  // Orden EHA/451/2008 (NIF of legal entities): entity letter, 7 digits, control digit or letter.
  ES: { check: isSpanishCif, problem: 'A Spanish company tax code (CIF) is a letter, 7 digits and a valid control character.' },
  // Agenzia delle Entrate: a company's codice fiscale is its partita IVA, 11 digits with the DM 23/12/1976 check digit.
  IT: { check: isPartitaIva, problem: 'An Italian company number (partita IVA) is 11 digits with a valid check digit.' },
  // Amt für Justiz, Handelsregister (https://www.oera.li): FL-0001.234.567-8, 11 digits.
  LI: {
    check: (value) => /^(?:FL)?\d{11}$/.test(value),
    problem: 'A Liechtenstein company number is FL and 11 digits, like FL-0001.234.567-8.',
  },
  // Federal Statistical Office, https://www.uid.admin.ch (eCH-0097): the UID replaced the register number in 2014.
  CH: { check: isSwissUid, problem: 'A Swiss company number (UID) is CHE and 9 digits, the last a valid check digit.' },
  // Each state's Secretary of State numbers its filings its own way: only the shape is checked.
  US: { check: (value) => /^[A-Z\d]{1,20}$/.test(value), problem: 'A US state file number is 1 to 20 letters or digits.' },
};

/** NIP: 10 digits, the last the weighted sum (6 5 7 2 3 4 5 6 7) mod 11. Ministry of Finance, https://www.podatki.gov.pl */
const isNip = (value: string): boolean =>
  /^\d{10}$/.test(value) && weightedSum(value, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === digitAt(value, 9);

/** USt-IdNr: 9 digits, the first not 0, ISO 7064 mod 11,10. Bundeszentralamt für Steuern, https://www.bzst.de */
function isGermanVat(value: string): boolean {
  if (!/^[1-9]\d{8}$/.test(value)) return false;
  let product = 10;
  for (const digit of value.slice(0, 8)) product = (((Number(digit) + product) % 10 || 10) * 2) % 11;
  return (11 - product) % 10 === digitAt(value, 8);
}

/** TVA: a key and the SIREN; a numeric key is (12 + 3 × (SIREN mod 97)) mod 97, a lettered one (no I or O) has no published check. */
function isFrenchVat(value: string): boolean {
  const [, key = '', siren = ''] = /^([0-9A-HJ-NP-Z]{2})(\d{9})$/.exec(value) ?? [];
  // Monaco's numbers share the format but carry no SIREN (they start 000).
  if (!siren || (!siren.startsWith('000') && !isLuhn(siren))) return false;
  return /^\d\d$/.test(key) ? Number(key) === Number(`${siren}12`) % 97 : true;
}

/** Btw-id: RSIN or BSN, B, a 2-digit suffix; the 9 digits pass the elfproef, or (sole traders since 2020) NL+number mod 97 is 1. */
function isDutchVat(value: string): boolean {
  const [, body = '', suffix = ''] = /^(\d{9})B(\d{2})$/.exec(value) ?? [];
  if (!body || /^0+$/.test(body) || suffix === '00') return false;
  const elfproef = (weightedSum(body, [9, 8, 7, 6, 5, 4, 3, 2]) - digitAt(body, 8)) % 11 === 0;
  return elfproef || mod97(`NL${value}`) === 1;
}

/** PVM: 9 digits (legal entities) or 12 (temporary registrations), the one before the check digit always 1. */
const isLithuanianVat = (value: string): boolean =>
  /^\d{7}1\d$|^\d{10}1\d$/.test(value) && estonianCheckDigit(value.slice(0, -1)) === digitAt(value, value.length - 1);

/** KMKR: 9 digits whose sum over weights 3 7 1 is a multiple of 10. */
const isEstonianVat = (value: string): boolean => /^\d{9}$/.test(value) && weightedSum(value, [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 === 0;

/** Irish VAT: 7 digits, a check letter, maybe a second letter (2013 on); or the old form, digit, letter or + *, 5 digits, letter. */
function isIrishVat(value: string): boolean {
  const alphabet = 'WABCDEFGHIJKLMNOPQRSTUV';
  const modern = /^(\d{7})([A-W])([A-W]?)$/.exec(value);
  const old = /^(\d)[A-Z+*](\d{5})([A-W])$/.exec(value);
  const [digits, check, extra] = modern ? [modern[1], modern[2], modern[3]] : old ? [`0${old[2]}${old[1]}`, old[3], ''] : [];
  if (!digits || !check) return false;
  return alphabet[(weightedSum(digits, [8, 7, 6, 5, 4, 3, 2]) + 9 * alphabet.indexOf(extra ?? '')) % 23] === check;
}

/** Austrian UID: U, 7 digits and a check digit, (6 − Luhn sum of the 7) mod 10. */
const isAustrianUid = (value: string): boolean => /^U\d{8}$/.test(value) && (16 - luhnSum(value.slice(1, 8))) % 10 === digitAt(value, 8);

/** Belgian enterprise number: 10 digits starting 0 or 1, the last two 97 − (the first eight mod 97). */
const isBelgianVat = (value: string): boolean =>
  /^[01]\d{9}$/.test(value) && (Number(value.slice(0, 8)) + Number(value.slice(8))) % 97 === 0;

/**
 * UK VAT: 9 digits (12 with a branch), weights 8 7 6 5 4 3 2 10 1; mod 97 is 0 (the old series) or 42 (the 9755
 * series HMRC restarted at 100 000 000 in November 2009, so a number below it is always of the old series).
 */
function isUkVat(value: string): boolean {
  if (!/^\d{9}(?:\d{3})?$/.test(value)) return false;
  const rest = weightedSum(value, [8, 7, 6, 5, 4, 3, 2, 10, 1]) % 97;
  return rest === 0 || (rest === 42 && Number(value.slice(0, 3)) >= 100);
}

/** IRS campus prefixes, https://www.irs.gov/businesses/small-businesses-self-employed/how-eins-are-assigned-and-valid-ein-prefixes */
const EIN_INVALID_PREFIXES = ['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97'];
function isEin(value: string): boolean {
  // A hyphen is allowed only where the IRS writes it (XX-XXXXXXX): 911-14-4442 is a mistyped SSN, not an EIN.
  const digits = value.replace(/\s/g, '');
  return /^\d{2}-?\d{7}$/.test(digits) && !EIN_INVALID_PREFIXES.includes(digits.slice(0, 2));
}

/** An EU VAT number, its country code in front or not; `name` starts the sentence (the article is chosen for it). */
function vat(name: string, prefix: string, shape: RegExp | ((value: string) => boolean), format: string, otherPrefixes: string[] = []) {
  const check = shape instanceof RegExp ? (value: string) => shape.test(value) : shape;
  const article = /^[AEIO]/.test(name) ? 'An' : 'A';
  return { check, prefixes: [prefix, ...otherPrefixes], problem: `${article} ${name} is ${format}, optionally after ${prefix}.` };
}

const TAX_RULES: Readonly<Record<string, IdentifierRule>> = {
  // EU member states: the VIES format table, https://ec.europa.eu/taxation_customs/vies/#/faq, and each state's check digit.
  AT: vat('Austrian VAT number', 'AT', isAustrianUid, 'U and 8 digits, the last a valid check digit'),
  BE: vat('Belgian VAT number', 'BE', isBelgianVat, '10 digits starting with 0 or 1, with valid check digits'),
  BG: vat('Bulgarian VAT number', 'BG', /^\d{9,10}$/, '9 or 10 digits'),
  CY: vat('Cypriot VAT number', 'CY', /^\d{8}[A-Z]$/, '8 digits and a letter'),
  CZ: vat('Czech VAT number', 'CZ', /^\d{8,10}$/, '8 to 10 digits'),
  DE: vat('German VAT number', 'DE', isGermanVat, '9 digits, the last a valid check digit'),
  DK: vat('Danish VAT number', 'DK', /^\d{8}$/, '8 digits'),
  EE: vat('Estonian VAT number', 'EE', isEstonianVat, '9 digits, the last a valid check digit'),
  ES: vat(
    'Spanish VAT number',
    'ES',
    (v) => isSpanishCif(v) || isSpanishPersonNif(v),
    'a CIF, DNI or NIE: 9 characters with a valid control',
  ),
  FI: vat('Finnish VAT number', 'FI', /^\d{8}$/, '8 digits'),
  FR: vat('French VAT number', 'FR', isFrenchVat, 'a 2-character key and the 9-digit SIREN'),
  // Greece's VAT prefix is EL, not its ISO code; people type either.
  GR: vat('Greek VAT number', 'EL', /^\d{9}$/, '9 digits', ['GR']),
  HR: vat('Croatian VAT number', 'HR', /^\d{11}$/, '11 digits'),
  HU: vat('Hungarian VAT number', 'HU', /^\d{8}$/, '8 digits'),
  IE: vat('Irish VAT number', 'IE', isIrishVat, '7 digits and 1 or 2 letters, the first a valid check letter'),
  IT: vat('Italian VAT number', 'IT', isPartitaIva, '11 digits, the last a valid check digit'),
  LT: vat('Lithuanian VAT number', 'LT', isLithuanianVat, '9 or 12 digits, the last a valid check digit'),
  LU: vat('Luxembourg VAT number', 'LU', /^\d{8}$/, '8 digits'),
  LV: vat('Latvian VAT number', 'LV', /^\d{11}$/, '11 digits'),
  MT: vat('Maltese VAT number', 'MT', /^\d{8}$/, '8 digits'),
  NL: vat('Dutch VAT number', 'NL', isDutchVat, '9 digits, B and 2 digits (123456789B01) with valid check digits'),
  PL: vat('Polish tax number (NIP)', 'PL', isNip, '10 digits, the last a valid check digit'),
  PT: vat('Portuguese VAT number', 'PT', /^\d{9}$/, '9 digits'),
  RO: vat('Romanian VAT number', 'RO', /^\d{2,10}$/, '2 to 10 digits'),
  SE: vat('Swedish VAT number', 'SE', /^\d{12}$/, '12 digits'),
  SI: vat('Slovenian VAT number', 'SI', /^\d{8}$/, '8 digits'),
  SK: vat('Slovak VAT number', 'SK', /^\d{10}$/, '10 digits'),
  // HMRC: VAT numbers (GB, or XI in Northern Ireland) or the 10-digit Unique Taxpayer Reference of Corporation Tax.
  GB: {
    check: (value) => isUkVat(value) || /^\d{10}$/.test(value),
    prefixes: ['GB', 'XI'],
    problem: 'A UK tax number is a VAT number (9 or 12 digits with valid check digits, optionally after GB) or a 10-digit UTR.',
  },
  US: { check: isEin, problem: 'A US tax number (EIN) is 9 digits, written XX-XXXXXXX, with a valid IRS prefix.', spaced: true },
  // https://www.ch.ch/en/value-added-tax-number-und-business-identification-number/: the UID, plus MWST/TVA/IVA/TPV once VAT-registered.
  CH: {
    check: (value) => /^(?:CHE)?\d{9}(?:MWST|TVA|IVA|TPV)?$/.test(value) && isSwissUid(value.replace(/[A-Z]+$/, '')),
    problem: 'A Swiss tax number is the UID (CHE and 9 digits, the last a valid check digit), optionally followed by MWST, TVA or IVA.',
  },
  // https://www.llv.li (UID in Liechtenstein): firms keep the 5-digit MWST number, may hold a CHE UID; the PEID has up to 12 digits.
  LI: {
    check: (value) => /^\d{4,12}$/.test(value) || (value.startsWith('CHE') && isSwissUid(value)),
    problem: 'A Liechtenstein tax number is the VAT number or PEID (4 to 12 digits), or a CHE UID.',
  },
};

function problemUnder(rules: Readonly<Record<string, IdentifierRule>>, what: string, country: string, value: string): string | null {
  const rule = rules[country.trim().toUpperCase()];
  if (!rule) return isGeneric(value.trim()) ? null : genericProblem(what);
  const normalised = rule.spaced ? spaced(value) : compact(value);
  const candidates = [normalised, ...(rule.prefixes ?? []).filter((p) => normalised.startsWith(p)).map((p) => normalised.slice(p.length))];
  return candidates.some(rule.check) ? null : rule.problem;
}

/** null when `value` is a plausible company registration number in `country` (ISO alpha-2), else a short English sentence saying the expected format (shown to the person, e.g. "A UK company number is 8 characters: 8 digits, or 2 letters and 6 digits."). */
export function registrationNumberProblem(country: string, value: string): string | null {
  return problemUnder(REGISTRATION_RULES, 'registration number', country, value);
}

/** The same for a company tax id (VAT or national tax number) in `country`. */
export function taxIdProblem(country: string, value: string): string | null {
  return problemUnder(TAX_RULES, 'tax number', country, value);
}

/** The countries with a specific check (others get the generic rule). */
export const KYB_IDENTIFIER_COUNTRIES: readonly string[] = Object.freeze(
  [...new Set([...Object.keys(REGISTRATION_RULES), ...Object.keys(TAX_RULES)])].sort(),
);

/** PESEL months carry the century: +80 for the 1800s, +0 for the 1900s, +20, +40, +60 for the 2000s to 2200s. */
const PESEL_CENTURIES = [1900, 2000, 2100, 2200, 1800];

/** True for a valid PESEL: 11 digits, its checksum, and a real birth date encoded in its first six digits (with the century offsets of the month); when dob (YYYY-MM-DD) is given, the encoded date must equal it. */
export function isValidPesel(pesel: string, dob?: string): boolean {
  // Ustawa o ewidencji ludności, https://www.gov.pl/web/gov/czym-jest-numer-pesel: weights 1 3 7 9 repeated, the check makes the sum end in 0.
  const digits = compact(pesel);
  if (!/^\d{11}$/.test(digits) || weightedSum(digits, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3, 1]) % 10 !== 0) return false;
  const encodedMonth = Number(digits.slice(2, 4));
  const century = PESEL_CENTURIES[Math.floor(encodedMonth / 20)];
  const [year, month, day] = [(century ?? NaN) + Number(digits.slice(0, 2)), encodedMonth % 20, Number(digits.slice(4, 6))];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31 February into March: a date that does not round-trip does not exist.
  if (!(date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day)) return false;
  return dob === undefined || dob.trim() === date.toISOString().slice(0, 10);
}
