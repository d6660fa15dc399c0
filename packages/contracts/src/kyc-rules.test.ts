import { describe, expect, it } from 'vitest';
import { docsVerificationSubmitSchema, kycAddressSchema } from './kyc.ts';
import { entityProtocolOf, isAdult, isCountryCode, isValidPostalCode, isValidTextField } from './kyc-rules.ts';

describe('kyc rules (zod-free, shared by the server schemas and the web forms)', () => {
  it.each([
    ['Anna-Maria', true],
    ["O'Neil", true],
    ["Rue de l'Église 12/3", true],
    ['  Köln  ', true],
    ['张伟', true],
    ['a'.repeat(70), true],
    ['a'.repeat(71), false],
    ['   ', false],
    ['', false],
    ['Ann<b>', false],
    ['Hauptstraße 5 #2', false],
  ])('text field %j: %s', (value, valid) => {
    expect(isValidTextField(value)).toBe(valid);
    expect(kycAddressSchema.shape.city.safeParse(value).success).toBe(valid);
  });

  it.each([
    ['10115', true],
    [' 75001 ', true],
    ['SW1A 1AA', true],
    ['1234-567', true],
    ['1', false],
    ['a'.repeat(17), false],
    ['10115!', false],
  ])('postal code %j: %s', (value, valid) => {
    expect(isValidPostalCode(value)).toBe(valid);
    expect(kycAddressSchema.shape.postalCode.safeParse(value).success).toBe(valid);
  });

  it.each([
    ['DE', true],
    ['de', false],
    ['DEU', false],
    ['', false],
  ])('country code %j: %s', (value, valid) => {
    expect(isCountryCode(value)).toBe(valid);
    expect(docsVerificationSubmitSchema.shape.nationality.safeParse(value).success).toBe(valid);
  });

  it('isAdult: 18 from the birthday on (UTC)', () => {
    expect(isAdult('2008-05-17', new Date('2026-05-16T23:59:59Z'))).toBe(false);
    expect(isAdult('2008-05-17', new Date('2026-05-17T00:00:00Z'))).toBe(true);
    expect(isAdult('1990-01-01', new Date('2026-05-17T00:00:00Z'))).toBe(true);
  });

  it('entityProtocolOf: PL accepts STATEMENT, LI STATEMENT_LI', () => {
    expect(entityProtocolOf('PL')).toBe('STATEMENT');
    expect(entityProtocolOf('LI')).toBe('STATEMENT_LI');
  });
});
