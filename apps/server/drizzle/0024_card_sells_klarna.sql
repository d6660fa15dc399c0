CREATE TABLE "sell_deposits" (
	"transfer_id" varchar(64) PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"asset" varchar(10) NOT NULL,
	"network" varchar(16) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"from_address" varchar(128),
	"tx_hash" varchar(128) NOT NULL,
	"outcome" varchar(12) NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "sell_deposits_outcome" CHECK ("sell_deposits"."outcome" in ('MATCHED', 'OVER', 'UNDER', 'SHORT', 'EXTRA', 'LATE', 'SCREENED', 'DROPPED')),
	CONSTRAINT "sell_deposits_amount" CHECK ("sell_deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_deposit_addresses" (
	"network" varchar(16) NOT NULL,
	"reference" varchar(128) NOT NULL,
	"address" varchar(128) NOT NULL,
	"memo" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_chain_deposit_addresses_network_reference_pk" PRIMARY KEY("network","reference")
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_incoming" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_chain_incoming_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"asset" varchar(10) NOT NULL,
	"network" varchar(16) NOT NULL,
	"address" varchar(128) NOT NULL,
	"memo" varchar(64),
	"amount" numeric(38, 18) NOT NULL,
	"from_address" varchar(128),
	"tx_hash" varchar(128) NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"confirm_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_payouts" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(160) NOT NULL,
	"reference" varchar(64) NOT NULL,
	"token" varchar(40) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"currency" varchar(10) NOT NULL,
	"behaviour" varchar(24) NOT NULL,
	"status" varchar(16) NOT NULL,
	"decline_reason" varchar(32),
	"settles_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_klarna_orders" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(160) NOT NULL,
	"authorization_token" varchar(36) NOT NULL,
	"session_id" varchar(36) NOT NULL,
	"reference" varchar(255) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"fraud_decision" varchar(24) NOT NULL,
	"status" varchar(16) NOT NULL,
	"captured_minor" bigint DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"applied_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_klarna_sessions" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"reference" varchar(255) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"country" varchar(2) NOT NULL,
	"locale" varchar(16) NOT NULL,
	"description" varchar(255) NOT NULL,
	"return_url" text NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"authorization_token" varchar(36),
	"fraud_decision" varchar(24),
	"authorized_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "klarna_session_id" varchar(64);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "received_amount" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "travel_rule" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "transaction_type" varchar(10) DEFAULT 'buy' NOT NULL;--> statement-breakpoint
ALTER TABLE "sell_deposits" ADD CONSTRAINT "sell_deposits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sell_deposits_order" ON "sell_deposits" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sell_deposits_open" ON "sell_deposits" USING btree ("seen_at") WHERE "sell_deposits"."outcome" not in ('MATCHED', 'UNDER', 'DROPPED') and "sell_deposits"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_chain_deposit_addresses_address" ON "sandbox_chain_deposit_addresses" USING btree ("network","address","memo");--> statement-breakpoint
CREATE INDEX "sandbox_chain_incoming_address" ON "sandbox_chain_incoming" USING btree ("network","address");--> statement-breakpoint
CREATE INDEX "sandbox_chain_incoming_seen" ON "sandbox_chain_incoming" USING btree ("seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_card_payouts_key" ON "sandbox_card_payouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_card_payouts_reference" ON "sandbox_card_payouts" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_klarna_orders_key" ON "sandbox_klarna_orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_klarna_orders_token" ON "sandbox_klarna_orders" USING btree ("authorization_token");--> statement-breakpoint
CREATE INDEX "sandbox_klarna_orders_reference" ON "sandbox_klarna_orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_klarna_sessions_token" ON "sandbox_klarna_sessions" USING btree ("authorization_token");