import Decimal from 'decimal.js';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import { formatCardAmount, toMinorUnits } from './card-amounts.ts';
import type { Dispute, DisputeEvidence } from './card-processor.ts';
import { disputeFromCheckout } from './checkout-dispute.ts';
import type { Json } from './checkout-http.ts';
import {
  SANDBOX_DISPUTE_CATEGORIES,
  SANDBOX_DISPUTE_EVIDENCE_MAX_CHARS,
  SANDBOX_DISPUTE_EVIDENCE_MS,
  type SandboxDisputeCategory,
} from './sandbox-cards.ts';
import type { SandboxDisputeRow } from './sandbox-disputes.repository.ts';
import type { SandboxPaymentRow, SandboxProcessorRepository } from './sandbox-processor.repository.ts';
import type { DisputeEventData, SandboxCardWebhooks } from './sandbox-webhooks.ts';

/**
 * The sandbox processor's disputes (chargebacks), as Checkout.com runs them
 * (https://www.checkout.com/docs/risk-management/disputes/disputes-api, and its dashboard's
 * lifecycle: https://www.checkout.com/docs/dashboard/disputes). A dispute opens `evidence_required`
 * with 7 days (on the app's clock) for our evidence; evidence puts it `evidence_under_review`; the
 * scheme decides `won` or `lost`; no evidence in time makes it `expired`. Each move the scheme or
 * the clock makes is told by a webhook (dispute_evidence_required, dispute_won, dispute_lost,
 * dispute_expired); evidence is our own move, told by none. Nothing runs in the background: the
 * expiry happens when the dispute is next read, as the 3DS expiry does.
 */

/** A sandbox action on disputes that cannot be done: 404 (no such payment or dispute) or 409 (not in a state that allows it). */
export class SandboxDisputeActionError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxDisputeActionError';
  }
}

/** A dispute as the sandbox keeps it, in Checkout.com's own words (status, category): what its actions answer. */
export interface SandboxDispute {
  id: string;
  paymentId: string;
  /** The disputed payment's reference (our order id). */
  reference: string;
  /** evidence_required, evidence_under_review, won, lost or expired. */
  status: string;
  amount: string;
  currency: string;
  category: string;
  evidenceRequiredBy: Date;
}

export const isSandboxDisputeCategory = (value: string): value is SandboxDisputeCategory =>
  (SANDBOX_DISPUTE_CATEGORIES as readonly string[]).includes(value);

const minorUnitsOf = (row: { amount: string; currency: string }) => toMinorUnits(formatCardAmount(row.amount, row.currency), row.currency);

const viewOf = (row: SandboxDisputeRow): SandboxDispute => ({
  id: row.id,
  paymentId: row.paymentId,
  reference: row.reference,
  status: row.status,
  amount: formatCardAmount(row.amount, row.currency),
  currency: row.currency,
  category: row.category,
  evidenceRequiredBy: row.evidenceRequiredBy,
});

/** A dispute event's `data`, as Checkout.com's webhooks carry it. */
const eventDataOf = (row: SandboxDisputeRow): DisputeEventData => ({
  id: row.id,
  payment_id: row.paymentId,
  payment_reference: row.reference,
  amount: minorUnitsOf(row),
  currency: row.currency,
  category: row.category,
  status: row.status,
  evidence_required_by: row.evidenceRequiredBy.toISOString(),
});

/**
 * What Checkout.com's GET /disputes/{id} answers for the row: read by the same mapping as the
 * Checkout.com adapter's (checkout-dispute.ts), so the two adapters cannot disagree on what a dispute is.
 */
const checkoutDisputeOf = (row: SandboxDisputeRow): Json => ({
  id: row.id,
  category: row.category,
  status: row.status,
  amount: minorUnitsOf(row),
  currency: row.currency,
  // As Checkout.com's GET /disputes/{id}: the payment's id, never its reference (the order is found by the payment).
  payment: { id: row.paymentId, amount: minorUnitsOf(row), currency: row.currency },
  evidence_required_by: row.evidenceRequiredBy.toISOString(),
  received_on: row.createdAt.toISOString(),
  last_update: row.updatedAt.toISOString(),
});

