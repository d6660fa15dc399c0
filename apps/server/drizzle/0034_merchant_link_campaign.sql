ALTER TABLE "merchant_user_links" ADD COLUMN "campaign_tag" varchar(64);--> statement-breakpoint
ALTER TABLE "merchant_user_links" ADD COLUMN "signed_up_here" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "merchant_user_links_merchant_created" ON "merchant_user_links" USING btree ("merchant_id","created_at");