CREATE TABLE "edd_cases" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"status" varchar(10) NOT NULL,
	"trigger" varchar(10) NOT NULL,
	"requested_by" text NOT NULL,
	"request_reason" text NOT NULL,
	"asked_parts" jsonb NOT NULL,
	"sow" jsonb,
	"sof" jsonb,
	"rfi_message" text,
	"deadline_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"decision_note" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "edd_cases_status" CHECK ("edd_cases"."status" in ('Initial', 'RFI', 'Pending', 'Pass', 'Fail', 'Expired', 'Withdrawn')),
	CONSTRAINT "edd_cases_trigger" CHECK ("edd_cases"."trigger" in ('rating', 'operator', 'sandbox'))
);
--> statement-breakpoint
CREATE TABLE "risk_countries" (
	"country" char(2) PRIMARY KEY NOT NULL,
	"level" varchar(8) NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" text,
	CONSTRAINT "risk_countries_level" CHECK ("risk_countries"."level" in ('medium', 'high', 'extreme'))
);
--> statement-breakpoint
CREATE TABLE "risk_ratings" (
	"user_id" varchar(32) PRIMARY KEY NOT NULL,
	"rating" varchar(8) NOT NULL,
	"computed_rating" varchar(8) NOT NULL,
	"factors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"volume_12m" numeric(38, 18) DEFAULT '0' NOT NULL,
	"override_rating" varchar(8),
	"override_reason" text,
	"override_by" text,
	"override_at" timestamp with time zone,
	"computed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "risk_ratings_rating" CHECK ("risk_ratings"."rating" in ('low', 'medium', 'high', 'extreme')),
	CONSTRAINT "risk_ratings_computed" CHECK ("risk_ratings"."computed_rating" in ('low', 'medium', 'high', 'extreme')),
	CONSTRAINT "risk_ratings_override" CHECK ("risk_ratings"."override_rating" is null or "risk_ratings"."override_rating" in ('low', 'medium', 'high', 'extreme')),
	CONSTRAINT "risk_ratings_override_reason" CHECK ("risk_ratings"."override_rating" is null or "risk_ratings"."override_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "edd_cases" ADD CONSTRAINT "edd_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_ratings" ADD CONSTRAINT "risk_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "edd_cases_one_open" ON "edd_cases" USING btree ("user_id") WHERE "edd_cases"."status" in ('Initial', 'RFI', 'Pending');--> statement-breakpoint
CREATE INDEX "edd_cases_user" ON "edd_cases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "edd_cases_status_idx" ON "edd_cases" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "risk_ratings_rating_idx" ON "risk_ratings" USING btree ("rating");