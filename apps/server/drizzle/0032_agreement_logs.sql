CREATE TABLE "agreement_logs" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"email_normalized" text NOT NULL,
	"agree" boolean NOT NULL,
	"view_time_ms" integer NOT NULL,
	"protocol_map" jsonb NOT NULL,
	"ip_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_email_subscriptions" (
	"user_id" varchar(32) NOT NULL,
	"list" varchar(32) NOT NULL,
	"subscribed" boolean NOT NULL,
	"language" varchar(5) NOT NULL,
	"link_generation" integer DEFAULT 0 NOT NULL,
	"changed_via" varchar(16) NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"subscribed_at" timestamp with time zone,
	CONSTRAINT "promotion_email_subscriptions_user_id_list_pk" PRIMARY KEY("user_id","list"),
	CONSTRAINT "promotion_email_subscriptions_changed_via" CHECK ("promotion_email_subscriptions"."changed_via" in ('settings', 'link', 'one-click')),
	CONSTRAINT "promotion_email_subscriptions_language" CHECK ("promotion_email_subscriptions"."language" in ('en', 'zh'))
);
--> statement-breakpoint
ALTER TABLE "sandbox_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_email_subscriptions" ADD CONSTRAINT "promotion_email_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_logs_created" ON "agreement_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "agreement_logs_email" ON "agreement_logs" USING btree ("email_normalized","created_at");