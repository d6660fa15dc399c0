import type { FastifyBaseLogger } from 'fastify';
import type { JobQueueRepository } from '../../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../../jobs/job-worker.ts';
import type { Clock } from '../../../platform/clock.ts';
import { newId } from '../../../platform/crypto.ts';
import type { RunInTransaction } from '../../../platform/transaction.ts';
import type { CardProcessorProvider, Dispute } from '../../../providers/card-processor/card-processor.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { OrderRow, OrdersRepository } from '../orders.repository.ts';
import { type CardDisputeRow, type CardDisputesRepository, OPEN_DISPUTE_STATUSES } from './card-disputes.repository.ts';
import { disputeLostJournal, disputeOpenedJournal, disputeWonJournal, type DisputeMoney } from './dispute-journals.ts';
import { evidenceOf } from './dispute-evidence.ts';
import { isOrderId } from '../order-id.ts';

export const JOB_SYNC_DISPUTE = 'card.dispute-sync';
/** After the evidence deadline, the dispute is read again even if no webhook comes (expired means lost). */
const AFTER_DEADLINE_MS = 60_000;
/** An open dispute is read again at least this often: a missed webhook never leaves it (and the person's pause) open for ever. */
const OPEN_DISPUTE_LOOK_MS = 24 * 60 * 60 * 1000;

/** How far a dispute has gone: it only ever moves forward (a slower delivery's older read changes nothing). */
const RANK: Record<string, number> = { EVIDENCE_REQUIRED: 0, UNDER_REVIEW: 1, WON: 2, LOST: 2, RESOLVED: 2 };

export const isOpenDispute = (row: Pick<CardDisputeRow, 'status'>) => (OPEN_DISPUTE_STATUSES as readonly string[]).includes(row.status);

/** Refused evidence: the dispute is unknown here, or no longer waits for evidence. */
export class DisputeEvidenceRefusedError extends Error {}

/**
 * Card disputes (chargebacks), docs/rules/card-disputes.md. A processor webhook (or the evidence
 * deadline) only says "read this dispute again": `sync` asks the processor for the dispute as it is
 * now and moves our row forward, with its journal, in one transaction. Opening holds the disputed
 * money on disputes-held and pauses the person's new card buys; won gives it back to the processor's
 * receivable, lost books it as a chargeback loss. A closed dispute never changes again, so a
 * replayed or late event changes nothing.
 */
