import {
  bankTransferInstructionsRequestSchema,
  bankTransferInstructionsSchema,
  listBalanceResultSchema,
  listBankActivityResultSchema,
  submitWithdrawRequestSchema,
  withdrawalSchema,
  withdrawIdRequestSchema,
} from '../banking.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

/** The trading account: balances kept by the ledger, and the bank account a person pays into. */
export const BANKING_CALLS = {
  listBalance: defineCall({
    method: 'GET',
    path: PATHS.listBalance,
    caller: 'individual',
    tags: ['banking'],
    summary: "The person's trading-account balances, fiat and crypto, as the ledger sums them (none is a stored figure)",
    result: listBalanceResultSchema,
  }),
  bankTransferInstructions: defineCall({
    method: 'POST',
    path: PATHS.bankTransferInstructions,
    caller: 'individual',
    tags: ['banking'],
    summary:
      "Where to send a bank transfer: the account in the person's verified name (opened on first ask) and their reference; verified people only",
    body: bankTransferInstructionsRequestSchema,
    result: bankTransferInstructionsSchema,
  }),
  listBankActivity: defineCall({
    method: 'GET',
    path: PATHS.listBankActivity,
    caller: 'individual',
    tags: ['banking'],
    summary: "The person's latest 50 deposits by bank transfer and withdrawals, newest first",
    result: listBankActivityResultSchema,
  }),
  submitWithdraw: defineCall({
    method: 'POST',
    path: PATHS.submitWithdraw,
    caller: 'individual',
    tags: ['banking'],
    summary:
      'Withdraw fiat from the balance to a saved bank account: at least the minimum transfer, within the tier, with the authenticator code; idempotent by withdrawId',
    body: submitWithdrawRequestSchema,
    result: withdrawalSchema,
  }),
  withdrawDetail: defineCall({
    method: 'POST',
    path: PATHS.withdrawDetail,
    caller: 'individual',
    tags: ['banking'],
    summary: "One of the person's withdrawals as it stands",
    body: withdrawIdRequestSchema,
    result: withdrawalSchema,
  }),
};
