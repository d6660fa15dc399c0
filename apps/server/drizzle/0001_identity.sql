CREATE TABLE "email_codes" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"email_normalized" text NOT NULL,
	"purpose" varchar(24) NOT NULL,
	"code_hash" char(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_reason" varchar(16)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"token_hash" char(64) NOT NULL,
	"mode" varchar(20) NOT NULL,
	"stay_logged_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" varchar(24)
);
--> statement-breakpoint
CREATE TABLE "user_authenticators" (
	"user_id" varchar(32) PRIMARY KEY NOT NULL,
	"secret_encrypted" text NOT NULL,
	"status" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bound_at" timestamp with time zone,
	"last_used_step" bigint,
	CONSTRAINT "user_authenticators_status" CHECK ("user_authenticators"."status" in ('pending', 'bound'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_normalized" text NOT NULL,
	"user_type" varchar(12) NOT NULL,
	"account_status" varchar(12) DEFAULT 'Initial' NOT NULL,
	"account_status_reason_code" varchar(16),
	"entity_tag" char(2) DEFAULT 'LI' NOT NULL,
	"target_entity_tag" char(2),
	"password_hash" text,
	"password_changed_at" timestamp with time zone,
	"sensitive_actions_suspended_until" timestamp with time zone,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"login_locked_until" timestamp with time zone,
	"terms_version" varchar(16),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_type" CHECK ("users"."user_type" in ('Individual', 'Corporate')),
	CONSTRAINT "users_account_status" CHECK ("users"."account_status" in ('Initial', 'Active', 'Blocked', 'Terminated')),
	CONSTRAINT "users_entity_tag" CHECK ("users"."entity_tag" in ('PL', 'LI'))
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_outbox" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_authenticators" ADD CONSTRAINT "user_authenticators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_codes_lookup" ON "email_codes" USING btree ("email_normalized","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_normalized" ON "users" USING btree ("email_normalized");