import { fromMinorUnits } from './card-amounts.ts';
import type { Dispute, DisputeStatus } from './card-processor.ts';
import { int, isRecord, type Json, str } from './checkout-http.ts';

/**
 * Reading Checkout.com's dispute object (GET /disputes/{id}, risk-management/disputes/disputes-api)
 * into ours. Its statuses: evidence_required (the amount was debited from us, our answer is due by
 * evidence_required_by), evidence_under_review and the arbitration_* stages under review, won and
 * arbitration_won, canceled (the issuer withdrew: credited back), lost, arbitration_lost, expired (no
 * evidence in time) and accepted (we gave in), and resolved (refunded before the dispute: no money moved).
 */
const STATUSES: Record<string, DisputeStatus> = {
  evidence_required: 'EVIDENCE_REQUIRED',
  evidence_under_review: 'UNDER_REVIEW',
  arbitration_under_review: 'UNDER_REVIEW',
  arbitration_sent_to_scheme: 'UNDER_REVIEW',
  won: 'WON',
  arbitration_won: 'WON',
  canceled: 'WON',
  lost: 'LOST',
  arbitration_lost: 'LOST',
  expired: 'LOST',
  accepted: 'LOST',
  resolved: 'RESOLVED',
};

/** Dispute ids: dsp_ and base32 (the documentation's examples). Anything else never reaches a URL. */
export const DISPUTE_ID = /^dsp_\w{1,64}$/;

/** Our status of a Checkout.com dispute status; an unknown one is still under review (look again later). */
export const disputeStatusOf = (status: string | undefined): DisputeStatus => (status && STATUSES[status]) || 'UNDER_REVIEW';

export function disputeFromCheckout(body: Json): Dispute {
  const disputeId = str(body.id);
  const currency = str(body.currency);
  const amount = int(body.amount);
  const payment = isRecord(body.payment) ? body.payment : {};
  const paymentId = str(body.payment_id) ?? str(payment.id);
  if (!disputeId || !paymentId || !currency || amount === undefined)
    throw new Error('Checkout.com answered a dispute without id, payment, amount or currency');
  const due = str(body.evidence_required_by);
  return {
    disputeId,
    paymentId,
    reference: str(body.payment_reference) ?? str(payment.reference) ?? null,
    status: disputeStatusOf(str(body.status)),
    amount: fromMinorUnits(amount, currency),
    currency,
    reason: (str(body.category) ?? str(body.reason_code) ?? 'unknown').slice(0, 64),
    evidenceDueBy: due && !Number.isNaN(Date.parse(due)) ? new Date(due) : null,
  };
}
