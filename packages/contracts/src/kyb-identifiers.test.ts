import { describe, expect, it } from 'vitest';
import { isValidPesel, KYB_IDENTIFIER_COUNTRIES, registrationNumberProblem, taxIdProblem } from './kyb-identifiers.ts';

// Valid examples are published numbers (companies' own registrations, the registries' and tax offices' samples);
// each invalid one differs from a valid one by one fault: a check digit, a length, a letter.

describe('PESEL', () => {
  it.each([
    ['44051401359', '1944-05-14'], // the long-standing published example
    ['02122401358', '1902-12-24'],
    ['99923112347', '1899-12-31'], // month + 80: the 1800s
    ['02211307589', '2002-01-13'], // month + 20: the 2000s
    ['10320100014', '2010-12-01'],
    ['00222912349', '2000-02-29'], // 2000 was a leap year
    ['24421501234', '2124-02-15'], // month + 40: the 2100s
  ])('accepts %s, born %s, with and without the date of birth', (pesel, dob) => {
    expect(isValidPesel(pesel)).toBe(true);
    expect(isValidPesel(pesel, dob)).toBe(true);
    expect(isValidPesel(` ${pesel} `, dob)).toBe(true);
  });

  it.each([
    ['44051401358', 'a wrong check digit'],
    ['4405140135', 'ten digits'],
    ['440514013591', 'twelve digits'],
    ['4405140135A', 'a letter'],
    ['00022912343', '29 February 1900 (not a leap year), checksum right'],
    ['00023112346', '31 February, checksum right'],
    ['02381307589', 'month 38 (no century), checksum right'],
    ['', 'nothing'],
  ])('refuses %s: %s', (pesel) => {
    expect(isValidPesel(pesel)).toBe(false);
  });

  it('refuses a date of birth other than the one encoded', () => {
    expect(isValidPesel('44051401359', '1944-05-15')).toBe(false);
    expect(isValidPesel('02211307589', '1902-01-13')).toBe(false); // same digits, wrong century
    expect(isValidPesel('44051401359', '14.05.1944')).toBe(false);
  });
});

describe('registration numbers', () => {
  it.each([
    ['GB', '00445790'], // Tesco PLC, England and Wales
    ['GB', 'SC045551'],
    ['GB', 'oc 123456'],
    ['GB', 'R0000123'],
    ['PL', '0000028860'], // KRS
    ['PL', '610188201'], // REGON, 9 digits
    ['PL', '12345678512347'], // REGON of a local unit, 14 digits
    ['DE', 'HRB 12345'],
    ['DE', 'Amtsgericht München HRB 123456'],
    ['DE', 'Aachen HRA 11223'],
    ['DE', 'Frankfurt/Oder GnR 11223'],
    ['DE', 'Berlin (Charlottenburg) HRB 12345 B'],
    ['DE', 'HRB 12345, Amtsgericht Köln'],
    ['DE', 'vr 4567'],
    ['FR', '542 051 180'], // SIREN
    ['FR', '54205118000066'], // SIRET
    ['FR', '35600000043004'], // La Poste: digit sum a multiple of 5, not Luhn
    ['LT', '110053842'],
    ['LV', '40003521600'],
    ['EE', '10137319'],
    ['NL', '17014545'],
    ['IE', '45678'],
    ['ES', 'A28015865'],
    ['ES', 'Q-2826000-H'], // control letter
    ['IT', '00905811006'],
    ['LI', 'FL-0001.234.567-8'],
    ['LI', '00012345678'],
    ['CH', 'CHE-116.281.710'],
    ['CH', '100.155.212'],
    ['US', 'C1234567'],
    ['US', 'P12000012345'],
    ['JP', '0100-01-008846'], // generic rule
    ['AT', 'FN 123456 a'], // no specific registration rule for Austria: generic
  ])('%s %s is plausible', (country, value) => {
    expect(registrationNumberProblem(country, value)).toBeNull();
  });

  it.each([
    ['GB', '1234567'],
    ['GB', '123456789'],
    ['GB', 'S1234567'],
    ['GB', 'SC12345A'],
    ['PL', '610188202'],
    ['PL', '12345678512348'],
    ['PL', '12345678612342'], // the parent's 9 digits fail their own check
    ['PL', '12345678901'],
    ['DE', '12345'],
    ['DE', 'HRC 44123'],
    ['DE', 'HRB'],
    ['DE', 'HRB 1234567'],
    ['FR', '542051181'],
    ['FR', '54205118000067'],
    ['FR', '5420511800006'],
    ['LT', '11005384'],
    ['LV', '4000352160'],
    ['EE', '10137318'],
    ['EE', '32345674'], // no register starts with 3
    ['NL', '1701454'],
    ['IE', '1234567'],
    ['ES', 'A28015866'],
    ['ES', '12345678Z'], // a person's DNI, not a company's CIF
    ['IT', '00905811007'],
    ['LI', 'FL-0001.234.567'],
    ['CH', 'CHE-116.281.711'],
    ['CH', 'CHE-116.281.71'],
    ['US', 'A'.repeat(21)],
    ['US', 'C123#456'],
    ['JP', 'ABCDEF'],
    ['JP', '1'],
    ['JP', '1'.repeat(41)],
    ['JP', '123<456>'],
  ])('%s %s is refused', (country, value) => {
    expect(registrationNumberProblem(country, value)).toEqual(expect.any(String));
  });

  it('says the expected format in a sentence', () => {
    expect(registrationNumberProblem('GB', '123')).toBe('A UK company number is 8 characters: 8 digits, or 2 letters and 6 digits.');
    expect(registrationNumberProblem('gb', ' 00445790 ')).toBeNull();
    expect(registrationNumberProblem('BR', '---')).toBe(
      'A registration number is 2 to 40 letters, digits, spaces or - . / characters, with at least one digit.',
    );
  });
});

