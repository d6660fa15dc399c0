import { z } from 'zod';
import { ADD_BANK_ACCOUNT_WAIT_REASONS, BANK_ACCOUNT_KINDS } from './bank-account-rules.ts';
import { POSTAL_CODE_MAX_LENGTH, TEXT_FIELD_CHARACTERS, TEXT_FIELD_MAX_LENGTH } from './kyc-rules.ts';

// The caps, checks and masking of bank accounts, apart from the schemas: the web form loads them without Zod.
export * from './bank-account-rules.ts';

/** docs/rules/validation.md text fields: the payee's and the bank's names and address lines. */
const textField = z
  .string()
  .trim()
  .min(1, 'required')
  .max(TEXT_FIELD_MAX_LENGTH)
  .regex(TEXT_FIELD_CHARACTERS, "letters, digits, .,()'-+/ and spaces only");

/**
 * A number or code as typed (spaces and dashes allowed): only its size is the schema's. Whether it is a
 * valid IBAN, BIC, sort code, routing or account number is bank-account-rules.ts's, which the service
 * answers with the catalogue's codes (BKA0000001 to BKA0000005), so the page can say which one.
 */
const code = (max: number) => z.string().max(max);

/** bank-account/add: one of four kinds, each with its own fields (docs/rules/bank-accounts.md). */
export const addBankAccountRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('SEPA'),
    accountName: textField,
    iban: code(50),
    /** The bank's SWIFT/BIC: may be left out, checked when given. */
    identifierCode: code(20).optional(),
    bankName: textField,
  }),
  z.object({
    kind: z.literal('UK'),
    accountName: textField,
    sortCode: code(12),
    accountNumberUk: code(16),
  }),
  z.object({
    kind: z.literal('SWIFT'),
    accountName: textField,
    /** The IBAN where the account's country has them, else the account number. */
    accountNumber: code(50),
    identifierCode: code(20),
    bankName: textField,
    payeeAddress: textField,
    payeeCity: textField,
    payeePostalCode: z.string().trim().max(POSTAL_CODE_MAX_LENGTH),
    payeeCountry: z.string().trim().max(2),
  }),
  z.object({
    kind: z.literal('ACH'),
    accountName: textField,
    abaRoutingNumber: code(16),
    accountNumber: code(24),
  }),
]);
export type AddBankAccountRequest = z.input<typeof addBankAccountRequestSchema>;

/**
 * A saved bank account as its owner sees it: the kind, the names, the bank's code, and the number
 * masked (docs/rules/limits.md masking). Never the whole number: the page needs none, and a list is
 * what a shoulder or a screenshot sees.
 */
export const bankAccountSchema = z.object({
  bankAccountId: z.string(),
  kind: z.enum(BANK_ACCOUNT_KINDS),
  /** EUR, GBP or USD; null for a SWIFT account (paid in the payout's currency). */
  currency: z.string().nullable(),
  accountName: z.string(),
  bankName: z.string().nullable(),
  /** The bank's SWIFT/BIC, when the account has one. */
  identifierCode: z.string().nullable(),
  maskedNumber: z.string().describe('docs/rules/limits.md masking, e.g. "DE89 **** 3000"'),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const listBankAccountResultSchema = z.object({
  bankAccounts: z.array(bankAccountSchema),
  maxBankAccounts: z.number().int(),
  bankAccountsPerDay: z.number().int(),
  /** When adding may start again (the 24 h after a security change, or the day's adds used up), else null. */
  addBankAccountAvailableAt: z.string().nullable(),
  addBankAccountWaitReason: z.enum(ADD_BANK_ACCOUNT_WAIT_REASONS).nullable(),
});
export type ListBankAccountResult = z.infer<typeof listBankAccountResultSchema>;

export const deleteBankAccountRequestSchema = z.object({ bankAccountId: z.string().min(1).max(40) });
