CREATE TABLE "merchant_transactions" (
	"tran_id" varchar(64) PRIMARY KEY NOT NULL,
	"merchant_id" varchar(32) NOT NULL,
	"tran_type" varchar(10) NOT NULL,
	"fiat_currency" varchar(10) NOT NULL,
	"fiat_amount" numeric(38, 18),
	"crypto_currency" varchar(10) NOT NULL,
	"network" varchar(16),
	"crypto_amount" numeric(38, 18),
	"wallet_address" varchar(128),
	"memo" varchar(64),
	"merchant_user_id" varchar(64),
	"country" varchar(2),
	"status" varchar(12) DEFAULT 'Initial' NOT NULL,
	"order_id" uuid,
	"user_id" varchar(32),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "merchant_transactions_status" CHECK ("merchant_transactions"."status" in ('Initial', 'Processing', 'Success', 'Failed'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "merchant_tran_id" varchar(64);--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "tran_id" varchar(64);--> statement-breakpoint
CREATE INDEX "merchant_transactions_merchant" ON "merchant_transactions" USING btree ("merchant_id");