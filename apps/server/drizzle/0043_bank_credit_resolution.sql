ALTER TABLE "bank_credits" ADD COLUMN "resolution" varchar(12);--> statement-breakpoint
ALTER TABLE "bank_credits" ADD COLUMN "resolved_by" varchar(32);--> statement-breakpoint
ALTER TABLE "bank_credits" ADD COLUMN "resolution_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_resolution" CHECK ("bank_credits"."resolution" is null or "bank_credits"."resolution" in ('ASSIGNED', 'TO_RETURN'));