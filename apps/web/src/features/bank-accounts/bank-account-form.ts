import {
  BANK_ACCOUNT_FIELDS,
  type BankAccountField,
  type BankAccountKind,
  type BankAccountProblem,
  bankAccountProblems,
  ErrorCode,
  type ErrorName,
  isOptionalBankAccountField,
} from '@causeway/contracts';
import { apiErrorName, isApiError } from '@/lib/http-errors';
import type { AddBankAccountRequest } from './api/bank-accounts-api';

/** The add form: the chosen kind, and what was typed in every field (kept when the kind changes, sent only for the kind's own). */
export interface BankAccountForm {
  kind: BankAccountKind;
  values: Record<BankAccountField, string>;
}

export const EMPTY_BANK_ACCOUNT_FORM: BankAccountForm = {
  kind: 'SEPA',
  values: {
    accountName: '',
    iban: '',
    identifierCode: '',
    bankName: '',
    sortCode: '',
    accountNumberUk: '',
    abaRoutingNumber: '',
    accountNumber: '',
    payeeAddress: '',
    payeeCity: '',
    payeePostalCode: '',
    payeeCountry: '',
  },
};

/** The kind's fields in the form's order: the same list and the same checks as the server's (contracts' bank-account-rules). */
export const fieldsOf = (kind: BankAccountKind): readonly BankAccountField[] => BANK_ACCOUNT_FIELDS[kind];

/** Each of the kind's fields' problem, as the server would find it. */
export const formProblems = (form: BankAccountForm): Partial<Record<BankAccountField, BankAccountProblem>> =>
  bankAccountProblems(form.kind, form.values);

/** The add body of a valid form: the kind's own fields, trimmed; an empty optional BIC is left out. */
export function addBodyOf(form: BankAccountForm): AddBankAccountRequest {
  const body: Record<string, string> = { kind: form.kind };
  for (const field of fieldsOf(form.kind)) {
    const value = form.values[field].trim();
    if (value === '' && isOptionalBankAccountField(form.kind, field)) continue;
    body[field] = value;
  }
  return body as unknown as AddBankAccountRequest;
}

/** The server's refusals of one number: said under the field its `data.field` names. */
const FIELD_REFUSALS: readonly ErrorName[] = [
  ErrorCode.BankIbanInvalid,
  ErrorCode.BankBicInvalid,
  ErrorCode.BankRoutingNumberInvalid,
  ErrorCode.BankAccountNumberInvalid,
  ErrorCode.BankSortCodeInvalid,
];

/** The field a refusal of add names, when it is a refusal of that field's number. */
export function refusedField(error: unknown): BankAccountField | undefined {
  const name = apiErrorName(error);
  if (!name || !FIELD_REFUSALS.includes(name) || !isApiError(error)) return undefined;
  const field = (error.data as { field?: unknown } | undefined)?.field;
  return typeof field === 'string' && field in EMPTY_BANK_ACCOUNT_FORM.values ? (field as BankAccountField) : undefined;
}

/** Add's refusals in our words (keyed by wire code under bankAccounts.errors); the rest read as the server says. */
export const ADD_BANK_ACCOUNT_ERRORS: readonly ErrorName[] = [
  ...FIELD_REFUSALS,
  ErrorCode.BankAccountUsedByAnother,
  ErrorCode.BankAccountLimitReached,
  ErrorCode.BankAccountDailyLimitReached,
  ErrorCode.BankAccountAddingSuspended,
  ErrorCode.BankAccountNameMismatch,
  ErrorCode.BankAccountVerificationRequired,
];

/** Refusals after which the list says something new (a wait, the cap): it is read again. */
export const LIST_CHANGING_ERRORS: readonly ErrorName[] = [
  ErrorCode.BankAccountLimitReached,
  ErrorCode.BankAccountDailyLimitReached,
  ErrorCode.BankAccountAddingSuspended,
];
