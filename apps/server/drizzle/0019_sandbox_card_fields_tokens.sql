ALTER TABLE "sandbox_card_tokens" ADD COLUMN "expiry_month" smallint;--> statement-breakpoint
ALTER TABLE "sandbox_card_tokens" ADD COLUMN "expiry_year" smallint;--> statement-breakpoint
ALTER TABLE "sandbox_card_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sandbox_card_tokens_expires" ON "sandbox_card_tokens" USING btree ("expires_at") WHERE "sandbox_card_tokens"."expires_at" is not null;