export function createSandboxDisputes(options: { repository: SandboxProcessorRepository; clock: Clock; webhooks: SandboxCardWebhooks }) {
  const { repository, clock, webhooks } = options;
  const disputes = repository.disputes;

  /** The dispute as it stands now: one left without evidence past its time expires first (once: a conditional update). */
  async function current(row: SandboxDisputeRow): Promise<SandboxDisputeRow> {
    if (row.status !== 'evidence_required' || clock.now() <= row.evidenceRequiredBy) return row;
    const expired = await repository.transaction(async () => {
      const moved = await disputes.transition(row.id, { from: ['evidence_required'], changes: { status: 'expired' }, now: clock.now() });
      if (moved) await webhooks.send('dispute_expired', eventDataOf(moved));
      return moved;
    });
    return expired ?? (await disputes.findDispute(row.id)) ?? row;
  }

  async function mustFind(disputeId: string): Promise<SandboxDisputeRow> {
    const row = await disputes.findDispute(disputeId);
    if (!row) throw new SandboxDisputeActionError(404, `sandbox card dispute ${disputeId} does not exist`);
    return current(row);
  }

  /**
   * Opens a dispute on a captured payment for what is left of its capture, with its webhook: inside
   * the caller's transaction. Undefined when the payment has one already.
   */
  async function open(payment: SandboxPaymentRow, category: SandboxDisputeCategory): Promise<SandboxDisputeRow | undefined> {
    const now = clock.now();
    const row = await disputes.insertOnce({
      id: newId('dsp'),
      paymentId: payment.id,
      reference: payment.reference,
      status: 'evidence_required',
      amount: new Decimal(payment.capturedAmount).minus(payment.refundedAmount).toFixed(),
      currency: payment.currency,
      category,
      evidenceRequiredBy: new Date(now.getTime() + SANDBOX_DISPUTE_EVIDENCE_MS),
      createdAt: now,
      updatedAt: now,
    });
    if (row) await webhooks.send('dispute_evidence_required', eventDataOf(row));
    return row;
  }

  return {
    /** The dispute card's chargeback, opened in the capture's own transaction (the payment was just captured). */
    openOnCapture: (payment: SandboxPaymentRow) => open(payment, 'fraudulent'),

    /**
     * The card scheme's operator action: the cardholder's bank disputes a captured payment. Throws
     * SandboxDisputeActionError: 404 for an unknown payment, 409 for a payment not captured, refunded,
     * or disputed already (one dispute per payment).
     */
    async openDispute(paymentId: string, category: SandboxDisputeCategory = 'fraudulent'): Promise<SandboxDispute> {
      if (!isSandboxDisputeCategory(category)) throw new Error(`unknown dispute category ${String(category)}`);
      const row = await repository.transaction(async () => {
        // Locked, so a refund cannot slip in between the check and the dispute.
        const payment = await disputes.lockPayment(paymentId);
        if (!payment) throw new SandboxDisputeActionError(404, `sandbox card payment ${paymentId} does not exist`);
        if (payment.status === 'REFUNDED')
          throw new SandboxDisputeActionError(409, `sandbox card payment ${paymentId} was refunded: a refunded payment cannot be disputed`);
        if (payment.status !== 'CAPTURED')
          throw new SandboxDisputeActionError(
            409,
            `sandbox card payment ${paymentId} is ${payment.status}: only a captured payment can be disputed`,
          );
        return open(payment, category);
      });
      if (row) return viewOf(row);
      const existing = await disputes.findForPayment(paymentId);
      throw new SandboxDisputeActionError(409, `sandbox card payment ${paymentId} is disputed already (${existing?.id ?? 'a dispute'})`);
    },

    /**
     * The scheme's decision on evidence under review: won (the amount comes back) or lost. Throws
     * SandboxDisputeActionError: 404 for an unknown dispute, 409 when it is not under review.
     */
    async decideDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<SandboxDispute> {
      if (outcome !== 'won' && outcome !== 'lost') throw new Error(`a dispute is decided won or lost, not ${String(outcome)}`);
      const row = await mustFind(disputeId);
      const decided = await repository.transaction(async () => {
        const moved = await disputes.transition(row.id, {
          from: ['evidence_under_review'],
          changes: { status: outcome },
          now: clock.now(),
        });
        if (moved) await webhooks.send(`dispute_${outcome}`, eventDataOf(moved));
        return moved;
      });
      if (decided) return viewOf(decided);
      const latest = (await disputes.findDispute(disputeId)) ?? row;
      throw new SandboxDisputeActionError(
        409,
        `sandbox card dispute ${disputeId} is ${latest.status}: only evidence_under_review can be decided`,
      );
    },

    /** The dispute of a payment, or null (tests and the sandbox's actions). */
    async disputeOfPayment(paymentId: string): Promise<SandboxDispute | null> {
      const row = await disputes.findForPayment(paymentId);
      return row ? viewOf(await current(row)) : null;
    },

    async getDispute(disputeId: string): Promise<Dispute> {
      return disputeFromCheckout(checkoutDisputeOf(await mustFind(disputeId)));
    },

    /** Only while evidence is required (and not past its time): stores the text, and the dispute is under review. */
    async submitDisputeEvidence(disputeId: string, evidence: DisputeEvidence): Promise<void> {
      const text = typeof evidence?.text === 'string' ? evidence.text.trim() : '';
      if (!text) throw new Error('dispute evidence needs a text');
      // Characters as PostgreSQL counts them (code points), the column's bound.
      if (Array.from(text).length > SANDBOX_DISPUTE_EVIDENCE_MAX_CHARS)
        throw new Error(`dispute evidence is at most ${SANDBOX_DISPUTE_EVIDENCE_MAX_CHARS} characters`);
      const row = await mustFind(disputeId);
      const moved = await disputes.transition(row.id, {
        from: ['evidence_required'],
        changes: { status: 'evidence_under_review', evidenceText: text },
        now: clock.now(),
      });
      if (!moved) {
        const latest = (await disputes.findDispute(disputeId)) ?? row;
        throw new Error(`sandbox card dispute ${disputeId} takes no evidence now: it is ${latest.status} (only evidence_required)`);
      }
    },
  };
}

export type SandboxDisputes = ReturnType<typeof createSandboxDisputes>;
