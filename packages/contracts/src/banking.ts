import { z } from 'zod';
import { decimalStringSchema } from './reference.ts';

/**
 * The spec's bank channels we quote and settle, each paid by BANK_TRANSFER through the bank provider:
 * Clear Junction's SEPA (EUR) and Faster Payments (GBP) accounts, and OpenPayd's.
 */
export const BANK_TRANSFER_CHANNELS = ['CLEAR_JUNCTION', 'CLEAR_JUNCTION_FPS', 'CLEAR_JUNCTION_GBP', 'OPENPAYD'] as const;
export const isBankTransferChannel = (channel: string): boolean => (BANK_TRANSFER_CHANNELS as readonly string[]).includes(channel);

/** The currencies a trading account keeps fiat in, and bank transfers arrive in: EUR by SEPA, GBP by Faster Payments. */
export const BANK_CURRENCIES = ['EUR', 'GBP'] as const;
export const bankCurrencySchema = z.enum(BANK_CURRENCIES);

/** One currency of the person's trading account (spec: account type tradingAccount): what they may buy with or withdraw. */
export const balanceSchema = z.object({
  currency: z.string(),
  assetType: z.enum(['fiat', 'crypto']),
  available: decimalStringSchema,
});
export type Balance = z.infer<typeof balanceSchema>;

export const listBalanceResultSchema = z.object({ balances: z.array(balanceSchema) });
export type ListBalanceResult = z.infer<typeof listBalanceResultSchema>;

export const bankTransferInstructionsRequestSchema = z.object({ currency: bankCurrencySchema.default('EUR') }).strict();
export type BankTransferInstructionsRequest = z.input<typeof bankTransferInstructionsRequestSchema>;

/**
 * Where and how to send money (spec: bank transfer instructions): the account in the person's own
 * name, and their reference, which names them if the money reaches the bank's collection account.
 */
export const bankTransferInstructionsSchema = z.object({
  currency: bankCurrencySchema,
  scheme: z.enum(['SEPA', 'FPS']),
  accountName: z.string(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  sortCode: z.string().nullable(),
  accountNumber: z.string().nullable(),
  bankName: z.string(),
  bankAddress: z.string(),
  reference: z.string(),
  /** The least a transfer should carry (spec: minimum transfers), in `currency`. */
  minimumAmount: decimalStringSchema,
});
export type BankTransferInstructions = z.infer<typeof bankTransferInstructionsSchema>;

/**
 * A bank-transfer buy's payment (order detail): the account to send to, the order's own reference,
 * and what has arrived for it so far. The order is paid from the balance once `received` covers it.
 */
export const orderBankTransferSchema = bankTransferInstructionsSchema.extend({
  /** The amount to send, in `currency`. */
  amount: decimalStringSchema,
  /** What arrived with this order's reference so far. */
  received: decimalStringSchema,
  /** BALANCE: paid from the balance at once; TRANSFER: waits for the person's transfer. */
  funding: z.enum(['BALANCE', 'TRANSFER']),
});
export type OrderBankTransfer = z.infer<typeof orderBankTransferSchema>;

/**
 * A withdrawal (spec: transaction type WITHDRAW): fiat from the balance to one of the person's saved
 * bank accounts. PROCESSING until the bank settles it; FAILED when the bank rejected or returned it
 * (the money is back in the balance); SUCCESS once settled.
 */
export const WITHDRAWAL_STATUSES = ['PROCESSING', 'SUCCESS', 'FAILED'] as const;
export const WITHDRAWAL_FAIL_REASONS = ['REJECTED', 'RETURNED'] as const;

export const submitWithdrawRequestSchema = z
  .object({
    /** The client's UUID: the withdrawal's idempotency key (the same body answers the first answer). */
    withdrawId: z.uuid(),
    bankAccountId: z.string().min(1).max(40),
    currency: bankCurrencySchema.default('EUR'),
    amount: decimalStringSchema,
    otpType: z.enum(['GA_OTP']).optional(),
    otpCode: z
      .string()
      .regex(/^\d{6}$/, 'must be 6 digits')
      .optional(),
  })
  .strict();
export type SubmitWithdrawRequest = z.input<typeof submitWithdrawRequestSchema>;

export const withdrawalSchema = z.object({
  withdrawId: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  currency: z.string(),
  amount: decimalStringSchema,
  /** The account it goes to, masked as the person sees it. */
  bankAccountId: z.string(),
  maskedAccount: z.string(),
  failReason: z.enum(WITHDRAWAL_FAIL_REASONS).nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawIdRequestSchema = z.object({ withdrawId: z.uuid() }).strict();

/**
 * The trading account's own movements, newest first (the deposit page and the dashboard): money that
 * arrived by bank transfer (held for review when the payer was not the person) and withdrawals.
 */
export const bankActivitySchema = z.object({
  kind: z.enum(['deposit', 'withdrawal']),
  id: z.string(),
  currency: z.string(),
  amount: decimalStringSchema,
  /** deposit: CREDITED, IN_REVIEW (suspense: an operator decides), RETURNED; withdrawal: its status. */
  status: z.enum(['CREDITED', 'IN_REVIEW', 'RETURNED', 'PROCESSING', 'SUCCESS', 'FAILED']),
  /** A deposit's reference as the bank passed it; a withdrawal's masked account. */
  detail: z.string(),
  createdAt: z.string(),
});
export type BankActivity = z.infer<typeof bankActivitySchema>;
export const listBankActivityResultSchema = z.object({ items: z.array(bankActivitySchema) });
