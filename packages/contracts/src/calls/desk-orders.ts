import {
  deskCloseFlagResultSchema,
  deskCloseFlagSchema,
  deskDepositReturnResultSchema,
  deskDepositReturnSchema,
  deskPayoutOutcomeResultSchema,
  deskPayoutOutcomeSchema,
  deskSuspenseCreditResultSchema,
  deskSuspenseCreditSchema,
} from '../desk-actions-orders.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

const tags = ['operator desk'] as const;
/** A desk call: the desk session in the operator-token header, no header of the person's. */
const desk = { caller: 'operator-session', tags, headers: null } as const;

/**
 * The desk's actions on the Orders waiting screen (docs/rules/operator-desk.md "Acting on what waits"):
 * each needs orders:act, is audited, and is decided once (a second is DSK0000021). The orders and banking
 * modules register them (their register.ts), as the module that owns the money.
 */
export const DESK_ORDER_CALLS = {
  deskPayoutOutcome: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskPayoutOutcome,
    summary:
      'A payout waiting at PAYOUT_REVIEW: delivered (with the chain transaction checked) ends it SUCCESS; not delivered refunds it (orders:act, audited)',
    body: deskPayoutOutcomeSchema,
    result: deskPayoutOutcomeResultSchema,
  }),
  deskSuspenseCredit: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskSuspenseCredit,
    summary: "A bank credit in suspense: credit it to a person's balance, or mark it to return to the payer (orders:act, audited)",
    body: deskSuspenseCreditSchema,
    result: deskSuspenseCreditResultSchema,
  }),
  deskDepositReturn: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskDepositReturn,
    summary:
      'Crypto owed back from a sell deposit: sent to the address given by the custody service, booked when the chain confirms it (orders:act, audited)',
    body: deskDepositReturnSchema,
    result: deskDepositReturnResultSchema,
  }),
  deskCloseFlag: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskCloseFlag,
    summary:
      'Closes a flagged order looked into, with what was done; refused while crypto or proceeds are owed on it (orders:act, audited)',
    body: deskCloseFlagSchema,
    result: deskCloseFlagResultSchema,
  }),
};
