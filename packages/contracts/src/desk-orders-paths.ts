/**
 * The desk's actions on what waits for an operator (docs/rules/operator-desk.md "Acting on what waits"),
 * under the desk's orders prefix. Zod-free, spread into PATHS beside DESK_PATHS.
 */
const ORDERS = '/desk/v1/orders';

export const DESK_ORDERS_PATHS = {
  /** A payout waiting at PAYOUT_REVIEW: the outcome the operator verified (delivered, or not delivered). */
  deskPayoutOutcome: `${ORDERS}/payout-outcome`,
  /** A bank credit held in suspense: credit it to a person, or send it back to the payer. */
  deskSuspenseCredit: `${ORDERS}/suspense-credit`,
  /** Crypto a sell's deposit address received and we owe back (more than ordered, too little, a second or a late transfer): send it to an address. */
  deskDepositReturn: `${ORDERS}/deposit-return`,
  /** A flagged order looked into: the flag closed with what was done, once nothing is owed on it any more. */
  deskCloseFlag: `${ORDERS}/close-flag`,
} as const;
