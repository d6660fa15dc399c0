import type { OrderFailReason } from '@causeway/contracts';
import type { StepOutcome } from '../../jobs/flow-runner.ts';
import type { OrderRow } from './orders.repository.ts';

export type Outcome = StepOutcome<OrderRow>;

/**
 * How a buy is paid, behind one face: the card processor's payment (settlement.ts) or Klarna's order
 * (klarna-payment.ts), chosen by the order's channel. The settlement's own steps (reserve, purchase,
 * payout, confirm) and its books are the same for both; only these differ. Every provider call
 * carries a key derived from the order id, so a step run twice acts once.
 */
export interface PaymentSource {
  /** The step before RESERVE (card AUTHORIZE, Klarna KLARNA_AUTH): on to RESERVE once authorised, or ended unpaid. */
  authorize(order: OrderRow): Promise<Outcome>;
  /** Releases an authorisation that was never captured (no crypto to sell). */
  release(order: OrderRow): Promise<void>;
  /** Takes the money: 'captured', or why it never will be (the authorisation is gone and nothing was taken). */
  capture(order: OrderRow): Promise<'captured' | { failReason: OrderFailReason }>;
  /** Gives the captured money back. */
  refund(order: OrderRow): Promise<void>;
  /**
   * The deadline, before a capture was recorded: true when the money was captured after all (a capture
   * whose answer was lost); otherwise the authorisation is released and false.
   */
  releaseUnlessCaptured(order: OrderRow): Promise<boolean>;
  /** The deadline passed at the authorisation step: the order ends, nothing charged. */
  expireUnauthorised(order: OrderRow): Promise<Outcome>;
}
