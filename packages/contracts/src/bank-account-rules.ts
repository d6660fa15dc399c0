/**
 * The rules of saved bank accounts (docs/rules/bank-accounts.md) that need no schema: the kinds, their
 * fields, the caps, the number checks, the stored form, masking. No zod here, so the web form checks as
 * one types exactly as the server checks on add-card's bank twin, add.
 *
 * The checks are the libraries', not ours: ibantools (IBAN checksum and country format, BIC/SWIFT
 * structure and country) and Braintree's us-bank-account-validator (ABA routing checksum, account
 * number length). No maintained library checks UK sort code + account number pairs (VocaLink's
 * modulus tables change several times a year and the npm ones stopped following them), so a UK
 * account is checked by format only: 6 digits and 8 digits.
 */
import { isSEPACountry, isValidBIC, isValidIBAN, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { accountNumber as usAccountNumber, routingNumber } from 'us-bank-account-validator';
import { isCountryCode, isValidPostalCode, isValidTextField } from './kyc-rules.ts';

/** docs/rules/limits.md: at most this many live bank accounts per person. */
export const MAX_BANK_ACCOUNTS = 10;
/** docs/rules/limits.md: at most this many bank accounts added per person in any 24 hours. */
export const BANK_ACCOUNTS_PER_DAY = 3;
export const BANK_ACCOUNT_DAY_HOURS = 24;

/**
 * SEPA: a euro account by IBAN. UK: a pound account by sort code and account number. SWIFT: an
 * international account by IBAN or account number, at the bank its SWIFT/BIC names. ACH: a US account
 * by ABA routing number and account number.
 */
export const BANK_ACCOUNT_KINDS = ['SEPA', 'UK', 'SWIFT', 'ACH'] as const;
export type BankAccountKind = (typeof BANK_ACCOUNT_KINDS)[number];

/** The currency a kind is paid in; null for SWIFT, paid in whatever currency the payout is. */
export const BANK_ACCOUNT_CURRENCY = { SEPA: 'EUR', UK: 'GBP', SWIFT: null, ACH: 'USD' } as const satisfies Record<
  BankAccountKind,
  string | null
>;

/** Each kind's fields in the order a form asks them (the spec's names). */
export const BANK_ACCOUNT_FIELDS = {
  SEPA: ['accountName', 'iban', 'identifierCode', 'bankName'],
  UK: ['accountName', 'sortCode', 'accountNumberUk'],
  SWIFT: ['accountName', 'accountNumber', 'identifierCode', 'bankName', 'payeeAddress', 'payeeCity', 'payeePostalCode', 'payeeCountry'],
  ACH: ['accountName', 'abaRoutingNumber', 'accountNumber'],
} as const satisfies Record<BankAccountKind, readonly string[]>;
export type BankAccountField = (typeof BANK_ACCOUNT_FIELDS)[BankAccountKind][number];

/** The one field a kind may leave empty: a SEPA account's BIC (checked when given). */
export const isOptionalBankAccountField = (kind: BankAccountKind, field: BankAccountField): boolean =>
  kind === 'SEPA' && field === 'identifierCode';

/** Why a field is refused; the web form words each, the server answers the number ones with a catalogue code. */
export type BankAccountProblem =
  'required' | 'text' | 'iban' | 'sepaIban' | 'bic' | 'sortCode' | 'accountNumberUk' | 'aba' | 'accountNumber' | 'postalCode' | 'country';

/** The values of one kind's fields as typed (any may be missing while the form is filled). */
export type BankAccountValues = Partial<Record<BankAccountField, string>>;

/** A code as it is checked and kept: no spaces or dashes (people type them), upper case. */
export const compactCode = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase();

const TEXT_FIELDS: ReadonlySet<BankAccountField> = new Set(['accountName', 'bankName', 'payeeAddress', 'payeeCity']);

/** A SWIFT account number that is an IBAN (compacted): it starts with the code of a country that has IBANs. */
export const isIbanAccountNumber = (code: string): boolean =>
  /^[A-Z]{2}\d{2}/.test(code) && !validateIBAN(code).errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry);

/** A SWIFT account's number: an IBAN where its country has them (then a valid one), else 1 to 34 letters and digits. */
function swiftAccountProblem(code: string): BankAccountProblem | undefined {
  if (isIbanAccountNumber(code)) return isValidIBAN(code) ? undefined : 'iban';
  return /^[A-Z0-9]{1,34}$/.test(code) ? undefined : 'accountNumber';
}

