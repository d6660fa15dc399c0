ALTER TABLE "sell_deposits" ADD COLUMN "return_address" varchar(128);--> statement-breakpoint
ALTER TABLE "sell_deposits" ADD COLUMN "return_amount" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "sell_deposits" ADD COLUMN "return_memo" varchar(64);--> statement-breakpoint
ALTER TABLE "sell_deposits" ADD COLUMN "return_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sell_deposits" ADD COLUMN "return_transfer_id" varchar(64);--> statement-breakpoint
ALTER TABLE "sell_deposits" ADD COLUMN "return_tx_hash" varchar(128);--> statement-breakpoint
ALTER TABLE "sell_deposits" ADD COLUMN "return_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sell_deposits" ADD COLUMN "return_failure" varchar(200);