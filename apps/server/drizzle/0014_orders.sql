CREATE TABLE "cards" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"processor" varchar(16) NOT NULL,
	"processor_token" text NOT NULL,
	"fingerprint" varchar(128) NOT NULL,
	"card_bin" varchar(8) NOT NULL,
	"card_last4" varchar(4) NOT NULL,
	"card_processor" varchar(8) NOT NULL,
	"issuer_bank" text,
	"country" varchar(2),
	"expiry_month" smallint NOT NULL,
	"expiry_year" smallint NOT NULL,
	"billing_address" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "cards_network" CHECK ("cards"."card_processor" in ('VISA', 'MASTER')),
	CONSTRAINT "cards_last4" CHECK ("cards"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" varchar(40) NOT NULL,
	"key" varchar(128) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"response" jsonb,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"step" varchar(16) NOT NULL,
	"detail" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"quote_id" varchar(32) NOT NULL,
	"card_id" varchar(32),
	"transaction_type" varchar(10) NOT NULL,
	"channel_code" varchar(24) NOT NULL,
	"payment_method" varchar(40) NOT NULL,
	"status" varchar(16) NOT NULL,
	"step" varchar(16) NOT NULL,
	"fiat_currency" varchar(10) NOT NULL,
	"fiat_amount" numeric(38, 18) NOT NULL,
	"crypto_currency" varchar(10) NOT NULL,
	"network" varchar(16) NOT NULL,
	"crypto_amount" numeric(38, 18) NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"fees" jsonb NOT NULL,
	"wallet_address" varchar(128) NOT NULL,
	"memo" varchar(64),
	"limit_amount" numeric(38, 18) NOT NULL,
	"payment_id" varchar(64),
	"three_ds_status" varchar(16) DEFAULT 'NOT_REQUIRED' NOT NULL,
	"three_ds_url" text,
	"payout_id" varchar(64),
	"tx_hash" varchar(128),
	"fail_reason" varchar(24),
	"merchant_id" varchar(64),
	"device_session_id" varchar(128),
	"reconcile_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"deadline_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('OrderSubmitted', 'PROCESSING', 'SUCCESS', 'FAILED', 'EXPIRED', 'EXPIRED_ERROR', 'PARTIAL_AUTH', 'BuySendSuccess', 'BuySendFailed')),
	CONSTRAINT "orders_amounts" CHECK ("orders"."fiat_amount" > 0 and "orders"."crypto_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"channel_code" varchar(24) NOT NULL,
	"payment_method" varchar(40) NOT NULL,
	"fiat_currency" varchar(10) NOT NULL,
	"crypto_currency" varchar(10) NOT NULL,
	"network" varchar(16) NOT NULL,
	"amount_type" varchar(6) NOT NULL,
	"fiat_amount" numeric(38, 18) NOT NULL,
	"crypto_amount" numeric(38, 18) NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"reference_price" numeric(38, 18) NOT NULL,
	"fees" jsonb NOT NULL,
	"promotion_applied" boolean NOT NULL,
	"wallet_address" varchar(128),
	"memo" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "quotes_amount_type" CHECK ("quotes"."amount_type" in ('fiat', 'crypto'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_payments" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(160) NOT NULL,
	"reference" varchar(64) NOT NULL,
	"token" varchar(40) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"authorized_amount" numeric(38, 18),
	"currency" varchar(10) NOT NULL,
	"status" varchar(24) NOT NULL,
	"decline_reason" varchar(32),
	"captured_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"refunded_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"success_url" text,
	"failure_url" text,
	"applied_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_tokens" (
	"token" varchar(40) PRIMARY KEY NOT NULL,
	"behaviour" varchar(24) NOT NULL,
	"card_bin" varchar(8) NOT NULL,
	"card_last4" varchar(4) NOT NULL,
	"fingerprint" varchar(128) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_transfers" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(160) NOT NULL,
	"asset" varchar(10) NOT NULL,
	"network" varchar(16) NOT NULL,
	"address" varchar(128) NOT NULL,
	"memo" varchar(64),
	"amount" numeric(38, 18) NOT NULL,
	"tx_hash" varchar(128) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirm_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"crypto_currency" varchar(10) NOT NULL,
	"network" varchar(16) NOT NULL,
	"address" varchar(128) NOT NULL,
	"memo" varchar(64),
	"label" varchar(40),
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_user" ON "cards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_user_fingerprint_live" ON "cards" USING btree ("user_id","fingerprint") WHERE "cards"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_created" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_open" ON "orders" USING btree ("deadline_at") WHERE "orders"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "quotes_order" ON "quotes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_card_payments_key" ON "sandbox_card_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_card_payments_reference" ON "sandbox_card_payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_chain_transfers_key" ON "sandbox_chain_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "wallets_user" ON "wallets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_one_default" ON "wallets" USING btree ("user_id","crypto_currency","network") WHERE "wallets"."is_default" and "wallets"."deleted_at" is null;