describe('tax ids', () => {
  it.each([
    ['PL', '7740001454'],
    ['PL', 'PL 526-025-02-74'],
    ['DE', 'DE143454214'],
    ['DE', '811128135'],
    ['FR', 'FR 59 542051180'],
    ['FR', '03552081317'],
    ['FR', 'K7399859412'], // new-style lettered key
    ['IT', 'IT 00905811006'],
    ['NL', 'NL004495445B01'],
    ['NL', '002455799B11'], // a sole trader's btw-id, mod 97 (2020 on)
    ['LT', 'LT119511515'],
    ['LT', '100001919017'],
    ['LT', '100004801610'], // check digit from the second set of weights
    ['EE', 'EE 100 931 558'],
    ['ES', 'ESA28015865'],
    ['ES', 'B12345674'],
    ['ES', '12345678Z'], // a sole trader's DNI
    ['ES', 'ES X1234567L'], // a resident foreigner's NIE
    ['IE', 'IE 6433435F'],
    ['IE', '6433435OA'], // 2013 format
    ['IE', '8D79739I'], // old format
    ['AT', 'ATU33864707'],
    ['AT', 'U13585627'],
    ['BE', 'BE 0202.239.951'],
    ['BE', '0428759497'],
    ['GR', 'EL094259216'],
    ['GR', 'GR094259216'],
    ['DK', 'DK 1358 5628'],
    ['SE', 'SE556036079301'],
    ['RO', 'RO 18547290'],
    ['CY', '10259033P'],
    ['GB', 'GB 220 4302 31'],
    ['GB', '980780684'],
    ['GB', '980780684001'], // with a branch
    ['GB', '100190874'], // the 9755 series
    ['GB', '242338087388'], // a branch trader
    ['GB', 'XI100918604'], // Northern Ireland
    ['GB', '1955839661'], // a UTR
    ['US', '94-2404110'],
    ['US', '911144442'],
    ['CH', 'CHE-116.281.710 MWST'],
    ['CH', 'CHE-107.787.577 IVA'],
    ['CH', 'CHE116281710'],
    ['LI', '51234'],
    ['LI', 'CHE-100.155.212'],
    ['BR', '12.345.678/0001-95'], // generic rule
  ])('%s %s is plausible', (country, value) => {
    expect(taxIdProblem(country, value)).toBeNull();
  });

  it.each([
    ['PL', '7740001455'],
    ['PL', '774000145'],
    ['DE', 'DE143454215'],
    ['DE', '043454214'],
    ['DE', 'FR59542051180'], // another country's number
    ['FR', 'FR60542051180'],
    ['FR', 'FR59542051181'],
    ['FR', 'IO334175221'], // keys never use I or O
    ['IT', '00905811007'],
    ['NL', '123456789B90'],
    ['NL', 'NL004495445B00'],
    ['NL', '004495445C01'],
    ['LT', '100001919018'],
    ['LT', '1195115151'],
    ['EE', '100931559'],
    ['ES', 'ESA28015866'],
    ['ES', '12345678A'],
    ['IE', '6433435E'],
    ['IE', '643343F'],
    ['AT', 'ATU33864708'],
    ['AT', 'AT33864707'],
    ['BE', 'BE0202239952'],
    ['BE', '202239951'],
    ['BE', '2202239951'],
    ['GR', 'EL09425921'],
    ['DK', '1358562'],
    ['SE', '5560360793'],
    ['CY', '102590331'],
    ['GB', '980780685'],
    ['GB', '095793161'], // 9755 check digits on a number of the old series
    ['GB', '98078068'],
    ['GB', 'GB98078068A'],
    ['US', '07-1144442'], // no IRS campus uses 07
    ['US', '911-14-4442'], // hyphen out of place
    ['US', '12-345678'],
    ['CH', 'CHE-116.281.711 MWST'],
    ['CH', 'CHE-116.281.710 VAT'],
    ['LI', '123'],
    ['LI', 'CHE-100.155.213'],
    ['BR', 'none'],
  ])('%s %s is refused', (country, value) => {
    expect(taxIdProblem(country, value)).toEqual(expect.any(String));
  });

  it('names the country and the prefix in its sentence', () => {
    expect(taxIdProblem('DK', '1')).toBe('A Danish VAT number is 8 digits, optionally after DK.');
    expect(taxIdProblem('AT', '1')).toBe('An Austrian VAT number is U and 8 digits, the last a valid check digit, optionally after AT.');
    expect(taxIdProblem('US', '1')).toBe('A US tax number (EIN) is 9 digits, written XX-XXXXXXX, with a valid IRS prefix.');
  });
});

describe('KYB_IDENTIFIER_COUNTRIES', () => {
  it('lists every country with a specific check once, in order', () => {
    expect(KYB_IDENTIFIER_COUNTRIES).toEqual([...new Set(KYB_IDENTIFIER_COUNTRIES)].sort());
    for (const country of ['GB', 'PL', 'DE', 'FR', 'LT', 'LV', 'EE', 'NL', 'IE', 'ES', 'IT', 'LI', 'CH', 'US', 'AT', 'BE', 'SE']) {
      expect(KYB_IDENTIFIER_COUNTRIES).toContain(country);
    }
    expect(KYB_IDENTIFIER_COUNTRIES).not.toContain('JP');
  });
});
