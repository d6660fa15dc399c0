import { describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { createManualClock } from '../../platform/clock.ts';
import type { CardProcessorProvider } from '../../providers/card-processor/card-processor.ts';
import { createLateAuthorisationReconciler, RECONCILE_WINDOW_MS } from './late-authorisations.ts';
import type { OrderRow, OrdersRepository } from './orders.repository.ts';

/** The reconcile job on its own, with a processor that refuses every lookup (a 4xx, not an outage). */
describe('the late-authorisation reconcile, when the processor keeps refusing', () => {
  it('keeps looking until the window ends, then hands the order to an operator instead of giving up', async () => {
    const clock = createManualClock(new Date('2026-11-26T10:00:00Z'));
    const order = { id: 'ord_refused', status: 'FAILED', step: 'DONE', paymentId: null, reconcileAttempts: 0 } as unknown as OrderRow;
    const noteReconcile = vi.fn(async () => {
      (order as { reconcileAttempts: number }).reconcileAttempts += 1;
    });
    const orders = { findOrder: async () => order, noteReconcile } as unknown as OrdersRepository;
    const processor = {
      findPayment: async () => {
        throw new Error('processor answered 422 request_invalid');
      },
    } as unknown as CardProcessorProvider;
    const reconcile = createLateAuthorisationReconciler({ orders, processor, clock, log: pino({ level: 'silent' }) });
    const until = new Date(clock.now().getTime() + RECONCILE_WINDOW_MS).toISOString();

    const first = await reconcile({ orderId: order.id, until });
    expect(first).toEqual({ runAgainAt: expect.any(Date) });
    expect(noteReconcile).toHaveBeenLastCalledWith(order, clock.now());

    clock.advance(RECONCILE_WINDOW_MS);
    expect(await reconcile({ orderId: order.id, until })).toBeUndefined();
    expect(noteReconcile).toHaveBeenLastCalledWith(
      order,
      clock.now(),
      'reconcile: the processor kept refusing for 24 h: operator to review',
      true,
    );
  });
});
