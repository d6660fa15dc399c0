ALTER TABLE "orders" ADD COLUMN "operator_review_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "operator_review_reason" varchar(200);--> statement-breakpoint
CREATE INDEX "orders_awaiting_operator" ON "orders" USING btree ("payout_started_at") WHERE "orders"."step" = 'PAYOUT_REVIEW';--> statement-breakpoint
CREATE INDEX "orders_operator_review" ON "orders" USING btree ("operator_review_since") WHERE "orders"."operator_review_since" is not null;