CREATE TABLE "kyb_applications" (
	"user_id" varchar(32) PRIMARY KEY NOT NULL,
	"general_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"business_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"financials" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"all_owners_declared" boolean DEFAULT false NOT NULL,
	"information_accurate" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"provider" varchar(16),
	"applicant_id" varchar(64),
	"level_name" varchar(64),
	"company_review" varchar(12) DEFAULT 'none' NOT NULL,
	"review_comment" text,
	"edd_review" varchar(12),
	"edd_comment" text,
	"rejected_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"edd_answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"edd_submitted_at" timestamp with time zone,
	"logo_path" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyb_applications_company_review" CHECK ("kyb_applications"."company_review" in ('none', 'pending', 'onHold', 'passed', 'retry', 'refused')),
	CONSTRAINT "kyb_applications_edd_review" CHECK ("kyb_applications"."edd_review" in ('required', 'pending', 'passed', 'resubmit'))
);
--> statement-breakpoint
CREATE TABLE "kyb_companies" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"business_user_id" varchar(32) NOT NULL,
	"company_name" text NOT NULL,
	"registration_number" varchar(40) NOT NULL,
	"jurisdiction" char(2) NOT NULL,
	"ownership_percent" numeric(5, 2) NOT NULL,
	"ownership_type" varchar(12) NOT NULL,
	"owned_through_company_id" varchar(40),
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyb_individuals" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"business_user_id" varchar(32) NOT NULL,
	"person_id" varchar(40) NOT NULL,
	"person_type" varchar(32) NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"dob" date NOT NULL,
	"nationality" char(2) NOT NULL,
	"country_of_birth" char(2) NOT NULL,
	"position" text,
	"pesel" varchar(11),
	"email" text NOT NULL,
	"ownership_percent" numeric(5, 2),
	"ownership_type" varchar(12),
	"owned_through_company_id" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyb_individuals_person_type" CHECK ("kyb_individuals"."person_type" in ('Management_Individual', 'Ownership_Individual', 'AuthorizedTrader_Individual'))
);
--> statement-breakpoint
CREATE TABLE "kyb_people" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"business_user_id" varchar(32) NOT NULL,
	"identity_key" char(64) NOT NULL,
	"kyc_applicant_id" varchar(64),
	"kyc_status" varchar(16) DEFAULT 'Initial' NOT NULL,
	"reject_labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"email_sent_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyb_people_status" CHECK ("kyb_people"."kyc_status" in ('Initial', 'Pending', 'Resubmitting', 'Pass', 'Fail'))
);
--> statement-breakpoint
CREATE TABLE "kyb_webhook_events" (
	"event_key" varchar(128) PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"type" varchar(48) NOT NULL,
	"applicant_id" varchar(64) NOT NULL,
	"raw_body" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_kyb_applicants" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"external_id" varchar(64) NOT NULL,
	"level_name" varchar(64) NOT NULL,
	"company_name" text NOT NULL,
	"submission" jsonb NOT NULL,
	"review_status" varchar(16) DEFAULT 'init' NOT NULL,
	"review_answer" varchar(8),
	"review_reject_type" varchar(8),
	"reject_labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rejected_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"moderation_comment" text,
	"edd_status" varchar(12),
	"edd_comment" text,
	"submissions" integer DEFAULT 1 NOT NULL,
	"edd_submissions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyb_applications" ADD CONSTRAINT "kyb_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_companies" ADD CONSTRAINT "kyb_companies_business_user_id_users_id_fk" FOREIGN KEY ("business_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_individuals" ADD CONSTRAINT "kyb_individuals_business_user_id_users_id_fk" FOREIGN KEY ("business_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_individuals" ADD CONSTRAINT "kyb_individuals_person_id_kyb_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."kyb_people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_people" ADD CONSTRAINT "kyb_people_business_user_id_users_id_fk" FOREIGN KEY ("business_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyb_applications_applicant" ON "kyb_applications" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "kyb_companies_business" ON "kyb_companies" USING btree ("business_user_id");--> statement-breakpoint
CREATE INDEX "kyb_individuals_business" ON "kyb_individuals" USING btree ("business_user_id");--> statement-breakpoint
CREATE INDEX "kyb_individuals_person" ON "kyb_individuals" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyb_people_identity" ON "kyb_people" USING btree ("business_user_id","identity_key");--> statement-breakpoint
CREATE UNIQUE INDEX "kyb_people_applicant" ON "kyb_people" USING btree ("kyc_applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_kyb_applicants_external" ON "sandbox_kyb_applicants" USING btree ("external_id");