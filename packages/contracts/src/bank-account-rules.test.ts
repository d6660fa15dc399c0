import { describe, expect, it } from 'vitest';
import { bankAccountKey, bankAccountProblems, compactCode, maskBankAccount, normaliseBankAccount } from './bank-account-rules.ts';
import { addBankAccountRequestSchema } from './bank-accounts.ts';

const SEPA = { accountName: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00', bankName: 'Commerzbank' };
const UK = { accountName: 'Ada Lovelace', sortCode: '60-16-13', accountNumberUk: '31926819' };
const ACH = { accountName: 'Ada Lovelace', abaRoutingNumber: '011000015', accountNumber: '123456789' };
const SWIFT = {
  accountName: 'Ada Lovelace',
  accountNumber: '000123456789',
  identifierCode: 'CHASUS33',
  bankName: 'JPMorgan Chase',
  payeeAddress: '12 Example Street',
  payeeCity: 'New York',
  payeePostalCode: '10001',
  payeeCountry: 'US',
};

describe('bank account rules (zod-free, shared by the server and the web form)', () => {
  it('accepts one valid account of each kind', () => {
    expect(bankAccountProblems('SEPA', SEPA)).toEqual({});
    expect(bankAccountProblems('SEPA', { ...SEPA, identifierCode: 'COBADEFFXXX' })).toEqual({});
    expect(bankAccountProblems('UK', UK)).toEqual({});
    expect(bankAccountProblems('ACH', ACH)).toEqual({});
    expect(bankAccountProblems('SWIFT', SWIFT)).toEqual({});
    expect(
      bankAccountProblems('SWIFT', { ...SWIFT, accountNumber: 'TR33 0006 1005 1978 6457 8413 26', identifierCode: 'TCZBTR2A' }),
    ).toEqual({});
  });

  it('names every missing field but the SEPA BIC, which may be left out', () => {
    expect(bankAccountProblems('SEPA', {})).toEqual({ accountName: 'required', iban: 'required', bankName: 'required' });
    expect(bankAccountProblems('UK', { accountName: '  ' })).toEqual({
      accountName: 'required',
      sortCode: 'required',
      accountNumberUk: 'required',
    });
  });

  it.each([
    ['SEPA', { ...SEPA, iban: 'DE89370400440532013001' }, { iban: 'iban' }],
    // A valid IBAN of a country outside SEPA is no SEPA account.
    ['SEPA', { ...SEPA, iban: 'TR330006100519786457841326' }, { iban: 'sepaIban' }],
    ['SEPA', { ...SEPA, identifierCode: 'DEUT12FF' }, { identifierCode: 'bic' }],
    ['UK', { ...UK, sortCode: '60161' }, { sortCode: 'sortCode' }],
    ['UK', { ...UK, accountNumberUk: '3192681' }, { accountNumberUk: 'accountNumberUk' }],
    ['ACH', { ...ACH, abaRoutingNumber: '011000016' }, { abaRoutingNumber: 'aba' }],
    ['ACH', { ...ACH, accountNumber: '123' }, { accountNumber: 'accountNumber' }],
    ['ACH', { ...ACH, accountNumber: '1234567890123456789' }, { accountNumber: 'accountNumber' }],
    ['ACH', { ...ACH, accountNumber: '12345A789' }, { accountNumber: 'accountNumber' }],
    // Shaped like an IBAN of a country that has them: it must be one.
    ['SWIFT', { ...SWIFT, accountNumber: 'TR330006100519786457841327' }, { accountNumber: 'iban' }],
    ['SWIFT', { ...SWIFT, accountNumber: '12345#' }, { accountNumber: 'accountNumber' }],
    ['SWIFT', { ...SWIFT, identifierCode: '' }, { identifierCode: 'required' }],
    ['SWIFT', { ...SWIFT, payeeCountry: 'USA' }, { payeeCountry: 'country' }],
    ['SWIFT', { ...SWIFT, payeePostalCode: '1' }, { payeePostalCode: 'postalCode' }],
    ['SWIFT', { ...SWIFT, payeeCity: 'New <York>' }, { payeeCity: 'text' }],
    ['UK', { ...UK, accountName: 'a'.repeat(71) }, { accountName: 'text' }],
  ] as const)('%s %j: %j', (kind, values, problems) => {
    expect(bankAccountProblems(kind, values)).toEqual(problems);
  });

  it('reads codes as people type them: spaces, dashes and lower case', () => {
    expect(compactCode(' de89-3704 0044 ')).toBe('DE8937040044');
    expect(bankAccountProblems('SEPA', { ...SEPA, iban: 'de89 3704 0044 0532 0130 00', identifierCode: 'cobadeff' })).toEqual({});
    expect(normaliseBankAccount('UK', { ...UK, accountName: '  Ada Lovelace ' })).toEqual({
      accountName: 'Ada Lovelace',
      sortCode: '601613',
      accountNumberUk: '31926819',
    });
    expect(normaliseBankAccount('SEPA', { ...SEPA, identifierCode: ' ' })).toEqual({
      accountName: 'Ada Lovelace',
      iban: 'DE89370400440532013000',
      bankName: 'Commerzbank',
    });
  });

  it('knows one account however it is written: a British IBAN is its sort code and account number', () => {
    const uk = bankAccountKey('UK', normaliseBankAccount('UK', UK));
    expect(uk).toBe('UK:601613:31926819');
    expect(bankAccountKey('SEPA', normaliseBankAccount('SEPA', { ...SEPA, iban: 'GB29 NWBK 6016 1331 9268 19' }))).toBe(uk);
    expect(bankAccountKey('SWIFT', normaliseBankAccount('SWIFT', { ...SWIFT, accountNumber: 'GB29NWBK60161331926819' }))).toBe(uk);
    expect(bankAccountKey('SEPA', normaliseBankAccount('SEPA', SEPA))).toBe('IBAN:DE89370400440532013000');
    expect(bankAccountKey('ACH', ACH)).toBe('ACH:011000015:123456789');
    // A SWIFT account number is one at its bank: the BIC's branch does not make it another account.
    expect(bankAccountKey('SWIFT', { ...SWIFT, identifierCode: 'CHASUS33XXX' })).toBe(bankAccountKey('SWIFT', SWIFT));
  });

  it('masks: the first 4 characters of the first segment, stars, the last 4 of the number', () => {
    expect(maskBankAccount('SEPA', normaliseBankAccount('SEPA', SEPA))).toBe('DE89 **** 3000');
    expect(maskBankAccount('UK', normaliseBankAccount('UK', UK))).toBe('6016 **** 6819');
    expect(maskBankAccount('ACH', ACH)).toBe('0110 **** 6789');
    expect(maskBankAccount('SWIFT', SWIFT)).toBe('0001 **** 6789');
    // A short number would show whole: its end only.
    expect(maskBankAccount('SWIFT', { ...SWIFT, accountNumber: '12345678' })).toBe('**** 5678');
  });

  it('the schema takes each kind with its own fields, and only those', () => {
    expect(addBankAccountRequestSchema.safeParse({ kind: 'SEPA', ...SEPA }).success).toBe(true);
    expect(addBankAccountRequestSchema.safeParse({ kind: 'UK', ...UK }).success).toBe(true);
    expect(addBankAccountRequestSchema.safeParse({ kind: 'ACH', ...ACH }).success).toBe(true);
    expect(addBankAccountRequestSchema.safeParse({ kind: 'SWIFT', ...SWIFT }).success).toBe(true);
    expect(addBankAccountRequestSchema.safeParse({ kind: 'UK', ...SEPA }).success).toBe(false);
    expect(addBankAccountRequestSchema.safeParse({ kind: 'CHEQUE', ...SEPA }).success).toBe(false);
    expect(addBankAccountRequestSchema.safeParse({ kind: 'SEPA', ...SEPA, accountName: 'Ada <script>' }).success).toBe(false);
  });
});
