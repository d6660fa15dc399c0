import { z } from 'zod';
import {
  addBankAccountRequestSchema,
  bankAccountSchema,
  deleteBankAccountRequestSchema,
  listBankAccountResultSchema,
} from '../bank-accounts.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

/** Saved bank accounts (customer/bank-account, docs/rules/bank-accounts.md): a person's own, behind a session. */
export const BANK_ACCOUNT_CALLS = {
  listBankAccount: defineCall({
    method: 'POST',
    path: PATHS.listBankAccount,
    caller: 'individual',
    tags: ['bank-accounts'],
    summary: 'Saved bank accounts (masked), the caps, and when a new one may be added',
    body: z.object({}).optional(),
    result: listBankAccountResultSchema,
  }),
  addBankAccount: defineCall({
    method: 'POST',
    path: PATHS.addBankAccount,
    caller: 'individual',
    tags: ['bank-accounts'],
    summary: "Save a bank account (SEPA, UK, SWIFT or ACH) in the verified person's own name; the same account again answers the one saved",
    body: addBankAccountRequestSchema,
    result: bankAccountSchema,
  }),
  deleteBankAccount: defineCall({
    method: 'POST',
    path: PATHS.deleteBankAccount,
    caller: 'individual',
    tags: ['bank-accounts'],
    summary: 'Delete a saved bank account (payouts already made to it keep it in their history)',
    body: deleteBankAccountRequestSchema,
    result: z.null(),
  }),
} as const;
