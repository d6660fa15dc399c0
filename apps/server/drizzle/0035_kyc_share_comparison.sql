ALTER TABLE "kyc_share_outcomes" ADD COLUMN "merchant_user_id" varchar(128);--> statement-breakpoint
CREATE INDEX "kyc_share_outcomes_applicant" ON "kyc_share_outcomes" USING btree ("applicant_id");