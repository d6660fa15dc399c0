import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { merchants } from './merchant.ts';

/**
 * Where a merchant wants to hear about its customers' orders and verification (docs/rules/merchant-webhooks.md).
 * The signing secret (Standard Webhooks' `whsec_…`) is kept encrypted: signing needs the secret itself.
 */
export const merchantWebhookEndpoints = pgTable(
  'merchant_webhook_endpoints',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    merchantId: varchar('merchant_id', { length: 32 })
      .notNull()
      .references(() => merchants.id),
    url: text('url').notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    secretEncrypted: text('secret_encrypted').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('merchant_webhook_endpoints_merchant').on(t.merchantId)],
);

/**
 * One event for one merchant, written in the same transaction as the change it reports (the outbox):
 * `sourceKey` names that change (an order event, a KYC review), so it is never recorded twice.
 * `body` is the JSON sent, byte for byte, on every attempt and replay: the signature covers it.
 */
export const merchantWebhookMessages = pgTable(
  'merchant_webhook_messages',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    merchantId: varchar('merchant_id', { length: 32 })
      .notNull()
      .references(() => merchants.id),
    eventType: varchar('event_type', { length: 32 }).notNull(),
    sourceKey: varchar('source_key', { length: 96 }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('merchant_webhook_messages_source').on(t.merchantId, t.sourceKey),
    index('merchant_webhook_messages_merchant').on(t.merchantId, t.createdAt),
  ],
);

/** A message on its way to one endpoint: Pending until a 2xx answer (Succeeded) or the last retry (Failed). */
export const merchantWebhookDeliveries = pgTable(
  'merchant_webhook_deliveries',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    messageId: varchar('message_id', { length: 32 })
      .notNull()
      .references(() => merchantWebhookMessages.id),
    endpointId: varchar('endpoint_id', { length: 32 })
      .notNull()
      .references(() => merchantWebhookEndpoints.id),
    status: varchar('status', { length: 12 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The endpoint's last HTTP status, or null when it could not be reached (then `lastError` says why). */
    lastStatusCode: integer('last_status_code'),
    lastError: varchar('last_error', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('merchant_webhook_deliveries_message').on(t.messageId),
    index('merchant_webhook_deliveries_endpoint').on(t.endpointId, t.createdAt),
    check('merchant_webhook_deliveries_status', sql`${t.status} in ('Pending', 'Succeeded', 'Failed')`),
  ],
);

/** Each attempt of a delivery, for the merchant console's delivery log. */
export const merchantWebhookAttempts = pgTable(
  'merchant_webhook_attempts',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    deliveryId: varchar('delivery_id', { length: 32 })
      .notNull()
      .references(() => merchantWebhookDeliveries.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    error: varchar('error', { length: 200 }),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('merchant_webhook_attempts_delivery').on(t.deliveryId, t.at)],
);

/**
 * What the sandbox merchant's receiver (/sandbox/merchant/webhooks) got: each request as it came, and
 * whether its signature held under the demo endpoint's secret. Sandbox installs only.
 */
export const sandboxMerchantWebhooks = pgTable('sandbox_merchant_webhooks', {
  id: varchar('id', { length: 32 }).primaryKey(),
  webhookId: varchar('webhook_id', { length: 64 }).notNull(),
  eventType: varchar('event_type', { length: 32 }),
  verified: boolean('verified').notNull(),
  /** What the receiver answered: 200, or the 500 it was told to fail with. */
  answeredStatus: integer('answered_status').notNull(),
  body: jsonb('body'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** The sandbox receiver's one setting: how many of the next requests it answers 500 (to watch the retries). */
export const sandboxMerchantReceiver = pgTable('sandbox_merchant_receiver', {
  id: varchar('id', { length: 16 }).primaryKey(),
  failNext: integer('fail_next').notNull().default(0),
});
