import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { Transfer } from '../../providers/chain/chain.ts';
import type { OrderRow } from './orders.repository.ts';
import { createPayoutReview } from './payout-review.ts';

// docs/rules/order-states.md "Settlement steps": what the custody service's answer allows of an operator's outcome.
// The end-to-end moves are in payout-review.flow.test.ts; here, each answer of the custody service on its own.

const ORDER = { id: 'ord_1', status: 'PROCESSING', step: 'PAYOUT_REVIEW', payoutId: 'tr_1' } as OrderRow;
const TX = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

function reviewWith(custody: Transfer | Error, order: OrderRow = ORDER) {
  const settleReviewedPayout = vi.fn(async () => ({ ...order, status: 'SUCCESS', step: 'DONE' }) as OrderRow);
  const review = createPayoutReview({
    orders: { findOrder: async () => order },
    settlement: { settleReviewedPayout },
    chain: { getTransfer: async () => (custody instanceof Error ? Promise.reject(custody) : custody) },
    log: pino({ level: 'silent' }),
  });
  const audited = (work: () => Promise<OrderRow>) => work();
  return { review, audited, settleReviewedPayout };
}

const transfer = (status: Transfer['status'], txHash: string | null = TX): Transfer => ({
  transferId: 'tr_1',
  txHash,
  status,
  confirmations: 0,
});

describe("an operator's outcome of a payout at PAYOUT_REVIEW", () => {
  it('records "not delivered" only once the custody service reports the transfer failed', async () => {
    const { review, audited, settleReviewedPayout } = reviewWith(transfer('FAILED', null));
    await review.decide({ orderId: 'ord_1', outcome: 'not-delivered', reason: 'cancelled at custody' }, audited);
    expect(settleReviewedPayout).toHaveBeenCalledWith(ORDER, { delivered: false });
  });

  it.each([
    ['pending (it may still arrive)', transfer('PENDING'), 'cancel it there first'],
    ['confirmed', transfer('CONFIRMED'), 'CONFIRMED'],
    ['silent (it may hide one)', new Error('custody is down'), 'did not answer'],
  ])('refuses "not delivered" while the custody service reports it %s', async (_what, custody, words) => {
    const { review, audited, settleReviewedPayout } = reviewWith(custody);
    await expect(review.decide({ orderId: 'ord_1', outcome: 'not-delivered', reason: 'r' }, audited)).rejects.toMatchObject({
      message: expect.stringContaining(words),
    });
    expect(settleReviewedPayout).not.toHaveBeenCalled();
  });

  it('refuses "not delivered" with no transfer recorded: the settlement may be sending it now', async () => {
    const { review, audited, settleReviewedPayout } = reviewWith(transfer('PENDING'), { ...ORDER, payoutId: null });
    await expect(review.decide({ orderId: 'ord_1', outcome: 'not-delivered', reason: 'r' }, audited)).rejects.toThrow(
      /may still be sending/,
    );
    expect(settleReviewedPayout).not.toHaveBeenCalled();
  });

  it('refuses "delivered" for a failed transfer, or naming another transaction than the custody service', async () => {
    for (const [custody, txHash] of [
      [transfer('FAILED'), TX],
      [transfer('CONFIRMED'), 'f'.repeat(64)],
    ] as const) {
      const { review, audited, settleReviewedPayout } = reviewWith(custody);
      await expect(review.decide({ orderId: 'ord_1', outcome: 'delivered', txHash, reason: 'r' }, audited)).rejects.toMatchObject({
        code: 'DSK0000022',
      });
      expect(settleReviewedPayout).not.toHaveBeenCalled();
    }
  });

  it('records "delivered" with the transaction the custody service confirms, whatever its case', async () => {
    const { review, audited, settleReviewedPayout } = reviewWith(transfer('CONFIRMED'));
    await review.decide({ orderId: 'ord_1', outcome: 'delivered', txHash: TX.toUpperCase(), reason: 'r' }, audited);
    expect(settleReviewedPayout).toHaveBeenCalledWith(ORDER, { delivered: true, txHash: TX.toUpperCase(), fee: null });
  });
});
