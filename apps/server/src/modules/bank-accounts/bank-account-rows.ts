import {
  BANK_ACCOUNT_CURRENCY,
  type BankAccount,
  type BankAccountKind,
  type BankAccountValues,
  bankAccountKey,
  isIbanAccountNumber,
  maskBankAccount,
} from '@causeway/contracts';
import { newId } from '../../platform/crypto.ts';
import type { BankAccountRow } from './bank-accounts.repository.ts';
import type { Beneficiary } from './saved-bank-account.ts';

/** The row kept for an account, from its normalised values (normaliseBankAccount). */
export function toBankAccountRow(input: { userId: string; kind: BankAccountKind; values: BankAccountValues; now: Date }): BankAccountRow {
  const { kind, values } = input;
  // A SWIFT account given by IBAN is kept as an IBAN, so a payout knows which it has.
  const swiftIban = kind === 'SWIFT' && isIbanAccountNumber(values.accountNumber ?? '');
  return {
    id: newId('bka'),
    userId: input.userId,
    kind,
    currency: BANK_ACCOUNT_CURRENCY[kind],
    accountName: values.accountName ?? '',
    bankName: values.bankName ?? null,
    identifierCode: values.identifierCode ?? null,
    iban: (swiftIban ? values.accountNumber : values.iban) ?? null,
    accountNumber: swiftIban ? null : (values.accountNumber ?? null),
    sortCode: values.sortCode ?? null,
    accountNumberUk: values.accountNumberUk ?? null,
    abaRoutingNumber: values.abaRoutingNumber ?? null,
    payeeAddress: values.payeeAddress ?? null,
    payeeCity: values.payeeCity ?? null,
    payeePostalCode: values.payeePostalCode ?? null,
    payeeCountry: values.payeeCountry ?? null,
    accountKey: bankAccountKey(kind, values),
    createdAt: input.now,
    deletedAt: null,
  };
}

/** A row's values as the contracts' rules read them (a SWIFT IBAN is that kind's account number). */
function valuesOf(row: BankAccountRow): BankAccountValues {
  const values: BankAccountValues = {
    iban: row.iban ?? undefined,
    accountNumber: row.accountNumber ?? undefined,
    sortCode: row.sortCode ?? undefined,
    accountNumberUk: row.accountNumberUk ?? undefined,
    abaRoutingNumber: row.abaRoutingNumber ?? undefined,
  };
  if (row.kind === 'SWIFT') values.accountNumber = row.iban ?? row.accountNumber ?? undefined;
  return values;
}

const maskedNumberOf = (row: BankAccountRow) => maskBankAccount(row.kind as BankAccountKind, valuesOf(row));

/** What the owner sees: never the whole number. */
export const toBankAccount = (row: BankAccountRow): BankAccount => ({
  bankAccountId: row.id,
  kind: row.kind as BankAccountKind,
  currency: row.currency,
  accountName: row.accountName,
  bankName: row.bankName,
  identifierCode: row.identifierCode,
  maskedNumber: maskedNumberOf(row),
  createdAt: row.createdAt.toISOString(),
});

/** What a payout reads: every field the bank needs. */
export const toBeneficiary = (row: BankAccountRow): Beneficiary => ({
  bankAccountId: row.id,
  userId: row.userId,
  kind: row.kind as BankAccountKind,
  currency: row.currency,
  accountName: row.accountName,
  bankName: row.bankName,
  identifierCode: row.identifierCode,
  iban: row.iban,
  accountNumber: row.accountNumber,
  sortCode: row.sortCode,
  accountNumberUk: row.accountNumberUk,
  abaRoutingNumber: row.abaRoutingNumber,
  payeeAddress: row.payeeAddress,
  payeeCity: row.payeeCity,
  payeePostalCode: row.payeePostalCode,
  payeeCountry: row.payeeCountry,
  maskedNumber: maskedNumberOf(row),
  deletedAt: row.deletedAt,
});
