CREATE TABLE "kyc_share_outcomes" (
	"share_token_sha256" char(64) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"merchant_id" varchar(32),
	"outcome" varchar(16) NOT NULL,
	"party" varchar(16),
	"reason" varchar(64),
	"vendor_error_code" integer,
	"applicant_id" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_share_outcomes_share_token_sha256_user_id_pk" PRIMARY KEY("share_token_sha256","user_id")
);
--> statement-breakpoint
ALTER TABLE "kyc_share_outcomes" ADD CONSTRAINT "kyc_share_outcomes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_share_outcomes_user" ON "kyc_share_outcomes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_share_outcomes_merchant" ON "kyc_share_outcomes" USING btree ("merchant_id","created_at");