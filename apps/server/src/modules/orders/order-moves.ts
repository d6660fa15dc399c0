import type { OrderStatus } from '@causeway/contracts';
import type { StepOutcome } from '../../jobs/flow-runner.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { OrderChange, OrderRow, OrdersRepository } from './orders.repository.ts';

/**
 * How a settlement flow moves an order (a card buy's, a sell's): by compare-and-set, and in the same
 * transaction what goes with that move (`withMove`: a journal, the next job) and what goes with every
 * move of the flow (`alongWith`: a receipt, a merchant's transaction ended, an address still watched).
 * A final move stamps `completedAt`. When another worker moved the order first, nothing of it is
 * written and the step reads the order again.
 */
/**
 * A buy-and-send order (transactionType BUY_SEND: the crypto goes to the merchant's own wallet) ends in
 * its own words: BuySendSuccess and BuySendFailed for SUCCESS and FAILED (docs/rules/order-states.md).
 * Settlement is the same; only the final word differs.
 */
const BUY_SEND_STATUSES: Partial<Record<OrderStatus, OrderStatus>> = { SUCCESS: 'BuySendSuccess', FAILED: 'BuySendFailed' };
export const statusFor = (order: Pick<OrderRow, 'transactionType'>, status: OrderStatus): OrderStatus =>
  order.transactionType === 'BUY_SEND' ? (BUY_SEND_STATUSES[status] ?? status) : status;

export function createOrderMover(deps: {
  orders: Pick<OrdersRepository, 'transition'>;
  transaction: RunInTransaction;
  clock: Clock;
  alongWith?: (order: OrderRow, change: OrderChange, now: Date) => Promise<void>;
}) {
  return async function move(order: OrderRow, change: OrderChange, withMove?: () => Promise<void>): Promise<StepOutcome<OrderRow>> {
    const now = deps.clock.now();
    const worded: OrderChange = { ...change, status: statusFor(order, change.status) };
    const withCompletion: OrderChange = worded.step === 'DONE' ? { ...worded, set: { ...worded.set, completedAt: now } } : worded;
    const moved = await deps.transaction(async () => {
      const after = await deps.orders.transition(order, withCompletion, now);
      if (!after) return undefined;
      await withMove?.();
      await deps.alongWith?.(order, worded, now);
      return after;
    });
    // Moved by us: go on with the order as the move left it (what goes with a move never changes the
    // order's row). Moved by another worker: read it again.
    return moved ? { movedTo: moved } : 'moved';
  };
}
