import { describe, expect, it } from 'vitest';
import { electronicIban, ibanCheckDigits, isValidBic, isValidIban, makeIban, sortCodeDigits } from './iban.ts';

// ISO 13616 / ISO 7064 MOD 97-10, against the registry's own examples.
describe('IBAN check digits', () => {
  it.each([
    ['DE', '370400440532013000', '89'],
    ['GB', 'WEST12345698765432', '82'],
    ['LT', '1000011101001000', '12'],
    ['FR', '20041010050500013M02606', '14'],
    ['NL', 'ABNA0417164300', '91'],
    ['NO', '86011117947', '93'],
    ['MT', 'MALT011000012345MTLCAST001S', '84'],
  ])('computes %s check digits %s → %s', (country, bban, check) => {
    expect(ibanCheckDigits(country, bban)).toBe(check);
    expect(isValidIban(makeIban(country, bban))).toBe(true);
  });

  it('works past a double’s precision (a 31-character IBAN is a 60+ digit number)', () => {
    const iban = makeIban('MT', 'MALT011000012345MTLCAST001S');
    expect(iban).toBe('MT84MALT011000012345MTLCAST001S');
    // Every single-digit change is caught.
    for (let index = 4; index < iban.length; index += 1) {
      const character = iban[index]!;
      if (!/\d/.test(character)) continue;
      const changed = `${iban.slice(0, index)}${(Number(character) + 1) % 10}${iban.slice(index + 1)}`;
      expect(isValidIban(changed), changed).toBe(false);
    }
  });

  it('refuses a wrong length, an unknown or non-SEPA country, and anything but letters and digits', () => {
    expect(isValidIban('DE8937040044053201300')).toBe(false);
    expect(isValidIban('DE893704004405320130000')).toBe(false);
    expect(isValidIban('US12345678901234567890')).toBe(false);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(false);
    expect(isValidIban(electronicIban('de89 3704 0044 0532 0130 00'))).toBe(true);
    expect(() => ibanCheckDigits('de', '123')).toThrow();
    expect(() => ibanCheckDigits('DE', '12-3')).toThrow();
  });
});

describe('BICs and UK details', () => {
  it('takes 8 or 11 character BICs', () => {
    expect(isValidBic('CWSBLT21')).toBe(true);
    expect(isValidBic('DEUTDEFF500')).toBe(true);
    expect(isValidBic('DEUTDEFF50')).toBe(false);
    expect(isValidBic('deutdeff')).toBe(false);
  });

  it('reads a sort code typed with dashes or spaces', () => {
    expect(sortCodeDigits('04-00-75')).toBe('040075');
    expect(sortCodeDigits('04 00 75')).toBe('040075');
    expect(sortCodeDigits('0400756')).toBeUndefined();
    expect(sortCodeDigits('04-00-7a')).toBeUndefined();
  });
});
