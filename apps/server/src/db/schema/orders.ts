import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * Cards, wallets, quotes and orders (issue 5). Money columns are numeric(38, 18); every amount
 * is in the currency named beside it. A card row holds what the processor told us about the
 * card and its token: never the number or the CVV (docs/ARCHITECTURE.md, docs/trust.md).
 */

export const cards = pgTable(
  'cards',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    processor: varchar('processor', { length: 16 }).notNull(),
    /** The processor's reusable token (e.g. a Checkout.com instrument id). */
    processorToken: text('processor_token').notNull(),
    /** The processor's fingerprint of the number: the same card saved twice is refused. */
    fingerprint: varchar('fingerprint', { length: 128 }).notNull(),
    cardBin: varchar('card_bin', { length: 8 }).notNull(),
    cardLast4: varchar('card_last4', { length: 4 }).notNull(),
    cardProcessor: varchar('card_processor', { length: 8 }).notNull(),
    issuerBank: text('issuer_bank'),
    country: varchar('country', { length: 2 }),
    expiryMonth: smallint('expiry_month').notNull(),
    expiryYear: smallint('expiry_year').notNull(),
    billingAddress: jsonb('billing_address').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('cards_user').on(t.userId),
    uniqueIndex('cards_user_fingerprint_live')
      .on(t.userId, t.fingerprint)
      .where(sql`${t.deletedAt} is null`),
    check('cards_network', sql`${t.cardProcessor} in ('VISA', 'MASTER')`),
    check('cards_last4', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

export const wallets = pgTable(
  'wallets',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    cryptoCurrency: varchar('crypto_currency', { length: 10 }).notNull(),
    network: varchar('network', { length: 16 }).notNull(),
    address: varchar('address', { length: 128 }).notNull(),
    memo: varchar('memo', { length: 64 }),
    label: varchar('label', { length: 40 }),
    isDefault: boolean('is_default').notNull().default(false),
    /** Who holds the wallet (platform/travel-rule.ts's shape), when the person said: null otherwise. */
    holder: jsonb('holder'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('wallets_user').on(t.userId),
    // One default per person and asset on a network.
    uniqueIndex('wallets_one_default')
      .on(t.userId, t.cryptoCurrency, t.network)
      .where(sql`${t.isDefault} and ${t.deletedAt} is null`),
  ],
);

export const quotes = pgTable(
  'quotes',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    orderId: uuid('order_id').notNull(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    /** buy or sell: a sell quote prices crypto received, not crypto sent. */
    transactionType: varchar('transaction_type', { length: 10 }).notNull().default('buy'),
    channelCode: varchar('channel_code', { length: 24 }).notNull(),
    paymentMethod: varchar('payment_method', { length: 40 }).notNull(),
    fiatCurrency: varchar('fiat_currency', { length: 10 }).notNull(),
    cryptoCurrency: varchar('crypto_currency', { length: 10 }).notNull(),
    network: varchar('network', { length: 16 }).notNull(),
    /** Which amount the person typed: the other one is computed. */
    amountType: varchar('amount_type', { length: 6 }).notNull(),
    fiatAmount: numeric('fiat_amount', { precision: 38, scale: 18 }).notNull(),
    cryptoAmount: numeric('crypto_amount', { precision: 38, scale: 18 }).notNull(),
    price: numeric('price', { precision: 38, scale: 18 }).notNull(),
    referencePrice: numeric('reference_price', { precision: 38, scale: 18 }).notNull(),
    /** The itemised fee (quoteFeesSchema), decimal strings. */
    fees: jsonb('fees').notNull(),
    promotionApplied: boolean('promotion_applied').notNull(),
    walletAddress: varchar('wallet_address', { length: 128 }),
    memo: varchar('memo', { length: 64 }),
    /** The merchant's transaction the quote is for (get-trans-info), if any. */
    tranId: varchar('tran_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when a newer quote of the same order replaced it (update-quote, or a new get-quote). */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [index('quotes_order').on(t.orderId), check('quotes_amount_type', sql`${t.amountType} in ('fiat', 'crypto')`)],
);

export const orders = pgTable(
  'orders',
  {
    /** The client's UUID (docs/rules/entities.md "default UUID ids"): also the order's idempotency key. */
    id: uuid('id').primaryKey(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id),
    quoteId: varchar('quote_id', { length: 32 })
      .notNull()
      .references(() => quotes.id),
    cardId: varchar('card_id', { length: 32 }).references(() => cards.id),
    transactionType: varchar('transaction_type', { length: 10 }).notNull(),
    channelCode: varchar('channel_code', { length: 24 }).notNull(),
    paymentMethod: varchar('payment_method', { length: 40 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    /** The settlement step the worker does next (orders/settlement.ts); DONE when final. */
    step: varchar('step', { length: 16 }).notNull(),
    fiatCurrency: varchar('fiat_currency', { length: 10 }).notNull(),
    fiatAmount: numeric('fiat_amount', { precision: 38, scale: 18 }).notNull(),
    cryptoCurrency: varchar('crypto_currency', { length: 10 }).notNull(),
    network: varchar('network', { length: 16 }).notNull(),
    cryptoAmount: numeric('crypto_amount', { precision: 38, scale: 18 }).notNull(),
    price: numeric('price', { precision: 38, scale: 18 }).notNull(),
    fees: jsonb('fees').notNull(),
    walletAddress: varchar('wallet_address', { length: 128 }).notNull(),
    memo: varchar('memo', { length: 64 }),
    /** In the limit currency (EUR) at submission: what the KYC tier limits count. */
    limitAmount: numeric('limit_amount', { precision: 38, scale: 18 }).notNull(),
    /** The processor's payment: a card payment's id, or a Klarna buy's Klarna order id once placed (submit-auth-token). */
    paymentId: varchar('payment_id', { length: 64 }),
    /** A Klarna buy's payment session (Klarna's session_id), opened at submit-buy; null for a card order. */
    klarnaSessionId: varchar('klarna_session_id', { length: 64 }),
    threeDsStatus: varchar('three_ds_status', { length: 16 }).notNull().default('NOT_REQUIRED'),
    threeDsUrl: text('three_ds_url'),
    payoutId: varchar('payout_id', { length: 64 }),
    txHash: varchar('tx_hash', { length: 128 }),
    failReason: varchar('fail_reason', { length: 24 }),
    merchantId: varchar('merchant_id', { length: 64 }),
    /** The merchant's transaction this order fills (merchant_transactions), if it came from one. */
    merchantTranId: varchar('merchant_tran_id', { length: 64 }),
    deviceSessionId: varchar('device_session_id', { length: 128 }),
    /**
     * The processor holding the order's payment (its card's processor, or `klarna` for a Klarna buy), set at
     * submission: the order's money is booked against it whatever CARD_PROCESSOR says later.
     */
    processor: varchar('processor', { length: 16 }).notNull(),
    /** When the payout was first tried: still unconfirmed PAYOUT_CONFIRM_DEADLINE_MS later, it waits for an operator. */
    payoutStartedAt: timestamp('payout_started_at', { withTimezone: true }),
    /**
     * The submit-buy body's hash (platform/idempotency requestHashOf): kept with the order, so another
     * body for the same order id is refused after its idempotency key was pruned, as within 24 h.
     * Null for orders submitted before it was kept.
     */
    requestHash: varchar('request_hash', { length: 64 }),
    /**
     * A sell: the crypto of its matched deposits so far (sell-deposits.ts), once one arrived. The
     * order's walletAddress and memo are then the deposit address made for it, payoutId the card
     * payout and txHash the matched deposit's hash.
     */
    receivedAmount: numeric('received_amount', { precision: 38, scale: 18 }),
    /**
     * A bank-transfer buy (docs/rules/bank-transfers.md): the reference its transfer carries, and how it
     * is paid: BALANCE (the balance covered it at submission) or TRANSFER (it waits for its own money).
     */
    bankReference: varchar('bank_reference', { length: 10 }),
    funding: varchar('funding', { length: 8 }),
    /** The travel rule's answer (orders/travel-rule.ts) while gtr-enabled was on: who holds the wallet. */
    travelRule: jsonb('travel_rule'),
    /** Reconciliation attempts after the processor did not answer. */
    reconcileAttempts: integer('reconcile_attempts').notNull().default(0),
    /**
     * Set when an ended order needs an operator that no rule of ours resolves: the late-authorisation
     * reconcile found its payment captured or refunded (late-authorisations.ts). Listed on the
     * operator page with its reason while set; an operator clears it once handled.
     */
    operatorReviewSince: timestamp('operator_review_since', { withTimezone: true }),
    operatorReviewReason: varchar('operator_review_reason', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** docs/trust.md: card orders end by 24 h after submission, whatever happens. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('orders_user_created').on(t.userId, t.createdAt),
    // The merchant console's list of a merchant's orders, newest first.
    index('orders_merchant_created')
      .on(t.merchantId, t.createdAt)
      .where(sql`${t.merchantId} is not null`),
    uniqueIndex('orders_bank_reference')
      .on(t.bankReference)
      .where(sql`${t.bankReference} is not null`),
    index('orders_open')
      .on(t.deadlineAt)
      .where(sql`${t.completedAt} is null`),
    // The operator page's two lists: payouts waiting at PAYOUT_REVIEW, and flagged ended orders.
    index('orders_awaiting_operator')
      .on(t.payoutStartedAt)
      .where(sql`${t.step} = 'PAYOUT_REVIEW'`),
    index('orders_operator_review')
      .on(t.operatorReviewSince)
      .where(sql`${t.operatorReviewSince} is not null`),
    check(
      'orders_status',
      sql`${t.status} in ('OrderSubmitted', 'PROCESSING', 'SUCCESS', 'FAILED', 'EXPIRED', 'EXPIRED_ERROR', 'PARTIAL_AUTH', 'BuySendSuccess', 'BuySendFailed')`,
    ),
    check('orders_amounts', sql`${t.fiatAmount} > 0 and ${t.cryptoAmount} > 0`),
  ],
);

/**
 * Every incoming transfer seen at a sell's deposit address, once (by the chain provider's transfer
 * id), with what was decided for it (docs/rules/sell-deposits.md): MATCHED and UNDER are sold for
 * the order, OVER is sold up to the order's amount; what is not sold is owed back to the person and
 * waits for an operator (the operator page lists it until `resolvedAt`). Its crypto is in the books
 * from confirmation on, whatever the outcome.
 */
export const sellDeposits = pgTable(
  'sell_deposits',
  {
    transferId: varchar('transfer_id', { length: 64 }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    asset: varchar('asset', { length: 10 }).notNull(),
    network: varchar('network', { length: 16 }).notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    fromAddress: varchar('from_address', { length: 128 }),
    txHash: varchar('tx_hash', { length: 128 }).notNull(),
    /** What was decided when it was first seen (orders/sell-deposits.ts decideDeposit). */
    outcome: varchar('outcome', { length: 12 }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    /** Its confirmations when last read (the deposit page shows them while it confirms). */
    confirmations: integer('confirmations').notNull().default(0),
    /** When its confirmations were enough and it was booked; null while it still confirms. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** An operator returned or otherwise settled a deposit owed back. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /**
     * A return of crypto owed back (modules/orders/deposit-returns.ts): where an operator sends it, when they asked,
     * the custody service's transfer once sent, and its transaction. Null again when an attempt failed (the
     * operator asks again: `returnAttempts` makes each attempt's send key its own, `returnFailure` says why).
     */
    returnAddress: varchar('return_address', { length: 128 }),
    /** What the attempt sends and books: fixed when the operator asks, whatever the order reads later. */
    returnAmount: numeric('return_amount', { precision: 38, scale: 18 }),
    returnMemo: varchar('return_memo', { length: 64 }),
    returnRequestedAt: timestamp('return_requested_at', { withTimezone: true }),
    returnTransferId: varchar('return_transfer_id', { length: 64 }),
    returnTxHash: varchar('return_tx_hash', { length: 128 }),
    returnAttempts: integer('return_attempts').notNull().default(0),
    returnFailure: varchar('return_failure', { length: 200 }),
  },
  (t) => [
    index('sell_deposits_order').on(t.orderId),
    index('sell_deposits_open')
      .on(t.seenAt)
      .where(sql`${t.outcome} not in ('MATCHED', 'UNDER', 'DROPPED') and ${t.resolvedAt} is null`),
    check('sell_deposits_outcome', sql`${t.outcome} in ('MATCHED', 'OVER', 'UNDER', 'SHORT', 'EXTRA', 'LATE', 'SCREENED', 'DROPPED')`),
    check('sell_deposits_amount', sql`${t.amount} > 0`),
  ],
);

/** Append-only history of an order's status changes: what the state machine did, and when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: varchar('from_status', { length: 16 }),
    toStatus: varchar('to_status', { length: 16 }).notNull(),
    step: varchar('step', { length: 16 }).notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_events_order').on(t.orderId)],
);

/**
 * docs/trust.md idempotency: a key per scope (e.g. submit-buy and its order id). The same body
 * replays the first answer; another body is refused (422); a duplicate while the first still
 * runs gets 409. Rows live at least 24 h.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: varchar('scope', { length: 40 }).notNull(),
    key: varchar('key', { length: 128 }).notNull(),
    userId: varchar('user_id', { length: 32 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** null while the first request runs; its answer (the envelope's data) once it finished. */
    response: jsonb('response'),
    /** A running request that crashed releases its key after this moment. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/**
 * The sandbox card processor's own books (providers/card-processor/sandbox): what a real
 * processor keeps on its side. A token remembers the test card's behaviour, never its number.
 * Two kinds, as at Checkout.com: the card fields' single-use tok_… (expiresAt set; spent when a
 * card is saved from it) and the saved card's reusable src_… (expiresAt null).
 */
export const sandboxCardTokens = pgTable(
  'sandbox_card_tokens',
  {
    token: varchar('token', { length: 40 }).primaryKey(),
    behaviour: varchar('behaviour', { length: 24 }).notNull(),
    cardBin: varchar('card_bin', { length: 8 }).notNull(),
    cardLast4: varchar('card_last4', { length: 4 }).notNull(),
    fingerprint: varchar('fingerprint', { length: 128 }).notNull(),
    /** Null on rows written before the card fields existed (their cards keep their own expiry). */
    expiryMonth: smallint('expiry_month'),
    expiryYear: smallint('expiry_year'),
    /** A card-fields token is usable until then, once; null for a saved card's reusable token. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sandbox_card_tokens_expires')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);

export const sandboxCardPayments = pgTable(
  'sandbox_card_payments',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    idempotencyKey: varchar('idempotency_key', { length: 160 }).notNull(),
    reference: varchar('reference', { length: 64 }).notNull(),
    token: varchar('token', { length: 40 }).notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    authorizedAmount: numeric('authorized_amount', { precision: 38, scale: 18 }),
    currency: varchar('currency', { length: 10 }).notNull(),
    status: varchar('status', { length: 24 }).notNull(),
    declineReason: varchar('decline_reason', { length: 32 }),
    capturedAmount: numeric('captured_amount', { precision: 38, scale: 18 }).notNull().default('0'),
    refundedAmount: numeric('refunded_amount', { precision: 38, scale: 18 }).notNull().default('0'),
    successUrl: text('success_url'),
    failureUrl: text('failure_url'),
    /** The provider's own idempotency keys already applied (capture, refund, void). */
    appliedKeys: text('applied_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_card_payments_key').on(t.idempotencyKey), index('sandbox_card_payments_reference').on(t.reference)],
);

/** The sandbox chain (providers/chain/sandbox): a transfer has its hash at once and confirms on the clock. */
export const sandboxChainTransfers = pgTable(
  'sandbox_chain_transfers',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    idempotencyKey: varchar('idempotency_key', { length: 160 }).notNull(),
    asset: varchar('asset', { length: 10 }).notNull(),
    network: varchar('network', { length: 16 }).notNull(),
    address: varchar('address', { length: 128 }).notNull(),
    memo: varchar('memo', { length: 64 }),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    txHash: varchar('tx_hash', { length: 128 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    confirmAt: timestamp('confirm_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_chain_transfers_key').on(t.idempotencyKey)],
);

/**
 * A merchant's transaction (docs/rules/entities.md order info; entry parameter tranId): created by the merchant's
 * server (signed like its entry links) before it sends the customer, read by the checkout
 * (get-trans-info, query-order/tranid) and filled by one order. tranIds are unique across merchants.
 */
export const merchantTransactions = pgTable(
  'merchant_transactions',
  {
    tranId: varchar('tran_id', { length: 64 }).primaryKey(),
    merchantId: varchar('merchant_id', { length: 32 }).notNull(),
    tranType: varchar('tran_type', { length: 10 }).notNull(),
    fiatCurrency: varchar('fiat_currency', { length: 10 }).notNull(),
    fiatAmount: numeric('fiat_amount', { precision: 38, scale: 18 }),
    cryptoCurrency: varchar('crypto_currency', { length: 10 }).notNull(),
    network: varchar('network', { length: 16 }),
    cryptoAmount: numeric('crypto_amount', { precision: 38, scale: 18 }),
    walletAddress: varchar('wallet_address', { length: 128 }),
    memo: varchar('memo', { length: 64 }),
    merchantUserId: varchar('merchant_user_id', { length: 64 }),
    country: varchar('country', { length: 2 }),
    /**
     * What the merchant set only as a prefill (the person may change it): the amount, the wallet
     * address with its network and memo. False, the default, means fixed: a quote and an order
     * on this transaction must match it (issue 13 F4).
     */
    amountPrefill: boolean('amount_prefill').notNull().default(false),
    walletPrefill: boolean('wallet_prefill').notNull().default(false),
    /** Initial until an order takes it; Processing while it runs; Success or Failed with it (a failed one may be tried again). */
    status: varchar('status', { length: 12 }).notNull().default('Initial'),
    orderId: uuid('order_id'),
    userId: varchar('user_id', { length: 32 }),
    /**
     * The account that signed in with the transaction's orderToken and asked to be linked (merchant-bind,
     * kyb-merchant-bind), and why that failed, if it did (docs/rules/merchant-linking.md: kycLoginFail).
     */
    claimedBy: varchar('claimed_by', { length: 32 }),
    kycLoginFail: varchar('kyc_login_fail', { length: 48 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('merchant_transactions_merchant').on(t.merchantId),
    check('merchant_transactions_status', sql`${t.status} in ('Initial', 'Processing', 'Success', 'Failed')`),
  ],
);