export function createCardDisputes(deps: {
  repository: CardDisputesRepository;
  orders: OrdersRepository;
  ledger: Ledger;
  processor: CardProcessorProvider;
  queue: JobQueueRepository;
  worker: JobWorker;
  transaction: RunInTransaction;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { repository, ledger, clock, log } = deps;
  const processorName = deps.processor.kind;

  /**
   * The order a dispute is about. Checkout.com's dispute names the payment, not its reference: the
   * payment, read from the processor, carries our order id as its reference. The order must hold
   * that very payment.
   */
  async function orderOf(dispute: Dispute): Promise<OrderRow | undefined> {
    const reference = dispute.reference ?? (await deps.processor.getPayment(dispute.paymentId)).reference;
    if (!isOrderId(reference)) return undefined;
    const order = await deps.orders.findOrder(reference);
    return order?.paymentId === dispute.paymentId ? order : undefined;
  }

  const moneyOf = (row: CardDisputeRow, order: Pick<OrderRow, 'processor'>): DisputeMoney => ({
    processor: order.processor,
    processorDisputeId: row.processorDisputeId,
    orderId: row.orderId,
    amount: row.amount,
    currency: row.currency,
  });

  /** Moves an open dispute to where the processor says it is now, with the journal that goes with it. */
  async function advance(row: CardDisputeRow, order: OrderRow, dispute: Dispute, now: Date): Promise<void> {
    if (!isOpenDispute(row) || (RANK[dispute.status] ?? 0) <= (RANK[row.status] ?? 0)) return;
    const money = moneyOf(row, order);
    // RESOLVED after an opening is the processor giving the money back: booked as won.
    const closedAs = dispute.status === 'RESOLVED' ? 'WON' : dispute.status;
    if (closedAs === 'WON') await ledger.post(disputeWonJournal(money));
    if (closedAs === 'LOST') await ledger.post(disputeLostJournal(money));
    const closed = closedAs === 'WON' || closedAs === 'LOST';
    await repository.update(row.id, {
      status: dispute.status,
      evidenceDueBy: dispute.evidenceDueBy,
      updatedAt: now,
      ...(closed ? { closedAt: now } : {}),
    });
    await deps.orders.note(order, now, `dispute ${row.processorDisputeId}: ${dispute.status}`);
    log.info({ orderId: order.id, disputeId: row.processorDisputeId, status: dispute.status }, 'card dispute moved');
  }

  /** Reads the dispute again and moves ours; answers whether it is still open (then it is looked at again later). */
  async function sync(processorDisputeId: string): Promise<boolean> {
    const dispute = await deps.processor.getDispute(processorDisputeId);
    const order = await orderOf(dispute);
    if (!order) {
      // The processor disputes a payment no order of ours made: nothing to book against; a person must look.
      log.error(
        { disputeId: dispute.disputeId, paymentId: dispute.paymentId },
        'a card dispute names no order of ours: an operator must look',
      );
      return false;
    }
    const now = clock.now();
    return deps.transaction(async () => {
      const { row, inserted } = await repository.insertIfAbsent({
        id: newId('dsp'),
        processor: processorName,
        processorDisputeId: dispute.disputeId,
        orderId: order.id,
        userId: order.userId,
        paymentId: dispute.paymentId,
        // Refunded before the dispute: nothing was taken, nothing is held.
        status: dispute.status === 'RESOLVED' ? 'RESOLVED' : 'EVIDENCE_REQUIRED',
        amount: dispute.amount,
        currency: dispute.currency,
        reason: dispute.reason,
        evidenceDueBy: dispute.evidenceDueBy,
        openedAt: now,
        closedAt: dispute.status === 'RESOLVED' ? now : null,
        updatedAt: now,
      });
      if (inserted && row.status !== 'RESOLVED') {
        // The processor debits the disputed amount when the dispute opens, whatever we first see of it.
        await ledger.post(disputeOpenedJournal(moneyOf(row, order)));
        await deps.orders.note(order, now, `dispute ${row.processorDisputeId} opened: ${row.reason}, ${row.amount} ${row.currency}`);
        log.warn({ orderId: order.id, disputeId: row.processorDisputeId, reason: row.reason }, 'card dispute opened');
        // Its own look, until it closes: just after the evidence deadline, and at least daily.
        await deps.queue.enqueue({
          kind: JOB_SYNC_DISPUTE,
          payload: { disputeId: row.processorDisputeId },
          runAt: nextLook(dispute.evidenceDueBy, now),
          dedupeKey: `card-dispute:${row.processorDisputeId}`,
        });
      }
      await advance(row, order, dispute, now);
      const stands = await repository.find(processorName, dispute.disputeId);
      return stands !== undefined && isOpenDispute(stands);
    });
  }

  /** The next look at an open dispute: just after its evidence deadline when that comes first, else a day on. */
  function nextLook(evidenceDueBy: Date | null, now: Date): Date {
    const daily = now.getTime() + OPEN_DISPUTE_LOOK_MS;
    const due = evidenceDueBy ? evidenceDueBy.getTime() + AFTER_DEADLINE_MS : daily;
    return new Date(due > now.getTime() ? Math.min(due, daily) : daily);
  }

  deps.worker.register(JOB_SYNC_DISPUTE, async (payload) => {
    const disputeId = (payload as { disputeId: string }).disputeId;
    if (!(await sync(disputeId))) return;
    const row = await repository.find(processorName, disputeId);
    return { runAgainAt: nextLook(row?.evidenceDueBy ?? null, clock.now()) };
  });

  return {
    sync,

    /** Whether the person has a dispute still open: their new card buys wait for its end. */
    hasOpenDispute: (userId: string) => repository.hasOpen(userId),

    /** An order's disputes, for the sandbox page and tests. */
    ofOrder: (orderId: string) => repository.ofOrder(orderId),

    /**
     * Answers a dispute waiting for evidence (an operator's action; in the sandbox, the sandbox's):
     * the text given, or the order's own record (what was bought, when, delivered where) when none is.
     * The processor then reviews it: the dispute is read again at once.
     */
    async submitEvidence(processorDisputeId: string, text?: string): Promise<CardDisputeRow> {
      const row = await repository.find(processorName, processorDisputeId);
      if (!row) throw new DisputeEvidenceRefusedError('no such dispute');
      if (row.status !== 'EVIDENCE_REQUIRED')
        throw new DisputeEvidenceRefusedError(`the dispute is ${row.status}: it takes no evidence now`);
      const order = await deps.orders.findOrder(row.orderId);
      if (!order) throw new DisputeEvidenceRefusedError('the disputed order is gone');
      // Claimed first, so two clicks send one answer; given back if the processor refuses it.
      if (!(await repository.claimEvidence(row.id, clock.now())))
        throw new DisputeEvidenceRefusedError('evidence is being submitted already');
      try {
        await deps.processor.submitDisputeEvidence(processorDisputeId, { text: text?.trim() || evidenceOf(order) });
      } catch (error) {
        await repository.update(row.id, { evidenceSubmittedAt: null, updatedAt: clock.now() });
        throw error;
      }
      await sync(processorDisputeId);
      return (await repository.find(processorName, processorDisputeId))!;
    },
  };
}

export type CardDisputes = ReturnType<typeof createCardDisputes>;
