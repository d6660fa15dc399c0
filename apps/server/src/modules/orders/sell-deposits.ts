import type Decimal from 'decimal.js';
import type { DepositOutcome, SellDepositRow } from './sell-deposits.repository.ts';

/**
 * What happens to each transfer that reaches a sell's deposit address (docs/rules/sell-deposits.md).
 * The first transfer seen in the deposit window decides the order ("the deciding transfer"); every
 * later one is owed back. Pure: the settlement gathers the facts, this decides.
 *
 * - SCREENED: its sender is on a sanctions list. Held (never sold); the order fails; an operator decides.
 * - MATCHED: exactly the quoted amount. Sold at the quoted price.
 * - OVER: more. The quoted amount is sold; the rest is owed back.
 * - UNDER: less, but enough to pay out at least the pair's minimum. All of it is sold at the quoted price.
 * - SHORT: less than that. Nothing is sold; the order fails; all of it is owed back.
 * - EXTRA: any transfer after the deciding one (sent twice, topped up). Owed back.
 * - LATE: first seen after the window with no deciding transfer (or after the order ended). Owed back.
 * - DROPPED: (set later) the chain dropped it before it confirmed: nothing arrived.
 */
export interface DepositFacts {
  amount: Decimal;
  seenAt: Date;
  /** Its sender is flagged by the address screening. */
  screened: boolean;
}

export interface DepositContext {
  /** The crypto the order was quoted for. */
  expected: Decimal;
  windowEndsAt: Date;
  /** The order ended (expired, failed or paid): nothing more is sold for it. */
  ended: boolean;
  /** A transfer already decides the order. */
  decided: boolean;
  /** Whether a transfer of this amount pays out at least the pair's minimum (UNDER) or not (SHORT). */
  sellable: (amount: Decimal) => boolean;
}

/** The outcomes that decide an order; the others (EXTRA, LATE, DROPPED) never do. */
export const DECIDING_OUTCOMES: readonly DepositOutcome[] = ['MATCHED', 'OVER', 'UNDER', 'SHORT', 'SCREENED'];
/** The deciding outcomes that are sold for the order. */
export const SOLD_OUTCOMES: readonly DepositOutcome[] = ['MATCHED', 'OVER', 'UNDER'];

export function decideDeposit(transfer: DepositFacts, order: DepositContext): DepositOutcome {
  if (order.decided) return 'EXTRA';
  if (order.ended || transfer.seenAt > order.windowEndsAt) return 'LATE';
  if (transfer.screened) return 'SCREENED';
  const difference = transfer.amount.comparedTo(order.expected);
  if (difference === 0) return 'MATCHED';
  if (difference > 0) return 'OVER';
  return order.sellable(transfer.amount) ? 'UNDER' : 'SHORT';
}

/** The order's deciding transfer among its recorded ones (they are in the order first seen), if any. */
export const decidingOf = (rows: readonly SellDepositRow[]): SellDepositRow | undefined =>
  rows.find((row) => DECIDING_OUTCOMES.includes(row.outcome as DepositOutcome));
