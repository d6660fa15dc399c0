import { ErrorCode, type PayoutReviewOutcome } from '@causeway/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import { loggableError } from '../../platform/logging.ts';
import type { ChainProvider, Transfer } from '../../providers/chain/chain.ts';
import type { OrderRow, OrdersRepository } from './orders.repository.ts';
import type { Settlement } from './settlement.ts';

export type PayoutReviewInput =
  | { orderId: string; outcome: Extract<PayoutReviewOutcome, 'delivered'>; txHash: string; reason: string }
  | { orderId: string; outcome: Extract<PayoutReviewOutcome, 'not-delivered'>; reason: string };

/** What the custody service said of the payout when the operator decided: recorded with the decision. */
export type CustodyAnswer = Transfer['status'] | 'NO_PAYOUT_ID' | 'NO_ANSWER';

/**
 * Runs the change inside the caller's audit (the desk's act: the role checked again, the change and its
 * audit row in one transaction), with what the custody service said added to the row's details.
 */
export type Audited = (work: () => Promise<OrderRow>, details: { custody: CustodyAnswer }) => Promise<OrderRow>;

/**
 * An operator's verified outcome of a payout waiting at PAYOUT_REVIEW (docs/rules/order-states.md
 * "Settlement steps"): the settlement's own moves do the work (settlement.ts settleReviewedPayout), so
 * a delivered payout ends exactly as a confirmed one and an undelivered one is refunded exactly as a
 * failed one. Never a double payment: the custody service is asked first (outside the transaction),
 * and an operator's word it contradicts is refused (PayoutOutcomeContradicted): "not delivered" for a
 * transfer it reports CONFIRMED, "delivered" for one it reports FAILED. Once only: the move is a
 * compare-and-set from PAYOUT_REVIEW (a second decision, or the chain's own answer first: WaitingItemSettled).
 */
export function createPayoutReview(deps: {
  orders: Pick<OrdersRepository, 'findOrder'>;
  settlement: Pick<Settlement, 'settleReviewedPayout'>;
  chain: Pick<ChainProvider, 'getTransfer'>;
  log: FastifyBaseLogger;
}) {
  async function custodyOf(payoutId: string | null): Promise<{ answer: CustodyAnswer; transfer: Transfer | null }> {
    if (!payoutId) return { answer: 'NO_PAYOUT_ID', transfer: null };
    try {
      const transfer = await deps.chain.getTransfer(payoutId);
      return { answer: transfer.status, transfer };
    } catch (error) {
      // The service is down or does not know it: the operator's own check on the chain is what decides.
      deps.log.warn({ payoutId, err: loggableError(error) }, 'payout review: the custody service did not answer');
      return { answer: 'NO_ANSWER', transfer: null };
    }
  }

  return {
    async decide(input: PayoutReviewInput, audited: Audited): Promise<{ orderId: string; status: string; step: string }> {
      const order = await deps.orders.findOrder(input.orderId);
      if (!order) throw new AppError(ErrorCode.OperatorTargetNotFound, 'No such order.');
      if (order.step !== 'PAYOUT_REVIEW') throw new AppError(ErrorCode.WaitingItemSettled);
      const custody = await custodyOf(order.payoutId);
      const delivered = input.outcome === 'delivered';
      if ((delivered && custody.answer === 'FAILED') || (!delivered && custody.answer === 'CONFIRMED'))
        throw new AppError(ErrorCode.PayoutOutcomeContradicted, `The custody service reports this payout ${custody.answer}.`);
      const fee = delivered && custody.transfer?.status === 'CONFIRMED' ? (custody.transfer.fee ?? null) : null;
      const after = await audited(
        async () => {
          const moved = await deps.settlement.settleReviewedPayout(
            order,
            input.outcome === 'delivered' ? { delivered: true, txHash: input.txHash, fee } : { delivered: false },
          );
          // Another operator, or the chain's own answer, moved it first: nothing of ours is written.
          if (moved === 'moved') throw new AppError(ErrorCode.WaitingItemSettled);
          return moved;
        },
        { custody: custody.answer },
      );
      return { orderId: after.id, status: after.status, step: after.step };
    },
  };
}

export type PayoutReview = ReturnType<typeof createPayoutReview>;
