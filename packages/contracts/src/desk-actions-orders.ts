import { z } from 'zod';
import { orderIdSchema } from './orders.ts';

/**
 * What an operator does with what waits for them (docs/rules/operator-desk.md "Acting on what waits";
 * the money rules: docs/rules/order-states.md "Settlement steps", docs/rules/bank-transfers.md "Suspense").
 * Every action says why (kept with the change and in the audit log).
 */

export const DESK_ACTION_REASON_MAX_LENGTH = 500;
const reason = z.string().trim().min(3, 'say why').max(DESK_ACTION_REASON_MAX_LENGTH);

export const PAYOUT_REVIEW_OUTCOMES = ['delivered', 'not-delivered'] as const;
export type PayoutReviewOutcome = (typeof PAYOUT_REVIEW_OUTCOMES)[number];

/** A chain transaction's id as explorers show it (a hex hash, 0x-prefixed or not, or base58): letters and digits. */
export const chainTxIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{16,128}$/, 'the transaction id, as the explorer shows it');

export const deskPayoutOutcomeSchema = z.discriminatedUnion('outcome', [
  z.object({
    orderId: orderIdSchema,
    outcome: z.literal('delivered'),
    /** The chain transaction the operator checked: the crypto reached the person's wallet. */
    txHash: chainTxIdSchema,
    reason,
  }),
  z.object({ orderId: orderIdSchema, outcome: z.literal('not-delivered'), reason }),
]);
export type DeskPayoutOutcome = z.infer<typeof deskPayoutOutcomeSchema>;
/** The order after the outcome: SUCCESS (DONE), or PROCESSING at REFUND (the refund then runs by itself). */
export const deskPayoutOutcomeResultSchema = z.object({ orderId: z.string(), status: z.string(), step: z.string() });

export const SUSPENSE_ACTIONS = ['assign', 'return'] as const;
const creditId = z.string().trim().min(1).max(32);
/** The person to credit: their account id, or their deposit reference (CW and 8 characters, read without case or spaces). */
export const suspensePersonSchema = z.union([
  z.strictObject({ userId: z.string().trim().min(1).max(32) }),
  z.strictObject({ reference: z.string().trim().min(10).max(40) }),
]);
export const deskSuspenseCreditSchema = z.discriminatedUnion('action', [
  z.object({ creditId, action: z.literal('assign'), person: suspensePersonSchema, reason }),
  z.object({ creditId, action: z.literal('return'), reason }),
]);
export type DeskSuspenseCredit = z.infer<typeof deskSuspenseCreditSchema>;
export const deskSuspenseCreditResultSchema = z.object({
  creditId: z.string(),
  /** ASSIGNED: in the person's balance now. TO_RETURN: to send back in the bank's portal; it leaves suspense when the bank reports it returned. */
  resolution: z.enum(['ASSIGNED', 'TO_RETURN']),
  userId: z.string().nullable(),
  currency: z.string(),
  amount: z.string(),
});

/** A deposit owed back: its chain transfer id, as the list names it. */
const transferId = z.string().trim().min(1).max(64);
export const deskDepositReturnSchema = z.object({
  transferId,
  /** Where the owed crypto goes: the person's own wallet, as they confirmed it to support (checked for the network). */
  address: z.string().trim().min(1).max(128),
  /** XRP's destination tag, when the address needs one. */
  memo: z.string().trim().min(1).max(64).optional(),
  reason,
});
export type DeskDepositReturn = z.infer<typeof deskDepositReturnSchema>;
/** The return is on its way: the custody service sends it, and the list shows it until the chain confirms it. */
export const deskDepositReturnResultSchema = z.object({
  transferId: z.string(),
  orderId: z.string(),
  asset: z.string(),
  network: z.string(),
  amount: z.string(),
});

export const deskCloseFlagSchema = z.object({ orderId: orderIdSchema, reason });
export const deskCloseFlagResultSchema = z.object({ orderId: z.string() });
