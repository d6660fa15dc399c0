import Decimal from 'decimal.js';
import { accounts, type JournalInput, movement } from '../../ledger/index.ts';

/**
 * The journals of a card dispute (docs/rules/card-disputes.md), each keyed by the processor's
 * dispute id so a replayed webhook posts nothing twice:
 *
 *   opened  Dr disputes-held:FIAT              A   Cr processor-receivable:PROC:FIAT A   (the processor took it back)
 *   won     Dr processor-receivable:PROC:FIAT  A   Cr disputes-held:FIAT A               (it came back)
 *   lost    Dr chargeback-losses:FIAT          A   Cr disputes-held:FIAT A               (it stays with the cardholder)
 *
 * disputes-held never goes below zero: a dispute closes only what it opened.
 */
export interface DisputeMoney {
  processor: string;
  processorDisputeId: string;
  orderId: string;
  amount: string;
  currency: string;
}

const keyOf = (dispute: DisputeMoney, what: string) => `dispute:${dispute.processor}:${dispute.processorDisputeId}:${what}`;

export const disputeOpenedJournal = (dispute: DisputeMoney): JournalInput =>
  movement(
    { kind: 'dispute-opened', reference: dispute.orderId, idempotencyKey: keyOf(dispute, 'opened') },
    accounts.disputesHeld(dispute.currency),
    accounts.processorReceivable(dispute.processor, dispute.currency),
    new Decimal(dispute.amount),
  );

export const disputeWonJournal = (dispute: DisputeMoney): JournalInput =>
  movement(
    { kind: 'dispute-won', reference: dispute.orderId, idempotencyKey: keyOf(dispute, 'won') },
    accounts.processorReceivable(dispute.processor, dispute.currency),
    accounts.disputesHeld(dispute.currency),
    new Decimal(dispute.amount),
  );

export const disputeLostJournal = (dispute: DisputeMoney): JournalInput =>
  movement(
    { kind: 'dispute-lost', reference: dispute.orderId, idempotencyKey: keyOf(dispute, 'lost') },
    accounts.chargebackLosses(dispute.currency),
    accounts.disputesHeld(dispute.currency),
    new Decimal(dispute.amount),
  );
