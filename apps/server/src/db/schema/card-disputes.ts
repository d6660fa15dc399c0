import { index, numeric, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Card processor webhooks and disputes (docs/rules/card-disputes.md). A webhook is stored once by
 * the processor's event id; its processing is a job queued in the same transaction. A dispute is
 * one row per processor dispute, on the order whose payment it disputes, moved only forward.
 */
export const cardWebhookEvents = pgTable('card_webhook_events', {
  /** `<processor>:<the processor's event id>`. */
  eventKey: varchar('event_key', { length: 120 }).primaryKey(),
  type: varchar('type', { length: 64 }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

export const cardDisputes = pgTable(
  'card_disputes',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    processor: varchar('processor', { length: 24 }).notNull(),
    processorDisputeId: varchar('processor_dispute_id', { length: 64 }).notNull(),
    orderId: varchar('order_id', { length: 40 }).notNull(),
    userId: varchar('user_id', { length: 40 }).notNull(),
    paymentId: varchar('payment_id', { length: 64 }).notNull(),
    /** EVIDENCE_REQUIRED, UNDER_REVIEW (open) or WON, LOST, RESOLVED (closed). */
    status: varchar('status', { length: 24 }).notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    currency: varchar('currency', { length: 10 }).notNull(),
    reason: varchar('reason', { length: 64 }).notNull(),
    evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true }),
    evidenceSubmittedAt: timestamp('evidence_submitted_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('card_disputes_processor_id').on(t.processor, t.processorDisputeId),
    index('card_disputes_user_status').on(t.userId, t.status),
    index('card_disputes_order').on(t.orderId),
  ],
);

/** The sandbox processor's disputes (docs/sandbox.md "Disputes"): what Checkout.com keeps on its side. */
export const sandboxCardDisputes = pgTable(
  'sandbox_card_disputes',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    paymentId: varchar('payment_id', { length: 40 }).notNull(),
    reference: varchar('reference', { length: 64 }).notNull(),
    /** Checkout.com's own status names: evidence_required, evidence_under_review, won, lost, expired, resolved. */
    status: varchar('status', { length: 32 }).notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    currency: varchar('currency', { length: 10 }).notNull(),
    category: varchar('category', { length: 64 }).notNull(),
    evidenceRequiredBy: timestamp('evidence_required_by', { withTimezone: true }).notNull(),
    evidenceText: varchar('evidence_text', { length: 4000 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_card_disputes_payment').on(t.paymentId)],
);
