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
 * and an outcome its answer does not allow is refused (PayoutOutcomeContradicted; refusalOf). Once only: the move is a
 * compare-and-set from PAYOUT_REVIEW (a second decision, or the chain's own answer first: WaitingItemSettled).
 */
/**
 * Why the custody service's answer forbids the operator's outcome, or null. "Not delivered" refunds the person,
 * so it needs the custody service's own word that the transfer failed (the operator cancels a stuck transfer there
 * first): a pending transfer may still arrive, a silent service may be hiding one, and with no transfer recorded
 * the settlement may be sending it at this moment; each would pay twice. "Delivered" needs a transfer that did
 * not fail, and the transaction the custody service names when it names one.
 */
function refusalOf(input: PayoutReviewInput, custody: { answer: CustodyAnswer; transfer: Transfer | null }): string | null {
  if (input.outcome === 'not-delivered') {
    if (custody.answer === 'FAILED') return null;
    if (custody.answer === 'PENDING')
      return 'The custody service still reports this transfer pending: cancel it there first, then record it not delivered.';
    if (custody.answer === 'NO_ANSWER') return 'The custody service did not answer: try again when it does.';
    if (custody.answer === 'NO_PAYOUT_ID') return 'No transfer is recorded for this payout yet: the settlement may still be sending it.';
    return `The custody service reports this payout ${custody.answer}.`;
  }
  if (custody.answer === 'FAILED') return 'The custody service reports this payout FAILED.';
  if (custody.answer === 'NO_PAYOUT_ID') return 'No transfer is recorded for this payout: there is nothing that could have been delivered.';
  const named = custody.transfer?.txHash;
  if (custody.answer === 'CONFIRMED' && named && named.toLowerCase() !== input.txHash.toLowerCase())
    return `The custody service names another transaction for this payout: ${named}.`;
  return null;
}

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
      const refusal = refusalOf(input, custody);
      if (refusal) throw new AppError(ErrorCode.PayoutOutcomeContradicted, refusal);
      const fee = input.outcome === 'delivered' && custody.transfer?.status === 'CONFIRMED' ? (custody.transfer.fee ?? null) : null;
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
