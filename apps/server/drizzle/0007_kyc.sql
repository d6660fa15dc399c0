CREATE TABLE "kyb_profiles" (
	"user_id" varchar(32) PRIMARY KEY NOT NULL,
	"kyb_basic_status" varchar(16) DEFAULT 'Initial' NOT NULL,
	"kyb_standard_status" varchar(16),
	"edd_status" varchar(16),
	"verification_status" varchar(16) DEFAULT 'Initial' NOT NULL,
	"edd_fail_reason" text,
	"verification_fail_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_profiles" (
	"user_id" varchar(32) PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"applicant_id" varchar(64),
	"level_name" varchar(64) NOT NULL,
	"kyc_status" varchar(16) DEFAULT 'Initial' NOT NULL,
	"kyc_flow_version" char(2) DEFAULT 'V1' NOT NULL,
	"kyc_level" integer DEFAULT 0 NOT NULL,
	"first_name" text,
	"last_name" text,
	"dob" date,
	"nationality" char(2),
	"resident_country" char(2),
	"address_line" text,
	"city" text,
	"postal_code" varchar(16),
	"uk_flag" boolean DEFAULT false NOT NULL,
	"reject_labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remediation_status" varchar(12),
	"require_dynamic_questionnaire" boolean DEFAULT false NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_profiles_status" CHECK ("kyc_profiles"."kyc_status" in ('Initial', 'Pending', 'Resubmitting', 'Pass', 'Fail')),
	CONSTRAINT "kyc_profiles_flow_version" CHECK ("kyc_profiles"."kyc_flow_version" in ('V1', 'V2'))
);
--> statement-breakpoint
CREATE TABLE "kyc_webhook_events" (
	"event_key" varchar(128) PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"type" varchar(48) NOT NULL,
	"applicant_id" varchar(64) NOT NULL,
	"raw_body" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_kyc_applicants" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"external_user_id" varchar(64) NOT NULL,
	"email" text NOT NULL,
	"level_name" varchar(64) NOT NULL,
	"review_status" varchar(16) DEFAULT 'init' NOT NULL,
	"review_answer" varchar(8),
	"review_reject_type" varchar(8),
	"reject_labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_sha256" char(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyb_profiles" ADD CONSTRAINT "kyb_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_profiles" ADD CONSTRAINT "kyc_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_profiles_applicant" ON "kyc_profiles" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "kyc_webhook_events_applicant" ON "kyc_webhook_events" USING btree ("applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_kyc_applicants_external" ON "sandbox_kyc_applicants" USING btree ("external_user_id");