function problemOf(kind: BankAccountKind, field: BankAccountField, raw: string): BankAccountProblem | undefined {
  if (TEXT_FIELDS.has(field)) return isValidTextField(raw) ? undefined : 'text';
  if (field === 'payeePostalCode') return isValidPostalCode(raw) ? undefined : 'postalCode';
  if (field === 'payeeCountry') return isCountryCode(raw.trim()) ? undefined : 'country';
  const code = compactCode(raw);
  switch (field) {
    case 'iban':
      if (!isValidIBAN(code)) return 'iban';
      return isSEPACountry(code.slice(0, 2)) ? undefined : 'sepaIban';
    case 'identifierCode':
      return isValidBIC(code) ? undefined : 'bic';
    case 'sortCode':
      return /^\d{6}$/.test(code) ? undefined : 'sortCode';
    case 'accountNumberUk':
      return /^\d{8}$/.test(code) ? undefined : 'accountNumberUk';
    case 'abaRoutingNumber':
      return routingNumber(code).isValid ? undefined : 'aba';
    case 'accountNumber':
      if (kind === 'SWIFT') return swiftAccountProblem(code);
      return /^\d+$/.test(code) && usAccountNumber(code).isValid ? undefined : 'accountNumber';
  }
  return undefined;
}

/** Every problem of a kind's values, by field: empty when the account may be saved. */
export function bankAccountProblems(
  kind: BankAccountKind,
  values: BankAccountValues,
): Partial<Record<BankAccountField, BankAccountProblem>> {
  const problems: Partial<Record<BankAccountField, BankAccountProblem>> = {};
  for (const field of BANK_ACCOUNT_FIELDS[kind]) {
    const raw = values[field] ?? '';
    if (raw.trim() === '') {
      if (!isOptionalBankAccountField(kind, field)) problems[field] = 'required';
      continue;
    }
    const problem = problemOf(kind, field, raw);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The account as it is kept: texts trimmed, codes compacted, empty optional fields left out. */
export function normaliseBankAccount(kind: BankAccountKind, values: BankAccountValues): BankAccountValues {
  const kept: BankAccountValues = {};
  for (const field of BANK_ACCOUNT_FIELDS[kind]) {
    const raw = (values[field] ?? '').trim();
    if (raw === '') continue;
    kept[field] = TEXT_FIELDS.has(field) || field === 'payeePostalCode' ? raw : compactCode(raw);
  }
  return kept;
}

/**
 * What makes two saved accounts the same account, whoever saved them, from normalised values: the
 * IBAN; a British IBAN is its sort code and account number, so it meets the same UK account typed
 * as such; a SWIFT account number with its bank (the BIC's first 8 characters); an ABA routing
 * number with its account number.
 */
export function bankAccountKey(kind: BankAccountKind, values: BankAccountValues): string {
  const ibanKey = (iban: string) => (iban.startsWith('GB') ? `UK:${iban.slice(8, 14)}:${iban.slice(14)}` : `IBAN:${iban}`);
  switch (kind) {
    case 'SEPA':
      return ibanKey(values.iban ?? '');
    case 'UK':
      return `UK:${values.sortCode}:${values.accountNumberUk}`;
    case 'ACH':
      return `ACH:${values.abaRoutingNumber}:${values.accountNumber}`;
    case 'SWIFT': {
      const number = values.accountNumber ?? '';
      return isIbanAccountNumber(number) ? ibanKey(number) : `SWIFT:${(values.identifierCode ?? '').slice(0, 8)}:${number}`;
    }
  }
}

/**
 * docs/rules/limits.md masking: "keeps first 4 characters of first segment, then stars, then second
 * segment". A bank account's first segment is what names the account (the IBAN, the sort code or
 * routing number), its second the account number's last 4: DE89 **** 3000, 1020 **** 5678.
 */
export function maskBankAccount(kind: BankAccountKind, values: BankAccountValues): string {
  const [first, number] =
    kind === 'SEPA'
      ? [values.iban, values.iban]
      : kind === 'UK'
        ? [values.sortCode, values.accountNumberUk]
        : kind === 'ACH'
          ? [values.abaRoutingNumber, values.accountNumber]
          : [values.accountNumber, values.accountNumber];
  const start = (first ?? '').slice(0, 4);
  const end = (number ?? '').slice(-4);
  // A short number named by itself (a SWIFT account of 8 characters or fewer) would show whole: its end only.
  return first === number && (number ?? '').length <= 8 ? `**** ${end}` : `${start} **** ${end}`;
}

/** Why list says adding waits: a password or authenticator change, or the day's 3 already added. */
export const ADD_BANK_ACCOUNT_WAIT_REASONS = ['SECURITY_CHANGE', 'DAILY_LIMIT'] as const;
export type AddBankAccountWaitReason = (typeof ADD_BANK_ACCOUNT_WAIT_REASONS)[number];
